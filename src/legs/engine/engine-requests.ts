import { fillJsonTemplate } from '../../remote/template.js';
import { ENGINE_LEG_DEFAULTS } from '../../schemas/defaults.js';
import type { FilterSpec } from '../../schemas/filter-spec.js';
import type { Leg } from '../leg-spec.js';
import { qdrantFilter, searchEngineFilter, searchEngineFilterClauses } from './engine-filters.js';

export type EngineLeg = Extract<Leg, { type: 'opensearch' | 'elasticsearch' | 'qdrant' }>;

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

/** `BASE/INDEX/_search` or `BASE/collections/NAME/points/query`; a base URL's own path is kept. */
export function endpointUrl(leg: EngineLeg): string {
  const base = leg.url.replace(/\/+$/, '');
  if (leg.type === 'qdrant') return `${base}/collections/${encodeURIComponent(leg.collection)}/points/query`;
  // Commas (several indexes) and wildcards stay as written: both engines read them in the path.
  return `${base}/${encodeURIComponent(leg.index).replace(/%2C/g, ',')}/_search`;
}
