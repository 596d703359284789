import { InputError } from '../errors.js';
import { regularizedIncompleteBeta } from './incomplete-beta.js';

/**
 * The two-sided exact sign test of `a` successes against `b` (ties left out before): under the
 * null each of the n = a + b trials goes either way with probability 1/2, so
 *
 *   p = min(1, 2 · P(X <= min(a, b))),  X ~ Binomial(n, 1/2)
 *
 * and the binomial tail is the regularized incomplete beta P(X <= k) = I_(1/2)(n - k, k + 1)
 * (DLMF 8.17.5), exact to floating-point precision however large n is, where summing the terms
 * C(n, i) / 2^n would overflow 2^n past n = 1023. No trials: undefined, since no evidence is not
 * the same as p = 1.
 */
export function signTestP(a: number, b: number): number | undefined {
  for (const [name, v] of [
    ['a', a],
    ['b', b],
  ] as const)
    if (!Number.isSafeInteger(v) || v < 0) throw new InputError(`${name} must be a non-negative integer, got ${v}`);
  const n = a + b;
  if (n === 0) return undefined;
  const k = Math.min(a, b);
  // k <= n/2 < n, so n - k >= 1 and the beta's parameters are positive.
  return Math.min(1, 2 * regularizedIncompleteBeta(0.5, n - k, k + 1));
}

/** z for a two-sided test at α 0.05: Φ⁻¹(0.975). */
export const Z_ALPHA_05 = 1.959963984540054;
/** z for power 0.8: Φ⁻¹(0.8). */
export const Z_POWER_80 = 0.8416212335729143;

/**
 * The searches a sign test needs to detect a win share `w` (the share of non-tied searches won by
 * one side) at two-sided α 0.05 with power 0.8, by the normal approximation to the binomial:
 *
 *   m = ((z_(1-α/2) · 0.5 + z_(power) · √(w (1 - w))) / (w - 0.5))²   non-tied searches
 *   N = m / (1 - t)                                                     searches, t = tie rate
 *
 * (the test's statistic under the null has sd 0.5/√m, under the alternative √(w(1-w))/√m).
 * Undefined when w = 0.5 (no difference to detect at any size) or t = 1 (no search decides).
 */
export function signTestSearchesNeeded(winShare: number, tieRate: number): number | undefined {
  if (!(winShare >= 0 && winShare <= 1)) throw new InputError(`win share must be in [0, 1], got ${winShare}`);
  if (!(tieRate >= 0 && tieRate <= 1)) throw new InputError(`tie rate must be in [0, 1], got ${tieRate}`);
  if (winShare === 0.5 || tieRate === 1) return undefined;
  const nonTied = ((Z_ALPHA_05 * 0.5 + Z_POWER_80 * Math.sqrt(winShare * (1 - winShare))) / (winShare - 0.5)) ** 2;
  return nonTied / (1 - tieRate);
}
