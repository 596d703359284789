import { defineLeg } from './leg-definition.js';
import { createEngineRetriever, engineAnnResults, engineEndpoints, engineSignal } from './engine/engine-leg-rows.js';
import { opensearchHybridFields } from './engine/hybrid-leg-specs.js';
import { checkSearchPipeline } from './engine/opensearch-search-pipeline.js';

/** OpenSearch's own hybrid search: a `hybrid` query of the bm25 and knn legs' queries, fused by a search pipeline (engine/). */
export const opensearchHybridLeg = defineLeg<'opensearch-hybrid', typeof opensearchHybridFields>({
  type: 'opensearch-hybrid',
  description:
    "OpenSearch's hybrid query (multi_match + knn) through POST INDEX/_search?search_pipeline=: your search pipeline, or a normalization / RRF one the leg creates",
  fields: opensearchHybridFields,
  defaultName: () => 'opensearch-hybrid',
  check: checkSearchPipeline,
  create: createEngineRetriever,
  endpoints: engineEndpoints,
  embedsQuery: () => true,
  annResults: engineAnnResults,
  signal: engineSignal,
});
