import { InputError } from '../../errors.js';
import { qdrantFilter } from './engine-filters.js';
import { qdrantSearchParams } from './engine-knobs.js';
import type { EngineLeg } from './hybrid-leg-specs.js';
import {
  elasticsearchKnn,
  type EngineQuery,
  lexicalQuery,
  opensearchKnnQuery,
  sourceExcludes,
} from './engine-sub-queries.js';
import {
  type ElasticsearchRrfLeg,
  HYBRID_DEFAULTS,
  type HybridEngineLeg,
  type OpensearchHybridLeg,
  type QdrantFusionLeg,
} from './hybrid-leg-specs.js';

/** Whether the leg is one of the engines' own hybrids. */
export function isHybrid(leg: EngineLeg): leg is HybridEngineLeg {
  return leg.type === 'opensearch-hybrid' || leg.type === 'elasticsearch-rrf' || leg.type === 'qdrant-fusion';
}

/**
 * The body of one query of an engine's own hybrid: the lexical sub-query first, the dense one
 * second (the order of `weights`), each built as the plain leg builds it, the pipeline's filter
 * inside each of them, as the plain legs send it.
 */
export function hybridBody(leg: HybridEngineLeg, q: EngineQuery): object {
  if (leg.type === 'opensearch-hybrid') return opensearchHybridBody(leg, q);
  if (leg.type === 'elasticsearch-rrf') return elasticsearchRrfBody(leg, q);
  return qdrantFusionBody(leg, q);
}

/**
 * OpenSearch's `hybrid` query (2.10+): `{size, query: {hybrid: {queries: [LEXICAL, KNN]}}}`,
 * fused by the search pipeline named in the URL (opensearch-search-pipeline.ts). The knn
 * sub-query asks for k neighbours, as the knn leg does.
 */
function opensearchHybridBody(leg: OpensearchHybridLeg, q: EngineQuery): object {
  return {
    size: q.k,
    query: { hybrid: { queries: [lexicalQuery(leg, q), opensearchKnnQuery(leg, q, q.k)] } },
    ...sourceExcludes(leg),
  };
}

/**
 * Elasticsearch's RRF retriever (8.16+): `{size, retriever: {rrf: {retrievers: [{standard:
 * {query: LEXICAL}}, {knn: {field, query_vector, k, num_candidates}}], rank_window_size,
 * rank_constant}}}`. Each retriever contributes its top rank_window_size (the knn retriever's k
 * is that window), which Elasticsearch requires to be at least `size`.
 */
function elasticsearchRrfBody(leg: ElasticsearchRrfLeg, q: EngineQuery): object {
  const window = leg.rank_window_size ?? q.k;
  if (window < q.k)
    throw new InputError(
      `leg "${leg.name}": rank_window_size ${window} is below k ${q.k}; Elasticsearch fuses at most the window, so raise it to k or more`,
    );
  if (leg.num_candidates !== undefined && leg.num_candidates < window)
    throw new InputError(
      `leg "${leg.name}": num_candidates ${leg.num_candidates} is below the knn retriever's k (rank_window_size ${window}), which Elasticsearch refuses`,
    );
  return {
    size: q.k,
    retriever: {
      rrf: {
        retrievers: [{ standard: { query: lexicalQuery(leg, q) } }, { knn: elasticsearchKnn(leg, q, window) }],
        rank_window_size: window,
        rank_constant: leg.rank_constant ?? HYBRID_DEFAULTS.rankConstant,
      },
    },
    ...sourceExcludes(leg),
  };
}

/**
 * Qdrant's Query API with two prefetches fused on the server (1.10+; dbsf 1.11+): `{prefetch:
 * [LEXICAL, DENSE], query: {fusion}, limit, with_payload}`. The dense prefetch is our vector with
 * the search params; the filter goes in each prefetch, since the fusion only reorders what they
 * return. The lexical prefetch ranks by the query text (qdrantLexicalQuery).
 */
function qdrantFusionBody(leg: QdrantFusionLeg, q: EngineQuery): object {
  const limit = leg.prefetch_limit ?? q.k;
  if (limit < q.k)
    throw new InputError(
      `leg "${leg.name}": prefetch_limit ${limit} is below k ${q.k}; the fusion can only return what the prefetches hand it, so raise it to k or more`,
    );
  const filter = q.filter && { filter: qdrantFilter(q.filter) };
  const params = qdrantSearchParams(leg);
  return {
    prefetch: [
      { query: qdrantLexicalQuery(leg, q.query), using: leg.lexical_using, limit, ...filter },
      { query: q.vector, ...(leg.using && { using: leg.using }), limit, ...filter, ...(params && { params }) },
    ],
    query: { fusion: leg.fusion },
    limit: q.k,
    with_payload: true,
  };
}

/**
 * The lexical prefetch's query, one of the two ways Qdrant ranks by text:
 * - sparse: a `{nearest: {text, model}}` inference object (Qdrant's inference docs: a Document
 *   where a vector goes), made a sparse vector on the server (`qdrant/bm25` by default) and
 *   searched on the sparse vector named in `using`;
 * - text: `{text: QUERY}`, BM25 over the text index of the payload field named in `using`
 *   (Qdrant 1.20, an index created with `scoring: true`).
 */
function qdrantLexicalQuery(leg: QdrantFusionLeg, text: string): object {
  if (leg.lexical === 'text') return { text };
  return { nearest: { text, model: leg.lexical_model ?? HYBRID_DEFAULTS.qdrantLexicalModel } };
}
