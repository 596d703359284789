import type { FusionMethodSpec } from '../method-spec.js';
import { gather, reduceValues, sumValues } from './gather.js';

/**
 * Inverse square rank (Mourão, Martins & Magalhães 2015; ranx "isr", which is comb_mnz over
 * 1 / rank²):
 *
 *   isr(d) = n(d) · Σ_{L ∋ d} w_L / rank_L(d)²,   n(d) = number of lists holding d
 *
 * Reads ranks only. A document absent from a list gets 0 from it and does not count in n(d).
 */
export const isr: FusionMethodSpec = {
  kind: 'rank',
  params: ['weights'],
  combine: (legs) =>
    reduceValues(
      gather(legs, (leg, i) => leg.weight / (i + 1) ** 2),
      (vs) => vs.length * sumValues(vs),
    ),
};
