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
export const FUSED_SIGNIFICANT_DIGITS = 12;

/**
 * A fused score rounded to FUSED_SIGNIFICANT_DIGITS significant digits (the nearest double to
 * the decimal `x.toPrecision(12)`), the value fusion ranks by and writes. 0 stays 0.
 */
export function roundFusedScore(x: number): number {
  return x === 0 ? 0 : Number(x.toPrecision(FUSED_SIGNIFICANT_DIGITS));
}
