import type { FusionMethodSpec } from '../method-spec.js';
import { sumOver, weightedScore } from './gather.js';

/**
 * Weighted sum (ranx "wsum") of normalised scores:
 *
 *   wsum(d) = Σ_{L ∋ d} w_L · norm_L(d)
 *
 * CombSUM's formula with the weights as its parameters: the tuner searches them, where CombSUM
 * keeps them equal. A document absent from a list gets 0 from it after normalisation (ranx).
 */
export const wsum: FusionMethodSpec = {
  kind: 'score',
  params: ['weights', 'norm'],
  combine: (legs) => sumOver(legs, weightedScore),
};
