import { defineLeg } from './leg-definition.js';
import { createEngineRetriever, engineAnnResults, engineEndpoints, engineSignal } from './engine/engine-leg-rows.js';
import { qdrantFusionFields } from './engine/hybrid-leg-specs.js';

/** Qdrant's own hybrid search: a sparse (lexical) and a dense prefetch fused on the server by rrf or dbsf (engine/). */
export const qdrantFusionLeg = defineLeg<'qdrant-fusion', typeof qdrantFusionFields>({
  type: 'qdrant-fusion',
  description:
    "Qdrant's prefetch + fusion through POST /collections/NAME/points/query: the text ranked by a sparse vector made on the server (BM25 by default) or by a payload text index, and our query vector, fused by rrf or dbsf",
  fields: qdrantFusionFields,
  defaultName: () => 'qdrant-fusion',
  check: (leg) =>
    leg.lexical === 'text' && leg.lexical_model !== undefined
      ? {
          field: 'lexical_model',
          message: "lexical: text ranks by the payload field's text index, which has no model: drop lexical_model",
        }
      : undefined,
  create: createEngineRetriever,
  endpoints: engineEndpoints,
  embedsQuery: () => true,
  annResults: engineAnnResults,
  signal: engineSignal,
});
