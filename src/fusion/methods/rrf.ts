import type { FusionMethodSpec } from '../method-spec.js';
import { sumOver } from './gather.js';

/** The RRF constant of Cormack, Clarke & Büttcher (2009), ranx's default. */
export const DEFAULT_RRF_K = 60;

/**
 * Reciprocal rank fusion (Cormack, Clarke & Büttcher 2009; ranx "rrf", weighted as ranx's
 * optimised rrf):
 *
 *   rrf(d) = Σ_{L ∋ d} w_L / (k + rank_L(d))
 *
 * Reads ranks only. A document absent from a list gets 0 from it (no rank is imputed).
 */
export const rrf: FusionMethodSpec = {
  kind: 'rank',
  params: ['weights', 'rrf_k'],
  combine: (legs, { rrfK }) => sumOver(legs, (leg, i) => leg.weight / (rrfK + i + 1)),
};
