import type { Level, Retrieval } from '../ranking/hit.js';
import type { ChunkFilter } from '../store/chunk-filter.js';

export type { Hit, Level, Retrieval, Sources } from '../ranking/hit.js';
export type { ChunkFilter } from '../store/chunk-filter.js';

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
