import type { LegContext, LegEndpoint, LegProblem, LegSignal } from '../leg-definition.js';
import { knobsSet } from './engine-knobs.js';
import { createEngineLeg } from './engine-leg.js';
import type { EngineLeg } from './hybrid-leg-specs.js';
import { embedsQuery, endpointUrl } from './engine-requests.js';
import type { HybridEngineLeg } from './hybrid-leg-specs.js';
import { isHybrid } from './hybrid-requests.js';
import { searchPipelineOf, searchPipelineUrl } from './opensearch-search-pipeline.js';

/**
 * What the search-engine leg types (opensearch, elasticsearch, qdrant and the engines' own
 * hybrids) share in their registry rows: how the leg is made, what it calls, and what it ranks by.
 */

/**
 * The leg over one index; a vector leg embeds with the index's own embedder (loaded once per
 * process), as the dense leg does. An opensearch-hybrid leg that describes its search pipeline
 * creates it first (a PUT, once per process and settings; PUT replaces a pipeline of that name,
 * so running again is harmless), so a cluster that refuses it fails the leg before any query.
 */
export async function createEngineRetriever(leg: EngineLeg, ctx: LegContext) {
  const spec = ctx.reader.meta.embedder;
  const embedder = embedsQuery(leg) && spec ? await ctx.loadEmbedder(spec.id) : undefined;
  const client = ctx.remoteClient(leg);
  if (leg.type === 'opensearch-hybrid') {
    const pipeline = searchPipelineOf(leg);
    if (pipeline.body) {
      const url = searchPipelineUrl(leg.url, pipeline.name);
      await ctx.memo(`search-pipeline ${url} ${JSON.stringify(pipeline.body)}`, () =>
        client.request({ method: 'PUT', url, json: pipeline.body, caller: { what: `leg "${leg.name}"` } }),
      );
    }
  }
  return createEngineLeg(leg, { client, index: ctx.reader, ...(embedder && { embedder }) });
}

/** It POSTs each query to the path it builds on its base URL (after creating its search pipeline, when it makes one). */
export function engineEndpoints(leg: EngineLeg): LegEndpoint[] {
  const search: LegEndpoint = { role: 'search', method: 'POST', url: endpointUrl(leg) };
  if (leg.type !== 'opensearch-hybrid') return [search];
  const pipeline = searchPipelineOf(leg);
  if (!pipeline.body) return [search];
  return [{ role: 'setup', method: 'PUT', url: searchPipelineUrl(leg.url, pipeline.name) }, search];
}

/** A vector leg is dense; our bm25 multi_match is lexical; a body of the user's own, or an engine's hybrid, is either, so neither. */
export function engineSignal(leg: EngineLeg): LegSignal | undefined {
  if (isHybrid(leg)) return undefined;
  if (embedsQuery(leg)) return 'dense';
  return leg.type !== 'qdrant' && leg.body === undefined && leg.query === 'bm25' ? 'lexical' : undefined;
}

/** A plain vector leg's hits are ANN results over our vectors; a hybrid's are fused, so not comparable with our exact scan. */
export function engineAnnResults(leg: EngineLeg): boolean {
  return !isHybrid(leg) && embedsQuery(leg);
}

/**
 * A knob a plain leg's request would not carry, refused rather than ignored: any knob beside a
 * `body:` of the user's own (which replaces ours), ef_search or num_candidates on a bm25 leg.
 */
export function checkPlainKnobs(leg: { type: string; body?: unknown; query?: string }): LegProblem | undefined {
  const knobs = knobsSet(leg);
  if (knobs.length === 0) return undefined;
  if (leg.body !== undefined)
    return {
      field: knobs[0],
      message: `${knobs.join(', ')} go into our request body, and this leg sends its own body: put them in the body instead`,
    };
  if (leg.type !== 'qdrant' && leg.query !== 'knn')
    return { field: knobs[0], message: `${knobs.join(', ')} tune the k-NN search: they need query: knn` };
  return undefined;
}

export type { HybridEngineLeg };
export { embedsQuery };
