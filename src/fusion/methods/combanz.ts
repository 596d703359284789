import type { FusionMethodSpec } from '../method-spec.js';
import { gather, reduceValues, sumValues, weightedScore } from './gather.js';

/**
 * CombANZ (Fox & Shaw 1993; ranx "comb_anz"): CombSUM divided by the number of lists holding d,
 * the mean over the lists that hold it,
 *
 *   combanz(d) = Σ_{L ∋ d} w_L · norm_L(d) / n(d)
 *
 * A document absent from a list is left out of the mean (it is not averaged in as 0).
 */
export const combanz: FusionMethodSpec = {
  kind: 'score',
  params: ['norm'],
  combine: (legs) => reduceValues(gather(legs, weightedScore), (vs) => sumValues(vs) / vs.length),
};
