import type { SearchResponse } from '../search/types.js';
import type { Exploration, UbiInterleaving, UbiQueryRecord } from './types.js';

/** Who asked and when: what the route knows about a search beyond the searcher's answer. */
export interface SearchContext {
  queryId: string;
  /** The caller's X-Client-Id, when it sent one. */
  clientId?: string;
  at: Date;
  /** The swap `serve --explore swap` made in this search's answer (the response is already swapped). */
  exploration?: Exploration;
}

/**
 * The UBI query record of one answered search, read from the JSON text the searcher returned
 * (the response the caller gets): the query as asked, the index, the pipeline that ran with
 * every default filled in, and the ids of the hits in rank order (chunk ids at chunk level, doc
 * ids at doc level, as the hits name them), so click models know what was shown where.
 */
export function queryRecord(responseJson: string, context: SearchContext): UbiQueryRecord {
  const response = JSON.parse(responseJson) as SearchResponse;
  return {
    query_id: context.queryId,
    ...(context.clientId !== undefined && { client_id: context.clientId }),
    user_query: response.q,
    index: response.index,
    query_attributes: { mode: response.mode, k: response.k, level: response.level, pipeline: response.pipeline },
    query_response_hit_ids: response.hits.map((hit) => hit.id),
    timestamp: context.at.toISOString(),
    ...(context.exploration && { exploration: context.exploration }),
  };
}

/** An interleaved search as the route answered it: the merged list and what each arm searched with. */
export interface InterleavedSearch {
  index: string;
  q: string;
  k: number;
  level: string;
  /** Each arm's pipeline, every default filled in, by arm name. */
  pipelines: Record<string, unknown>;
  hitIds: string[];
  interleaving: UbiInterleaving;
}

/**
 * The UBI query record of an interleaved search: the merged list as shown, and in
 * `interleaving` the arm credited with each of its hits (and, for balanced interleaving, each
 * arm's own list), so clicks can be credited from the log alone. Its `mode` is `interleaved`,
 * and its pipeline names the interleaving and each arm's pipeline.
 */
export function interleavedQueryRecord(search: InterleavedSearch, context: SearchContext): UbiQueryRecord {
  return {
    query_id: context.queryId,
    ...(context.clientId !== undefined && { client_id: context.clientId }),
    user_query: search.q,
    index: search.index,
    query_attributes: {
      mode: 'interleaved',
      k: search.k,
      level: search.level,
      pipeline: { interleaving: search.interleaving.name, arms: search.pipelines },
    },
    query_response_hit_ids: search.hitIds,
    interleaving: search.interleaving,
    timestamp: context.at.toISOString(),
  };
}
