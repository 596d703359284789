/**
 * Z-score normalisation (ranx "zmuv", zero mean unit variance):
 *
 *   norm(s) = (s - mean) / sd,   sd = sqrt(Σ (s - mean)² / n)   (population sd, numpy's np.std)
 *
 * Zero variance (all scores equal, a single item included): every item gets 0 (the mean), as
 * in ranx (whose 1e-9 floor on sd turns 0 / 1e-9 into 0). Empty list: [].
 * Computed on the scores shifted by the first one, so that scores agreeing in their leading
 * digits keep the digits their z-scores are made of (the shift cancels in s - mean).
 */
export function zScoreNorm(scores: readonly number[]): number[] {
  const n = scores.length;
  if (n === 0) return [];
  const shift = scores[0]!;
  const d = scores.map((s) => s - shift);
  const mean = d.reduce((a, x) => a + x, 0) / n;
  const sd = Math.sqrt(d.reduce((a, x) => a + (x - mean) ** 2, 0) / n);
  return d.map((x) => (sd > 0 ? (x - mean) / sd : 0));
}
