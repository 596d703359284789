import type { FusionMethodSpec } from '../method-spec.js';
import { sumOver } from './gather.js';

/**
 * Reciprocal rank fusion (Cormack, Clarke & Büttcher 2009; ranx "rrf", weighted as ranx's
 * optimised rrf):
 *
 *   rrf(d) = Σ_{L ∋ d} w_L / (k + rank_L(d))
 *
 * Reads ranks only. A document absent from a list gets 0 from it (no rank is imputed). k is 60
 * by default (FUSION_DEFAULTS): Cormack, Clarke & Büttcher's constant, and ranx's.
 */
export const rrf: FusionMethodSpec = {
  kind: 'rank',
  params: ['weights', 'rrf_k'],
  combine: (legs, { rrfK }) => sumOver(legs, (leg, i) => leg.weight / (rrfK + i + 1)),
};
