import type { FusionMethodSpec } from '../method-spec.js';
import { sumOver, weightedScore } from './gather.js';

/**
 * CombSUM (Fox & Shaw 1993; ranx "comb_sum") over normalised scores:
 *
 *   combsum(d) = Σ_{L ∋ d} w_L · norm_L(d)
 *
 * with all weights 1 unless given. A document absent from a list gets 0 from it after
 * normalisation, as in ranx (under z-score 0 is the list's mean, so absence is average there;
 * under min-max it is the bottom of the range).
 */
export const combsum: FusionMethodSpec = {
  kind: 'score',
  params: ['norm'],
  combine: (legs) => sumOver(legs, weightedScore),
};
