import { defineLeg } from './leg-definition.js';
import { createEngineRetriever, embedsQuery, engineEndpoints, engineSignal } from './engine/engine-leg-rows.js';
import { opensearchFields } from './engine/engine-leg-specs.js';

/** An OpenSearch index the user runs (engine/ holds the request, the filter syntax and the reading of hits). */
export const opensearchLeg = defineLeg<'opensearch', typeof opensearchFields>({
  type: 'opensearch',
  description: 'an OpenSearch index through POST INDEX/_search: BM25 multi_match, k-NN (knn query) or your own body',
  fields: opensearchFields,
  defaultName: () => 'opensearch',
  create: createEngineRetriever,
  endpoints: engineEndpoints,
  embedsQuery,
  annResults: embedsQuery,
  signal: engineSignal,
});
