/**
 * How a training split's setting is chosen: `testbed tune --select`. The default is
 * `one-se-paired` (TUNE_DEFAULTS): over the five collections of BENCHMARKS.md's fusion table
 * (two and three legs), the textbook `one-se` gave back the held-out gain on 7 of 10 leg sets,
 * while no rule was significantly below the best leg; the paired rule averaged 0.0024 below
 * `best`, within noise, and deploys settings with fewer fitted weights.
 */
export type SelectRule = 'one-se' | 'one-se-paired' | 'best';
export const SELECT_RULES: readonly SelectRule[] = ['one-se', 'one-se-paired', 'best'];

/** Each rule as a report names it ("chosen by ..."), in `testbed tune` and in experiment reports. */
export const SELECT_RULE_WORDS: Record<SelectRule, string> = {
  'one-se': 'the one-SE rule',
  'one-se-paired': 'the paired one-SE rule',
  best: 'the best training mean',
};

/**
 * How far below the band's edge a mean still counts as on it. A setting lower than the best on
 * a single query sits exactly on the paired edge (mean difference d/n, SE |d|/n), and rounding
 * must not decide; any real difference in a metric in [0, 1] is far larger.
 */
const EDGE = 1e-12;

/** One choice among the settings, with what it was made on. */
export interface Selection {
  /** Index of the setting chosen. */
  setting: number;
  /** Index of the setting with the highest training mean (the lowest index on ties). */
  best: number;
  /** Every setting's mean score over the training queries. */
  means: Float64Array;
  /** Every setting's standard error of that mean: sample sd / √n (0 with fewer than 2 queries). */
  standardErrors: Float64Array;
}

/**
 * Chooses a setting from its scores on the training queries, `scores[s][i]` being setting s on
 * query i.
 *
 * - `best`: the highest mean (ties: the lowest index, the grid's order).
 * - `one-se`, the one-standard-error rule (Hastie, Tibshirani & Friedman, The Elements of
 *   Statistical Learning, 2nd ed., §7.10; from Breiman et al.'s CART): with b the best setting,
 *   SE_b = sd(b's per-query scores) / √n (sample sd, n − 1), the candidates are the settings
 *   with mean ≥ mean_b − SE_b, and the simplest of them is chosen: the lowest `simplicity[s]`
 *   (simplicityLevels); among equally simple candidates the highest mean, then the lowest
 *   index. Settings whose training means differ by less than their noise are not told apart
 *   by the data, so the one with the fewest fitted choices is taken: on ~60 training queries
 *   and hundreds of settings, the maximum is mostly the luckiest. The book takes the standard
 *   error over the K fold estimates; here it is over queries, the independent units, and needs
 *   no inner cross-validation. b is always a candidate, so a choice always exists.
 * - `one-se-paired`: the same, but each setting s is a candidate when mean_s ≥ mean_b − SE_sb,
 *   SE_sb = sd over queries of (s − b) / √n: the noise of the difference the two settings make
 *   on the same queries. Queries differ in difficulty far more than settings do, and SE_b is
 *   mostly that spread (~0.03 nDCG@10 on 60 queries, as large as what fusion gains), so `one-se`
 *   falls back to the simplest setting nearly always; the paired difference cancels what both
 *   settings share, and keeps a fusion that beats the simpler setting query after query.
 */
export function selectSetting(
  scores: readonly Float64Array[],
  rule: SelectRule,
  simplicity: readonly number[],
): Selection {
  const n = scores[0]?.length ?? 0;
  const means = Float64Array.from(scores, (xs) => sum(xs) / n);
  const standardErrors = Float64Array.from(scores, (xs, s) => standardError(xs, means[s]!));
  let best = 0;
  for (let s = 1; s < scores.length; s++) if (means[s]! > means[best]!) best = s;
  if (rule === 'best') return { setting: best, best, means, standardErrors };
  const band = (s: number) =>
    rule === 'one-se'
      ? standardErrors[best]!
      : pairedStandardError(scores[s]!, scores[best]!, means[s]! - means[best]!);
  // Scanning up from index 0, an equally simple candidate of equal mean never replaces an earlier one.
  let setting = -1;
  for (let s = 0; s < scores.length; s++) {
    if (!(means[s]! >= means[best]! - band(s) - EDGE)) continue;
    const simpler = setting < 0 || simplicity[s]! < simplicity[setting]!;
    if (simpler || (simplicity[s] === simplicity[setting] && means[s]! > means[setting]!)) setting = s;
  }
  return { setting, best, means, standardErrors };
}

function sum(xs: Float64Array): number {
  let total = 0;
  for (const x of xs) total += x;
  return total;
}

/** sd / √n with the sample sd (n − 1); 0 when n < 2, where no spread can be estimated. */
function standardError(xs: Float64Array, mean: number): number {
  const n = xs.length;
  if (n < 2) return 0;
  let squares = 0;
  for (const x of xs) squares += (x - mean) ** 2;
  return Math.sqrt(squares / (n - 1) / n);
}

/** sd over queries of (a − b) / √n, given the mean difference; 0 when n < 2. */
function pairedStandardError(a: Float64Array, b: Float64Array, meanDiff: number): number {
  const n = a.length;
  if (n < 2) return 0;
  let squares = 0;
  for (let i = 0; i < n; i++) squares += (a[i]! - b[i]! - meanDiff) ** 2;
  return Math.sqrt(squares / (n - 1) / n);
}
