import type { FusionMethodSpec } from '../method-spec.js';
import { gather, reduceValues, weightedScore } from './gather.js';

/**
 * CombMIN (Fox & Shaw 1993; ranx "comb_min"):
 *
 *   combmin(d) = min_{L ∋ d} w_L · norm_L(d)
 *
 * over the lists holding d only: ranx gives an absent document +10⁹, which never wins a min, so
 * a document found by one list is not pulled to 0 by the others.
 */
export const combmin: FusionMethodSpec = {
  kind: 'score',
  params: ['norm'],
  combine: (legs) => reduceValues(gather(legs, weightedScore), (vs) => Math.min(...vs)),
};
