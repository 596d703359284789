import type { FusionMethodSpec } from '../method-spec.js';
import { gather, reduceValues, weightedScore } from './gather.js';

/**
 * CombMED (Fox & Shaw 1993; ranx "comb_med"):
 *
 *   combmed(d) = median_{L ∋ d} w_L · norm_L(d)
 *
 * over the lists holding d only (ranx: np.median of the present scores); an even count takes
 * the mean of the two middle values, as numpy does.
 */
export const combmed: FusionMethodSpec = {
  kind: 'score',
  params: ['norm'],
  combine: (legs) => reduceValues(gather(legs, weightedScore), median),
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
