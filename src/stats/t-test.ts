import { pairedDiffs } from './significance.js';
import { studentTTwoSided } from './student-t.js';
import { mean } from './mean.js';

export interface TTestResult {
  /** mean(a_i - b_i): positive when a scores higher. */
  meanDiff: number;
  /** The t statistic (±Infinity when every difference is the same non-zero value). */
  t: number;
  /** Degrees of freedom, n - 1. */
  df: number;
  /** Two-sided p-value. */
  p: number;
}

/**
 * The paired Student t-test of a difference in mean per-query scores (two-sided), the test
 * scipy.stats.ttest_rel and ranx's "student" run:
 *
 *   d_i = a_i - b_i,  d̄ = Σ d_i / n,  s² = Σ (d_i - d̄)² / (n - 1)
 *   t = d̄ / (s / √n),  df = n - 1,  p = Pr(|T_df| >= |t|)   (student-t.ts)
 *
 * It assumes the differences are roughly normal; over tens of queries the mean is, and Smucker,
 * Allan & Carterette (2007) found its p-values close to the randomization test's.
 *
 * Where t is not defined the answer is what the data say: fewer than two queries, or every
 * difference 0, is p = 1 (no evidence of a difference); every difference the same non-zero
 * value (s = 0) is t = ±Infinity and p = 0. Throws an InputError when the lists differ in length
 * or hold a non-finite score.
 */
export function pairedTTest(a: readonly number[], b: readonly number[]): TTestResult {
  const diffs = pairedDiffs(a, b);
  const n = diffs.length;
  const df = n - 1;
  if (n === 0) return { meanDiff: 0, t: 0, df, p: 1 };
  const meanDiff = mean(diffs);
  if (n < 2) return { meanDiff, t: NaN, df, p: 1 };
  const squares = diffs.reduce((s, d) => s + (d - meanDiff) ** 2, 0);
  // Equal differences can leave a few ulps of spread after the mean is rounded: count those as none.
  const scale = diffs.reduce((s, d) => s + d * d, 0);
  if (squares <= 1e-24 * scale || scale === 0) {
    if (meanDiff === 0) return { meanDiff, t: 0, df, p: 1 };
    return { meanDiff, t: Math.sign(meanDiff) * Infinity, df, p: 0 };
  }
  const t = meanDiff / Math.sqrt(squares / df / n);
  return { meanDiff, t, df, p: studentTTwoSided(t, df) };
}
