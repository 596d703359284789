import { SCORE_DIGITS } from '../runs/score-digits.js';

/**
 * Significant digits a fused score keeps: scores are compared, tied and written at this
 * precision. A double holds 15 to 17 significant digits, and the same fused score summed in
 * another order (another leg order, other leg names, another grouping of the same terms) can
 * differ in the last one or two: `(0.1 + 0.2) + 0.3` is 0.6000000000000001, `0.1 + 0.5` is 0.6.
 * Compared raw, such an ulp decides the order of documents that are equal in exact arithmetic,
 * so renaming a run file could move documents. 12 digits leaves three orders of magnitude
 * above the rounding noise of a sum over MAX_LEGS (8) terms, and stays far below any score
 * difference a method means: adjacent RRF ranks differ by about 1/(k + r)², 2.6e-4 at k 60.
 * One case it cannot help: two values a few ulps apart that straddle a rounding boundary round
 * apart (roughly one pair in 10⁴ of those an ulp apart).
 */
export const FUSED_SIGNIFICANT_DIGITS = SCORE_DIGITS;

/** 10⁰ .. 10²²: the powers of ten a double holds exactly. */
const EXACT_POWERS_OF_TEN = Array.from({ length: 23 }, (_, i) => 10 ** i);

/**
 * A fused score to FUSED_SIGNIFICANT_DIGITS (12) significant digits, the value fusion ranks by
 * and writes:
 *
 *   round(x · 10^s) / 10^s,   s = 11 - floor(log10 |x|)
 *
 * When 10^s is an exact double (0 <= s <= 22, so |x| between 1e-11 and 1e12: every fused score
 * of the built-in methods), dividing the integer by it gives the nearest double to a 12-digit
 * decimal, which prints as that decimal. Outside that range it is Number(x.toPrecision(12)).
 * Both are 12-digit roundings of x; they differ only when x · 10^s falls within an ulp of a
 * half (about 1 in 40,000 random scores), and the first is about five times faster: tuning
 * rounds every candidate of every query under every setting. 0 stays 0.
 */
export function roundFusedScore(x: number): number {
  if (x === 0) return 0;
  const shift = FUSED_SIGNIFICANT_DIGITS - 1 - Math.floor(Math.log10(Math.abs(x)));
  const scale = EXACT_POWERS_OF_TEN[shift];
  return scale === undefined ? Number(x.toPrecision(FUSED_SIGNIFICANT_DIGITS)) : Math.round(x * scale) / scale;
}
