import { InputError } from '../errors.js';
import { studentizedRangeSf } from './studentized-range.js';
import { mean } from './mean.js';

export interface TukeyHsdResult {
  /** Each system's mean over the queries, in input order. */
  means: number[];
  /** The residual mean square of the two-way (systems × queries) ANOVA without replication. */
  mse: number;
  /** Its degrees of freedom, (k - 1)(n - 1). */
  df: number;
  /** p[i][j]: the HSD p-value of systems i and j (p[i][i] = 1), symmetric. */
  p: number[][];
}

/**
 * Tukey's honestly significant difference test over all pairs of k systems scored on the same n
 * queries (scores[i][q]: system i on query q), with the variance taken from the two-way ANOVA
 * without replication, systems × queries, as Carterette (2012) and Sakai (2014, 2018) recommend
 * for IR:
 *
 *   e_iq = x_iq - x̄_i· - x̄_·q + x̄_··         (what neither the system nor the query explains)
 *   MSE  = Σ e_iq² / ((k - 1)(n - 1))
 *   q_ij = |x̄_i· - x̄_j·| / √(MSE / n),   p_ij = Pr(Q_(k, (k-1)(n-1)) >= q_ij)   (studentized-range.ts)
 *
 * Why two-way: every system is scored on the same queries, and queries differ far more in
 * difficulty than systems do. The one-way ANOVA behind scipy.stats.tukey_hsd (and so ranx's
 * "tukey") puts that query variance into the error term and ignores the pairing, so it misses
 * differences a paired test finds. Removing the query effect leaves the system-by-query
 * interaction as the error, the repeated-measures form. With k = 2 it is the paired t-test
 * (q = √2 |t|, the same df and p).
 *
 * The p-values already hold the family-wise error of all k(k - 1)/2 pairs at the level they
 * are compared with: no further correction applies. MSE = 0 (the systems differ by the same
 * amount on every query) gives p = 0 for pairs whose means differ and 1 for those that tie.
 * Needs k >= 2 systems with the same n >= 2 queries each.
 */
export function tukeyHsd(scores: readonly (readonly number[])[]): TukeyHsdResult {
  const k = scores.length;
  const n = scores[0]?.length ?? 0;
  if (k < 2) throw new InputError(`Tukey's HSD compares 2 or more systems, got ${k}`);
  if (scores.some((s) => s.length !== n))
    throw new InputError(
      `Tukey's HSD needs every system scored on the same queries, got ${scores.map((s) => s.length).join(', ')}`,
    );
  if (n < 2) throw new InputError(`Tukey's HSD needs 2 or more queries, got ${n}`);
  if (scores.some((s) => s.some((x) => !Number.isFinite(x)))) throw new InputError('scores must be finite numbers');

  const means = scores.map((s) => mean(s));
  const queryMeans = Array.from({ length: n }, (_, q) => scores.reduce((a, s) => a + s[q]!, 0) / k);
  const grand = mean(means);
  let squares = 0;
  let size = 0;
  for (let i = 0; i < k; i++) {
    for (let q = 0; q < n; q++) {
      const x = scores[i]![q]!;
      squares += (x - means[i]! - queryMeans[q]! + grand) ** 2;
      size += x * x;
    }
  }
  const df = (k - 1) * (n - 1);
  // Residuals of exactly additive scores come out as rounding noise: count those as none.
  const mse = squares <= 1e-24 * size ? 0 : squares / df;
  const p = means.map((mi, i) => means.map((mj, j) => (i === j ? 1 : pairP(Math.abs(mi - mj), mse, n, k, df))));
  return { means, mse, df, p };
}

function pairP(gap: number, mse: number, n: number, k: number, df: number): number {
  if (mse === 0) return gap === 0 ? 1 : 0;
  return studentizedRangeSf(gap / Math.sqrt(mse / n), k, df);
}
