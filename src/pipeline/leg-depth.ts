import type { Hit } from '../ranking/hit.js';
import type { Pipeline } from './resolve-pipeline.js';

/**
 * The pipeline a run of k documents a query is made with: with fused legs, each leg is asked
 * for at least k hits (fusion.depth raised to k), unless the depth was given. Each leg cut at
 * the default 100 caps a run at k 1000 to the union of two hundred-hit lists (164 to 194
 * documents a query on Cranfield), and recall@1000 with it, without a word.
 */
export function withLegDepthForK(pipeline: Pipeline, depthGiven: boolean): Pipeline {
  const { fusion, k } = pipeline;
  if (!fusion || depthGiven || fusion.depth >= k) return pipeline;
  return { ...pipeline, fusion: { ...fusion, depth: k } };
}

/** Queries that got fewer than k hits because a leg was cut at its depth, and the fewest hits one got. */
export interface DepthShortfall {
  queries: number;
  fewest: number;
}

/**
 * Counts the queries whose fused list holds fewer than k hits while some leg gave all
 * fusion.depth hits it was allowed (found from the hits' `sources`): that leg may have had
 * more, so the depth, not the collection, made the list short. A query whose legs all ran out
 * below their depth is not counted. Undefined when no query is short for that reason (and for a
 * pipeline without fusion, which asks its one leg for k).
 */
export function depthShortfall(
  pipeline: Pipeline,
  results: readonly { hits: readonly Hit[] }[],
): DepthShortfall | undefined {
  const { fusion, k } = pipeline;
  if (!fusion) return undefined;
  let queries = 0;
  let fewest = Infinity;
  for (const { hits } of results) {
    if (hits.length >= k) continue;
    const perLeg = new Map<string, number>();
    for (const hit of hits)
      for (const leg of Object.keys(hit.sources ?? {})) perLeg.set(leg, (perLeg.get(leg) ?? 0) + 1);
    if (![...perLeg.values()].some((n) => n >= fusion.depth)) continue;
    queries += 1;
    fewest = Math.min(fewest, hits.length);
  }
  return queries > 0 ? { queries, fewest } : undefined;
}
