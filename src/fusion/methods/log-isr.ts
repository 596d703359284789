import type { FusionMethodSpec } from '../method-spec.js';
import { scaledSum } from './scaled-sum.js';

/**
 * Log_ISR (Mourão, Martins & Magalhães 2015; ranx "log_isr"): inverse square rank with the
 * count of lists damped by a logarithm,
 *
 *   log_isr(d) = ln(n(d)) · Σ_{L ∋ d} w_L / rank_L(d)²,   n(d) = number of lists holding d
 *
 * Reads ranks only. A document absent from a list gets 0 from it and does not count in n(d).
 * ln 1 = 0, so a document that only one list holds scores 0 whatever its rank, as in ranx: the
 * method ranks by agreement first, and fusing a single list gives every document 0 (they then
 * go in the tie order, id descending). LogN_ISR (logn-isr.ts) adds σ inside the logarithm to
 * keep those documents apart.
 */
export const logIsr: FusionMethodSpec = {
  kind: 'rank',
  params: ['weights'],
  combine: (legs) => scaledSum(legs, (leg, i) => leg.weight / (i + 1) ** 2, Math.log),
};
