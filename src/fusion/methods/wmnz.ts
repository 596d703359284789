import type { FusionMethodSpec } from '../method-spec.js';
import { sumOver } from './gather.js';

/**
 * Weighted MNZ (Wu & Crestani 2002, "Data fusion with estimated weights"; ranx "wmnz"): CombMNZ
 * with the count of lists holding d replaced by the sum of their weights,
 *
 *   wmnz(d) = (Σ_{L ∋ d} w_L) · Σ_{L ∋ d} norm_L(d)
 *
 * as ranx computes it: the normalised scores are summed unweighted and the weights of the
 * lists holding d multiply the sum, so a document counts for more the more (and the heavier)
 * lists agree on it. With every weight 1 it is CombMNZ. The weights are its parameters (the
 * tuner searches them). A document absent from a list adds nothing to either sum.
 */
export const wmnz: FusionMethodSpec = {
  kind: 'score',
  params: ['weights', 'norm'],
  combine(legs) {
    const scores = sumOver(legs, (leg, i) => leg.scores[i]!);
    const weights = sumOver(legs, (leg) => leg.weight);
    const out = new Map<string, number>();
    for (const [id, sum] of scores) out.set(id, weights.get(id)! * sum);
    return out;
  },
};
