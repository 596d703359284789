import { defineLeg } from './leg-definition.js';
import { createEngineRetriever, engineAnnResults, engineEndpoints, engineSignal } from './engine/engine-leg-rows.js';
import { elasticsearchRrfFields } from './engine/hybrid-leg-specs.js';

/** Elasticsearch's own hybrid search: the RRF retriever over the bm25 and knn legs' queries (engine/). */
export const elasticsearchRrfLeg = defineLeg<'elasticsearch-rrf', typeof elasticsearchRrfFields>({
  type: 'elasticsearch-rrf',
  description:
    "Elasticsearch's RRF retriever (a standard multi_match retriever + a knn retriever) through POST INDEX/_search",
  fields: elasticsearchRrfFields,
  defaultName: () => 'elasticsearch-rrf',
  create: createEngineRetriever,
  endpoints: engineEndpoints,
  embedsQuery: () => true,
  annResults: engineAnnResults,
  signal: engineSignal,
});
