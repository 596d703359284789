import type { FusionMethodSpec } from '../method-spec.js';
import { gather, reduceValues, weightedScore } from './gather.js';

/**
 * CombMAX (Fox & Shaw 1993; ranx "comb_max"):
 *
 *   combmax(d) = max_{L ∋ d} w_L · norm_L(d)
 *
 * over the lists holding d only: ranx gives an absent document -10⁹, which never wins a max.
 */
export const combmax: FusionMethodSpec = {
  kind: 'score',
  params: ['norm'],
  combine: (legs) => reduceValues(gather(legs, weightedScore), (vs) => Math.max(...vs)),
};
