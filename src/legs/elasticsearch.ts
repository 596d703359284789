import { defineLeg } from './leg-definition.js';
import {
  checkPlainKnobs,
  createEngineRetriever,
  embedsQuery,
  engineAnnResults,
  engineEndpoints,
  engineSignal,
} from './engine/engine-leg-rows.js';
import { elasticsearchFields } from './engine/engine-leg-specs.js';

/** An Elasticsearch index the user runs (engine/ holds the request, the filter syntax and the reading of hits). */
export const elasticsearchLeg = defineLeg<'elasticsearch', typeof elasticsearchFields>({
  type: 'elasticsearch',
  description:
    'an Elasticsearch index through POST INDEX/_search: BM25 multi_match, the knn search option (num_candidates settable) or your own body',
  fields: elasticsearchFields,
  defaultName: () => 'elasticsearch',
  create: createEngineRetriever,
  endpoints: engineEndpoints,
  embedsQuery,
  annResults: engineAnnResults,
  check: checkPlainKnobs,
  signal: engineSignal,
});
