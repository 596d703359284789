import type { FilterSpec } from '../schemas/filter-spec.js';

/**
 * A pipeline's filter (schemas/filter-spec.ts) compiled once per index by the store
 * (store/compile-filter.ts): SQL for engines that filter in the query, and the matching chunk
 * and document ids for those that filter in memory. Every leg honours it.
 */
export interface ChunkFilter {
  /**
   * The filter as the pipeline gave it, in canonical form (object keys sorted at every depth), for
   * the legs that hand it on (to a search engine, to an API's request template).
   */
  spec: FilterSpec;
  /** The canonical spec's JSON: equal filters compile once (a cache key only). */
  key: string;
  /** A condition over `chunks c` joined with `documents d`, with its `?` parameters in order. */
  sql: { where: string; params: readonly (string | number)[] };
  /** The rowids, in this index, of the chunks that pass (for the postings engine, which has no ids until the end). */
  rowids: ReadonlySet<number>;
  /** The chunks that pass. */
  chunkIds: ReadonlySet<string>;
  /** The documents with at least one chunk that passes. */
  docIds: ReadonlySet<string>;
}
