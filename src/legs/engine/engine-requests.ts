import { joinUrl, parseBaseUrl } from '../../remote/base-url.js';
import { fillJsonTemplate, placeholdersOf } from '../../remote/template.js';
import { qdrantFilter, searchEngineFilter } from './engine-filters.js';
import { qdrantSearchParams } from './engine-knobs.js';
import type { EngineLeg } from './hybrid-leg-specs.js';
import {
  elasticsearchKnn,
  type EngineQuery,
  lexicalQuery,
  opensearchKnnQuery,
  sourceExcludes,
} from './engine-sub-queries.js';
import { hybridBody, isHybrid } from './hybrid-requests.js';
import { searchPipelineOf } from './opensearch-search-pipeline.js';

export type { EngineLeg, EngineQuery };

/**
 * Whether a search-engine leg sends the query as our vector: a knn or qdrant leg with our body, or any
 * engine leg whose own body names {{vector}}. Such a leg embeds each query with the index's
 * embedder (so it needs an index built with one, and it varies with the grid's embedders), and
 * its ANN results can be held against our exact scan of the same vectors. A Qdrant body that
 * embeds on the server (its own inference) sends none. The engines' own hybrids always send
 * one, for their dense sub-query.
 */
export function embedsQuery(leg: EngineLeg): boolean {
  if (isHybrid(leg)) return true;
  if (leg.body !== undefined) return placeholdersOf(leg.body).includes('vector');
  return leg.type === 'qdrant' || leg.query === 'knn';
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
 * - OpenSearch knn: `{size, query: {knn: {FIELD: {vector, k, filter?, method_parameters?}}}}`
 *   (the k-NN plugin's query; a filter inside it is OpenSearch's efficient filtering;
 *   method_parameters carries ef_search, engine-knobs.ts);
 * - Elasticsearch knn: `{size, knn: {field, query_vector, k, num_candidates, filter?}}` (the
 *   knn search option of 8.x);
 * - Qdrant: `{query: VECTOR, limit, with_payload: true, using?, filter?, params?}` (params:
 *   hnsw_ef and exact);
 * - the engines' own hybrids: hybrid-requests.ts, from the same sub-queries.
 * The search engines are asked to leave the vector field out of `_source`: a pushed index keeps
 * each chunk's vector there, and k hits of it would be most of the answer.
 */
export function engineRequest(leg: EngineLeg, q: EngineQuery): EngineRequest {
  const url = endpointUrl(leg);
  if (isHybrid(leg)) return { url, body: hybridBody(leg, q) };
  if (leg.body !== undefined) {
    const filter = leg.type === 'qdrant' ? qdrantFilter(q.filter) : searchEngineFilter(q.filter);
    const values = { query: q.query, k: q.k, filter, ...(q.vector && { vector: q.vector }) };
    return { url, body: fillJsonTemplate(leg.body, values, `leg "${leg.name}" body`) };
  }
  if (leg.type === 'qdrant') {
    const params = qdrantSearchParams(leg);
    return {
      url,
      body: {
        query: q.vector,
        limit: q.k,
        with_payload: true,
        ...(leg.using && { using: leg.using }),
        ...(q.filter && { filter: qdrantFilter(q.filter) }),
        ...(params && { params }),
      },
    };
  }
  const source = sourceExcludes(leg);
  if (leg.query === 'bm25') return { url, body: { size: q.k, query: lexicalQuery(leg, q), ...source } };
  if (leg.type === 'opensearch') return { url, body: { size: q.k, query: opensearchKnnQuery(leg, q, q.k), ...source } };
  return { url, body: { size: q.k, knn: elasticsearchKnn(leg, q, q.k), ...source } };
}

/**
 * `BASE/INDEX/_search` or `BASE/collections/NAME/points/query` by joinUrl: a base URL's own path
 * is kept before it and its query string after it. An opensearch-hybrid leg names its search
 * pipeline in the query string, as OpenSearch documents, after the base's own parameters.
 */
export function endpointUrl(leg: EngineLeg): string {
  const base = parseBaseUrl(leg.url, `leg "${leg.name}" url`);
  if (leg.type === 'qdrant' || leg.type === 'qdrant-fusion')
    return joinUrl(base, `/collections/${encodeURIComponent(leg.collection)}/points/query`);
  // Commas (several indexes) and wildcards stay as written: both engines read them in the path.
  const path = `/${encodeURIComponent(leg.index).replace(/%2C/g, ',')}/_search`;
  if (leg.type !== 'opensearch-hybrid') return joinUrl(base, path);
  return joinUrl(base, path, `search_pipeline=${encodeURIComponent(searchPipelineOf(leg).name)}`);
}
