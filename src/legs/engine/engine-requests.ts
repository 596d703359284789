import { joinUrl, parseBaseUrl } from '../../remote/base-url.js';
import { fillJsonTemplate, placeholdersOf } from '../../remote/template.js';
import type { FilterSpec } from '../../schemas/filter-spec.js';
import { qdrantFilter, searchEngineFilter, searchEngineFilterClauses } from './engine-filters.js';
import { ENGINE_LEG_DEFAULTS, type EngineLeg } from './engine-leg-specs.js';

export type { EngineLeg };

/**
 * Whether a search-engine leg sends the query as our vector: a knn or qdrant leg with our body, or any
 * engine leg whose own body names {{vector}}. Such a leg embeds each query with the index's
 * embedder (so it needs an index built with one, and it varies with the grid's embedders), and
 * its ANN results can be held against our exact scan of the same vectors. A Qdrant body that
 * embeds on the server (its own inference) sends none.
 */
export function embedsQuery(leg: EngineLeg): boolean {
  if (leg.body !== undefined) return placeholdersOf(leg.body).includes('vector');
  return leg.type === 'qdrant' || leg.query === 'knn';
}

/** What one query fills a request with. */
export interface EngineQuery {
  query: string;
  k: number;
  /** The query embedded by the index's embedder, when the request sends it (embedsQuery). */
  vector?: number[];
  filter?: FilterSpec;
}

export interface EngineRequest {
  url: string;
  body: unknown;
}

/**
 * The POST an engine leg sends for one query: the leg's own body template filled in, or ours.
 * Ours, per the engines' documented APIs:
 * - bm25 (both): `{size, query: {multi_match: {query, fields}}}`, inside `bool.must` with the
 *   filter's clauses in `bool.filter` when there is one;
 * - OpenSearch knn: `{size, query: {knn: {FIELD: {vector, k, filter?}}}}` (the k-NN plugin's
 *   query; a filter inside it is OpenSearch's efficient filtering);
 * - Elasticsearch knn: `{size, knn: {field, query_vector, k, num_candidates, filter?}}` (the
 *   knn search option of 8.x);
 * - Qdrant: `{query: VECTOR, limit, with_payload: true, using?, filter?}`.
 * The search engines are asked to leave the vector field out of `_source`: a pushed index keeps
 * each chunk's vector there, and k hits of it would be most of the answer.
 */
export function engineRequest(leg: EngineLeg, q: EngineQuery): EngineRequest {
  const url = endpointUrl(leg);
  if (leg.body !== undefined) {
    const filter = leg.type === 'qdrant' ? qdrantFilter(q.filter) : searchEngineFilter(q.filter);
    const values = { query: q.query, k: q.k, filter, ...(q.vector && { vector: q.vector }) };
    return { url, body: fillJsonTemplate(leg.body, values, `leg "${leg.name}" body`) };
  }
  if (leg.type === 'qdrant') {
    return {
      url,
      body: {
        query: q.vector,
        limit: q.k,
        with_payload: true,
        ...(leg.using && { using: leg.using }),
        ...(q.filter && { filter: qdrantFilter(q.filter) }),
      },
    };
  }
  const vectorField = leg.vector_field ?? ENGINE_LEG_DEFAULTS.vectorField;
  const source = { _source: { excludes: [vectorField] } };
  const filter = q.filter && searchEngineFilter(q.filter);
  if (leg.query === 'bm25') {
    const match = { multi_match: { query: q.query, fields: leg.fields ?? [...ENGINE_LEG_DEFAULTS.fields] } };
    return {
      url,
      body: {
        size: q.k,
        query: q.filter ? { bool: { must: [match], filter: searchEngineFilterClauses(q.filter) } } : match,
        ...source,
      },
    };
  }
  if (leg.type === 'opensearch') {
    return {
      url,
      body: {
        size: q.k,
        query: { knn: { [vectorField]: { vector: q.vector, k: q.k, ...(filter && { filter }) } } },
        ...source,
      },
    };
  }
  const numCandidates =
    leg.num_candidates ??
    Math.min(ENGINE_LEG_DEFAULTS.maxNumCandidates, Math.ceil(q.k * ENGINE_LEG_DEFAULTS.numCandidatesPerK));
  return {
    url,
    body: {
      size: q.k,
      knn: {
        field: vectorField,
        query_vector: q.vector,
        k: q.k,
        num_candidates: Math.max(numCandidates, q.k),
        ...(filter && { filter }),
      },
      ...source,
    },
  };
}

/**
 * `BASE/INDEX/_search` or `BASE/collections/NAME/points/query` by joinUrl: a base URL's own path
 * is kept before it and its query string (a `search_pipeline`) after it.
 */
export function endpointUrl(leg: EngineLeg): string {
  const base = parseBaseUrl(leg.url, `leg "${leg.name}" url`);
  if (leg.type === 'qdrant') return joinUrl(base, `/collections/${encodeURIComponent(leg.collection)}/points/query`);
  // Commas (several indexes) and wildcards stay as written: both engines read them in the path.
  return joinUrl(base, `/${encodeURIComponent(leg.index).replace(/%2C/g, ',')}/_search`);
}
