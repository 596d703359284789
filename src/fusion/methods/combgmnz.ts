import type { MethodConstant } from '../method-constant.js';
import type { FusionMethodSpec } from '../method-spec.js';
import { scaledSum } from './scaled-sum.js';
import { weightedScore } from './gather.js';

/**
 * CombGMNZ's γ. ranx's comb_gmnz has no default (γ is required) and its optimiser searches
 * 0.01 to 1 in steps of 0.01; 0.5, the default here, is the middle of that range, halfway
 * between CombSUM (γ = 0) and CombMNZ (γ = 1). The bound 10⁶ only keeps n(d)^γ finite.
 */
export const COMBGMNZ_GAMMA: MethodConstant = {
  name: 'gamma',
  help: "combgmnz's exponent γ on n(d)",
  default: 0.5,
  range: { min: 0, max: 1e6 },
  aliases: { fuse: 'gamma', tune: 'gammas' },
};

/**
 * CombGMNZ (Lee 1997, "Analyses of multiple evidence combination"; ranx "comb_gmnz"): CombMNZ
 * with the count of lists raised to a power γ,
 *
 *   combgmnz(d) = n(d)^γ · Σ_{L ∋ d} w_L · norm_L(d),   γ >= 0
 *
 * γ = 0 is CombSUM and γ = 1 CombMNZ; in between, agreement between lists counts for less than
 * in CombMNZ. A document absent from a list adds nothing to the sum and does not count in n(d).
 */
export const combgmnz: FusionMethodSpec = {
  kind: 'score',
  params: ['norm'],
  constants: [COMBGMNZ_GAMMA],
  combine: (legs, { gamma = COMBGMNZ_GAMMA.default }) => scaledSum(legs, weightedScore, (n) => n ** gamma),
};
