import type { MethodConstant } from '../method-constant.js';
import type { FusionMethodSpec } from '../method-spec.js';
import { scaledSum } from './scaled-sum.js';

/** LogN_ISR's σ: ranx's default (logn_isr, sigma = 0.01) and ranx's bounds, [0, 1]. */
export const LOGN_ISR_SIGMA: MethodConstant = {
  name: 'sigma',
  help: "logn_isr's σ, added to n(d) inside the logarithm",
  default: 0.01,
  range: { min: 0, max: 1 },
  aliases: { fuse: 'sigma', tune: 'sigmas' },
};

/**
 * LogN_ISR (Mourão, Martins & Magalhães 2015; ranx "logn_isr"): Log_ISR with σ added to the
 * count inside the logarithm,
 *
 *   logn_isr(d) = ln(n(d) + σ) · Σ_{L ∋ d} w_L / rank_L(d)²,   0 <= σ <= 1
 *
 * With σ > 0 a document that one list holds keeps a small positive score, ln(1 + σ) / rank²,
 * so it is still ordered by its rank (where Log_ISR gives it 0); σ = 0 is Log_ISR. Reads ranks
 * only; a document absent from a list gets 0 from it and does not count in n(d).
 */
export const lognIsr: FusionMethodSpec = {
  kind: 'rank',
  params: ['weights'],
  constants: [LOGN_ISR_SIGMA],
  combine: (legs, { sigma = LOGN_ISR_SIGMA.default }) =>
    scaledSum(
      legs,
      (leg, i) => leg.weight / (i + 1) ** 2,
      (n) => Math.log(n + sigma),
    ),
};
