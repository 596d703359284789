import type { FilterSpec } from '../../schemas/filter-spec.js';
import { searchEngineFilter, searchEngineFilterClauses } from './engine-filters.js';
import { opensearchMethodParameters } from './engine-knobs.js';
import { ENGINE_LEG_DEFAULTS } from './engine-leg-specs.js';

/**
 * The pieces of OpenSearch and Elasticsearch requests that a plain leg sends alone and the
 * engine's own hybrid sends as its sub-queries (hybrid-requests.ts): one builder each, so
 * `opensearch-hybrid` fuses exactly the queries of the `opensearch` bm25 and knn legs.
 */

/** What one query fills a request with. */
export interface EngineQuery {
  query: string;
  k: number;
  /** The query embedded by the index's embedder, when the request sends it (embedsQuery). */
  vector?: number[];
  filter?: FilterSpec;
}

type SearchEngineFields = { fields?: string[] | undefined; vector_field?: string | undefined };

/** `_source.excludes` of the vector field, so hits do not carry the vectors back. */
export function sourceExcludes(leg: SearchEngineFields): { _source: { excludes: string[] } } {
  return { _source: { excludes: [leg.vector_field ?? ENGINE_LEG_DEFAULTS.vectorField] } };
}

/** The bm25 query of OpenSearch and Elasticsearch: a multi_match over the leg's fields, in bool.must beside the filter when there is one. */
export function lexicalQuery(leg: SearchEngineFields, q: EngineQuery): object {
  const match = { multi_match: { query: q.query, fields: leg.fields ?? [...ENGINE_LEG_DEFAULTS.fields] } };
  return q.filter ? { bool: { must: [match], filter: searchEngineFilterClauses(q.filter) } } : match;
}

/** OpenSearch's k-NN query for `k` neighbours, the filter inside it and ef_search in method_parameters. */
export function opensearchKnnQuery(
  leg: SearchEngineFields & { ef_search?: number | undefined },
  q: EngineQuery,
  k: number,
): object {
  const filter = q.filter && searchEngineFilter(q.filter);
  const methodParameters = opensearchMethodParameters(leg);
  const field = leg.vector_field ?? ENGINE_LEG_DEFAULTS.vectorField;
  return {
    knn: {
      [field]: {
        vector: q.vector,
        k,
        ...(filter && { filter }),
        ...(methodParameters && { method_parameters: methodParameters }),
      },
    },
  };
}

/**
 * Elasticsearch's knn (the search option, and the knn retriever) for `k` neighbours:
 * num_candidates as set or 1.5 × k (at most 10,000), and never below k, which Elasticsearch refuses.
 */
export function elasticsearchKnn(
  leg: SearchEngineFields & { num_candidates?: number | undefined },
  q: EngineQuery,
  k: number,
): object {
  const filter = q.filter && searchEngineFilter(q.filter);
  const numCandidates =
    leg.num_candidates ??
    Math.min(ENGINE_LEG_DEFAULTS.maxNumCandidates, Math.ceil(k * ENGINE_LEG_DEFAULTS.numCandidatesPerK));
  return {
    field: leg.vector_field ?? ENGINE_LEG_DEFAULTS.vectorField,
    query_vector: q.vector,
    k,
    num_candidates: Math.max(numCandidates, k),
    ...(filter && { filter }),
  };
}
