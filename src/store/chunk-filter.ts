/**
 * A pipeline's filter (schemas/filter-spec.ts) compiled once per index by the store
 * (store/compile-filter.ts): SQL for engines that filter in the query, and the matching chunk
 * and document ids for those that filter in memory. Every leg honours it.
 */
export interface ChunkFilter {
  /** The filter's canonical JSON: equal filters compile once. */
  key: string;
  /** A condition over `chunks c` joined with `documents d`, with its `?` parameters in order. */
  sql: { where: string; params: readonly (string | number)[] };
  /** The chunks that pass. */
  chunkIds: ReadonlySet<string>;
  /** The documents with at least one chunk that passes. */
  docIds: ReadonlySet<string>;
}
