import { defineLeg } from './leg-definition.js';
import { createEngineRetriever, embedsQuery, engineEndpoints, engineSignal } from './engine/engine-leg-rows.js';
import { elasticsearchFields } from './engine/engine-leg-specs.js';

/** An Elasticsearch index the user runs (engine/ holds the request, the filter syntax and the reading of hits). */
export const elasticsearchLeg = defineLeg<'elasticsearch', typeof elasticsearchFields>({
  type: 'elasticsearch',
  description:
    'an Elasticsearch index through POST INDEX/_search: BM25 multi_match, the knn search option or your own body',
  fields: elasticsearchFields,
  defaultName: () => 'elasticsearch',
  create: createEngineRetriever,
  endpoints: engineEndpoints,
  embedsQuery,
  annResults: embedsQuery,
  signal: engineSignal,
});
