import type { LegContext, LegEndpoint, LegSignal } from '../leg-definition.js';
import { createEngineLeg } from './engine-leg.js';
import type { EngineLeg } from './engine-leg-specs.js';
import { embedsQuery, endpointUrl } from './engine-requests.js';

/**
 * What the three search-engine leg types (opensearch, elasticsearch, qdrant) share in their
 * registry rows: how the leg is made, what it calls, and what it ranks by.
 */

/** The leg over one index; a vector leg embeds with the index's own embedder (loaded once per process), as the dense leg does. */
export async function createEngineRetriever(leg: EngineLeg, ctx: LegContext) {
  const spec = ctx.reader.meta.embedder;
  const embedder = embedsQuery(leg) && spec ? await ctx.loadEmbedder(spec.id) : undefined;
  return createEngineLeg(leg, { client: ctx.remoteClient(leg), index: ctx.reader, ...(embedder && { embedder }) });
}

/** It POSTs each query to the path it builds on its base URL. */
export function engineEndpoints(leg: EngineLeg): LegEndpoint[] {
  return [{ role: 'search', method: 'POST', url: endpointUrl(leg) }];
}

/** A vector leg is dense; our bm25 multi_match is lexical; a body of the user's own is either, so neither. */
export function engineSignal(leg: EngineLeg): LegSignal | undefined {
  if (embedsQuery(leg)) return 'dense';
  return leg.type !== 'qdrant' && leg.body === undefined && leg.query === 'bm25' ? 'lexical' : undefined;
}

export { embedsQuery };
