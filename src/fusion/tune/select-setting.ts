/** How a training split's setting is chosen: `testbed tune --select`. */
export type SelectRule = 'one-se' | 'best';
export const SELECT_RULES: readonly SelectRule[] = ['one-se', 'best'];

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
 *   (simplicityRanks). Settings whose training means differ by less than their noise are not
 *   told apart by the data, so the one with the fewest fitted choices is taken: on ~60 training
 *   queries and hundreds of settings, the maximum is mostly the luckiest. The book takes the
 *   standard error over the K fold estimates; here it is over queries, the independent units,
 *   and needs no inner cross-validation. b is always a candidate, so a choice always exists.
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
  const threshold = means[best]! - standardErrors[best]!;
  let setting = best;
  for (let s = 0; s < scores.length; s++)
    if (means[s]! >= threshold && simplicity[s]! < simplicity[setting]!) setting = s;
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
