import type { Hit, Level, Retrieval } from '../ranking/hit.js';

export type { Hit, Level, Retrieval, Sources } from '../ranking/hit.js';

/**
 * A pipeline's filter (spec/filter-spec.ts) compiled once per index by the store
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

export interface SearchOptions {
  /** How many hits to return (after collapsing to documents when level is 'doc'). */
  k: number;
  level: Level;
  filter?: ChunkFilter;
  /** The query's language, when known (given, or detected): picks the analyser's stemmer. */
  queryLang?: string;
  /** The query's id in its query set: how a run-file leg finds its ranking. */
  queryId?: string;
}

/** The one interface every leg implements; one contract suite checks them all. */
export interface Retriever {
  readonly name: string;
  search(query: string, options: SearchOptions): Promise<Retrieval>;
}
