import type { RankedLeg } from '../ranked-list.js';
import { sumOver } from './gather.js';

/**
 * The CombMNZ family: for each document d, Σ_{L ∋ d} value_L(d) multiplied by a factor of
 * n(d), the number of lists holding d,
 *
 *   scaledSum(d) = factor(n(d)) · Σ_{L ∋ d} value_L(d)
 *
 * (CombMNZ's factor is n, CombGMNZ's n^γ, Log_ISR's ln n). The sum is sumOver's, so it is
 * added in the same order as every other sum of the library; a document absent from a list
 * adds nothing and does not count in n(d).
 */
export function scaledSum(
  legs: readonly RankedLeg[],
  value: (leg: RankedLeg, index: number) => number,
  factor: (n: number) => number,
): Map<string, number> {
  const sums = sumOver(legs, value);
  const counts = sumOver(legs, () => 1);
  const out = new Map<string, number>();
  for (const [id, sum] of sums) out.set(id, factor(counts.get(id)!) * sum);
  return out;
}
