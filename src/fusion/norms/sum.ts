/**
 * Sum normalisation (ranx "sum"): the scores, shifted so the lowest is 0, as shares of their
 * total,
 *
 *   norm(s) = (s - min) / Σ_j (s_j - min)
 *
 * so the normalised list sums to 1 and its worst item gets 0. (ranx shifts by the minimum
 * before dividing; a plain s / Σ s would be undefined for lists with negative scores.)
 * Zero variance (all scores equal, a single item included): every item gets an equal share
 * 1 / n; ranx gives 0 there (its 1e-9 floor on the denominator). Empty list: [].
 */
export function sumNorm(scores: readonly number[]): number[] {
  const n = scores.length;
  if (n === 0) return [];
  const min = scores.reduce((m, s) => Math.min(s, m), Infinity);
  const total = scores.reduce((a, s) => a + (s - min), 0);
  return scores.map((s) => (total > 0 ? (s - min) / total : 1 / n));
}
