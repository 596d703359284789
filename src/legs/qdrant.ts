import { defineLeg } from './leg-definition.js';
import {
  checkPlainKnobs,
  createEngineRetriever,
  embedsQuery,
  engineAnnResults,
  engineEndpoints,
  engineSignal,
} from './engine/engine-leg-rows.js';
import { qdrantFields } from './engine/engine-leg-specs.js';

/** A Qdrant collection the user runs (engine/ holds the request, the filter syntax and the reading of hits). */
export const qdrantLeg = defineLeg<'qdrant', typeof qdrantFields>({
  type: 'qdrant',
  description:
    "a Qdrant collection through POST /collections/NAME/points/query: the query embedded by the index's embedder (hnsw_ef, exact settable), or your own body",
  fields: qdrantFields,
  defaultName: () => 'qdrant',
  create: createEngineRetriever,
  endpoints: engineEndpoints,
  embedsQuery,
  annResults: engineAnnResults,
  check: checkPlainKnobs,
  signal: engineSignal,
});
