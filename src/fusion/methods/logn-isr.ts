import { InputError } from '../../errors.js';
import type { FusionMethodSpec } from '../method-spec.js';
import { scaledSum } from './scaled-sum.js';

/** LogN_ISR's σ when not given: ranx's default (logn_isr, sigma = 0.01). */
export const LOGN_ISR_DEFAULT_SIGMA = 0.01;

/**
 * LogN_ISR (Mourão, Martins & Magalhães 2015; ranx "logn_isr"): Log_ISR with σ added to the
 * count inside the logarithm,
 *
 *   logn_isr(d) = ln(n(d) + σ) · Σ_{L ∋ d} w_L / rank_L(d)²,   0 <= σ <= 1 (ranx's bounds)
 *
 * σ = 0.01 unless given (ranx's default). With σ > 0 a document that one list holds keeps a
 * small positive score, ln(1 + σ) / rank², so it is still ordered by its rank (where Log_ISR
 * gives it 0); σ = 0 is Log_ISR. Reads ranks only; a document absent from a list gets 0 from
 * it and does not count in n(d).
 */
export const lognIsr: FusionMethodSpec = {
  kind: 'rank',
  params: ['weights', 'sigma'],
  combine(legs, { sigma = LOGN_ISR_DEFAULT_SIGMA }) {
    if (!(sigma >= 0 && sigma <= 1)) throw new InputError(`fusion: logn_isr's σ must be in [0, 1], got ${sigma}`);
    return scaledSum(
      legs,
      (leg, i) => leg.weight / (i + 1) ** 2,
      (n) => Math.log(n + sigma),
    );
  },
};
