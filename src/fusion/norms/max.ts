/**
 * Max normalisation (ranx "max"):
 *
 *   norm(s) = s / max
 *
 * so the best score becomes 1 and a score of 0 stays 0; scores are not shifted, so the gaps to
 * 0 keep their proportions.
 * A list whose best score is not positive (max <= 0) has no scale to divide by and is left
 * as it is (divided by 1), which keeps its order; ranx divides by max(max, 1e-9) there, which
 * keeps the order too but multiplies negative scores by 10⁹. All-equal positive scores all
 * become 1. Empty list: [].
 */
export function maxNorm(scores: readonly number[]): number[] {
  if (scores.length === 0) return [];
  const max = scores.reduce((m, s) => Math.max(s, m), -Infinity);
  const denominator = max > 0 ? max : 1;
  return scores.map((s) => s / denominator);
}
