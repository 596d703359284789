import { FUSION_DEFAULTS } from '../../schemas/defaults.js';
import type { MethodConstant } from '../method-constant.js';
import type { FusionMethodSpec } from '../method-spec.js';
import { sumOver } from './gather.js';

/**
 * RRF's k. 60 by default (FUSION_DEFAULTS): Cormack, Clarke & Büttcher's constant, and ranx's.
 * Pipelines have always settled it (rrfK), whatever their method, so it stays in every settled fusion.
 */
export const RRF_K: MethodConstant = {
  name: 'rrf_k',
  help: 'the RRF constant',
  default: FUSION_DEFAULTS.rrfK,
  range: { min: 0, exclusiveMin: true, max: 1e6 },
  grid: [10, 20, 40, 60, 100],
  label: 'k',
  aliases: { fuse: 'rrf-k', tune: 'rrf-ks' },
  alwaysSettled: true,
};

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
  params: ['weights'],
  constants: [RRF_K],
  combine: (legs, { rrf_k: k = RRF_K.default }) => sumOver(legs, (leg, i) => leg.weight / (k + i + 1)),
};
