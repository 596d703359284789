import { InputError } from '../../errors.js';
import type { FusionMethodSpec } from '../method-spec.js';
import { scaledSum } from './scaled-sum.js';
import { weightedScore } from './gather.js';

/**
 * CombGMNZ's γ when not given. ranx's comb_gmnz has no default (γ is required) and its
 * optimiser searches 0.01 to 1 in steps of 0.01; 0.5 is the middle of that range, halfway
 * between CombSUM (γ = 0) and CombMNZ (γ = 1).
 */
export const COMBGMNZ_DEFAULT_GAMMA = 0.5;

/**
 * CombGMNZ (Lee 1997, "Analyses of multiple evidence combination"; ranx "comb_gmnz"): CombMNZ
 * with the count of lists raised to a power γ,
 *
 *   combgmnz(d) = n(d)^γ · Σ_{L ∋ d} w_L · norm_L(d),   γ >= 0
 *
 * γ = 0 is CombSUM and γ = 1 CombMNZ; in between, agreement between lists counts for less than
 * in CombMNZ. γ is 0.5 unless given (COMBGMNZ_DEFAULT_GAMMA). A document absent from a list
 * adds nothing to the sum and does not count in n(d).
 */
export const combgmnz: FusionMethodSpec = {
  kind: 'score',
  params: ['norm', 'gamma'],
  combine(legs, { gamma = COMBGMNZ_DEFAULT_GAMMA }) {
    if (!(gamma >= 0 && Number.isFinite(gamma)))
      throw new InputError(`fusion: combgmnz's γ must be a finite number >= 0, got ${gamma}`);
    return scaledSum(legs, weightedScore, (n) => n ** gamma);
  },
};
