import type { Doc } from '../corpus/types.js';
import type { Chunk } from './types.js';

/**
 * Turns one document into passages. Pure and deterministic: the same document and spec always
 * give the same chunks, so an index can record `spec` and be rebuilt or compared later.
 */
export interface Chunker {
  /** The normalised spec this chunker was built from, e.g. `words:200:0`. */
  readonly spec: string;
  /**
   * The most characters (UTF-16 code units) one chunk can span, whatever the text: its size
   * bound turned into characters through the longest word or sentence counted (MAX_WORD_CHARS,
   * MAX_SENTENCE_CHARS), so one giant token cannot make a chunk larger. Infinity for `doc`.
   */
  readonly maxChars: number;
  chunk(doc: Doc): Chunk[];
}
