import { defineLeg } from './leg-definition.js';
import {
  checkPlainKnobs,
  createEngineRetriever,
  embedsQuery,
  engineAnnResults,
  engineEndpoints,
  engineSignal,
} from './engine/engine-leg-rows.js';
import { opensearchFields } from './engine/engine-leg-specs.js';

/** An OpenSearch index the user runs (engine/ holds the request, the filter syntax and the reading of hits). */
export const opensearchLeg = defineLeg<'opensearch', typeof opensearchFields>({
  type: 'opensearch',
  description:
    'an OpenSearch index through POST INDEX/_search: BM25 multi_match, k-NN (knn query, ef_search settable) or your own body',
  fields: opensearchFields,
  defaultName: () => 'opensearch',
  create: createEngineRetriever,
  endpoints: engineEndpoints,
  embedsQuery,
  annResults: engineAnnResults,
  check: checkPlainKnobs,
  signal: engineSignal,
});
