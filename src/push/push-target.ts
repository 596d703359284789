import type { FilterField } from '../store/filter-fields.js';
import type { PushChunk } from './push-chunk.js';

export const PUSH_ENGINES = ['opensearch', 'elasticsearch', 'qdrant', 'postgres'] as const;
export type PushEngine = (typeof PUSH_ENGINES)[number];

/** Where `testbed push` writes: an index of a cluster, a Qdrant collection, or a PostgreSQL table. */
export interface PushTarget {
  readonly engine: PushEngine;
  /** For messages: `OpenSearch index "docs" at http://localhost:9200`. */
  readonly label: string;
  /** Qdrant keeps points by their vector: an index without vectors cannot go there. */
  readonly needsVectors: boolean;
  exists(): Promise<boolean>;
  remove(): Promise<void>;
  /**
   * Creates the index or collection; `dims` null for an index without vectors. `filterFields`
   * reads the keys a pipeline filter can name in the index (one pass over its metadata), for a
   * target that indexes them (Qdrant's payload indexes).
   */
  create(dims: number | null, filterFields: () => FilterField[]): Promise<void>;
  /**
   * Sends one batch, retrying what the engine refused for a while (429/503); fails, naming the
   * refused chunks, unless the engine took every one: a RefusedChunksError says how many it took.
   */
  send(batch: PushChunk[]): Promise<void>;
  /** Makes what was sent searchable (a refresh) and returns how many chunks the engine holds. */
  finish(): Promise<number>;
  /** Pipeline legs that search the pushed index, for the user to paste into an experiment. */
  legs(dims: number | null): LegSnippet[];
}

/** One leg as printed: its fields in order, each a scalar or (headers) a map of strings. */
export type LegSnippet = [key: string, value: string | number | boolean | Readonly<Record<string, string>>][];
