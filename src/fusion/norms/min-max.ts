/**
 * Min-max normalisation (ranx "min-max"):
 *
 *   norm(s) = (s - min) / (max - min)
 *
 * so the list spans [0, 1], its best score 1 and its worst 0.
 * Zero variance (all scores equal, a single item included): every item gets 1, as in the
 * project's 2-leg hybrid — each hit the leg returned is as good as its best, and still counts
 * above a document the leg did not return (0 in the comb* sums). ranx divides by
 * max(max - min, 1e-9) there and gives 0 instead. Empty list: [].
 */
export function minMaxNorm(scores: readonly number[]): number[] {
  const { min, span } = scoreRange(scores);
  return scores.map((s) => (span > 0 ? (s - min) / span : 1));
}

/** The smallest and largest score and their difference (min Infinity, span NaN for no scores). */
export function scoreRange(scores: readonly number[]): { min: number; max: number; span: number } {
  let min = Infinity;
  let max = -Infinity;
  for (const s of scores) {
    if (s < min) min = s;
    if (s > max) max = s;
  }
  return { min, max, span: max - min };
}
