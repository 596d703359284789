import { regularizedIncompleteBeta } from './incomplete-beta.js';

/**
 * Pr(|T| >= |t|) for Student's t with `df` degrees of freedom (df > 0, need not be whole):
 * the two-sided p-value of a t statistic. Through the incomplete beta function
 * (Abramowitz & Stegun 26.7.1, DLMF 8.17.iv):
 *
 *   Pr(|T| >= |t|) = I_x(df/2, 1/2),   x = df / (df + t²)
 *
 * 1 - x = t² / (df + t²) is passed as well, so a tiny t loses no digits. t = ±Infinity gives 0;
 * NaN in, NaN out.
 */
export function studentTTwoSided(t: number, df: number): number {
  if (Number.isNaN(t) || !(df > 0)) return NaN;
  if (!Number.isFinite(t)) return 0;
  const t2 = t * t;
  return regularizedIncompleteBeta(df / (df + t2), df / 2, 0.5, t2 / (df + t2));
}

/**
 * The CDF of Student's t, Pr(T <= t), from the two-sided tail above by the symmetry of T about
 * 0: half the two-sided tail below a negative t, one minus it above a positive one.
 */
export function studentTCdf(t: number, df: number): number {
  const tail = studentTTwoSided(t, df) / 2;
  return t < 0 ? tail : 1 - tail;
}
