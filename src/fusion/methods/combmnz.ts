import type { FusionMethodSpec } from '../method-spec.js';
import { gather, reduceValues, sumValues, weightedScore } from './gather.js';

/**
 * CombMNZ (Fox & Shaw 1993; ranx "comb_mnz"): CombSUM times the number of lists holding d,
 *
 *   combmnz(d) = n(d) · Σ_{L ∋ d} w_L · norm_L(d)
 *
 * A document absent from a list adds nothing to the sum and does not count in n(d).
 */
export const combmnz: FusionMethodSpec = {
  kind: 'score',
  params: ['norm'],
  combine: (legs) => reduceValues(gather(legs, weightedScore), (vs) => vs.length * sumValues(vs)),
};
