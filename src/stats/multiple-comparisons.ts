import { InputError } from '../errors.js';

/** How p-values from a family of tests are adjusted so the family's error rate is held. */
export type Correction = 'holm' | 'bonferroni' | 'none';

/**
 * Each correction as a function from the family's raw p-values to adjusted ones, in the same
 * order: a test is significant at level α when its adjusted p is below α, and the chance of any
 * false positive in the family (the family-wise error rate) is then at most α.
 */
export const CORRECTIONS: Record<Correction, (p: readonly number[]) => number[]> = {
  holm: holmAdjust,
  bonferroni: bonferroniAdjust,
  none: (p) => checked(p).slice(),
};

/** The correction names, for help text and errors. */
export const CORRECTION_NAMES = Object.keys(CORRECTIONS) as Correction[];

/**
 * Bonferroni's adjustment for m tests: p̃_i = min(1, m · p_i). Holds the family-wise error rate
 * whatever the dependence between the tests, at the price of power.
 */
export function bonferroniAdjust(p: readonly number[]): number[] {
  const m = p.length;
  return checked(p).map((x) => Math.min(1, m * x));
}

/**
 * Holm's step-down adjustment (Holm 1979) for m tests: with the p-values sorted ascending,
 * p_(1) <= ... <= p_(m),
 *
 *   p̃_(i) = min(1, max_(j <= i) (m - j + 1) · p_(j))
 *
 * It holds the family-wise error rate under the same (no) assumptions as Bonferroni and is never
 * less powerful: the smallest p is multiplied by m, the next by m - 1, and so on, and the running
 * maximum keeps the adjusted values in the order of the raw ones. Ties keep their input order
 * (it does not change the result: tied p-values get the same adjusted value).
 */
export function holmAdjust(p: readonly number[]): number[] {
  const m = p.length;
  const order = checked(p)
    .map((x, i) => [x, i] as const)
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const adjusted = new Array<number>(m);
  let running = 0;
  order.forEach(([x, i], rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * x));
    adjusted[i] = running;
  });
  return adjusted;
}

function checked(p: readonly number[]): readonly number[] {
  const bad = p.find((x) => !(x >= 0 && x <= 1));
  if (bad !== undefined) throw new InputError(`p-values must lie in [0, 1], got ${bad}`);
  return p;
}
