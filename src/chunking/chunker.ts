import type { Doc } from '../corpus/types.js';
import type { Chunk } from './types.js';

/**
 * Turns one document into passages. Pure and deterministic: the same document and spec always
 * give the same chunks, so an index can record `spec` and be rebuilt or compared later.
 */
export interface Chunker {
  /** The normalised spec this chunker was built from, e.g. `words:200:0`. */
  readonly spec: string;
  chunk(doc: Doc): Chunk[];
}
