/** How one list's raw scores are brought to a common scale before they are combined. */
export type Normalization = 'minmax' | 'zscore';

export interface Normalizer {
  /** Normalised scores, in the same order as `scores`. */
  normalize(scores: readonly number[]): number[];
  /**
   * The value a document absent from the list is given: the list's lowest normalised score,
   * so absence never beats presence.
   */
  missing(normalized: readonly number[]): number;
}

/**
 * Min-max: norm(s) = (s - min) / (max - min), so the list spans [0, 1].
 * All-equal scores (including a single hit) map to 1: every hit the leg returned is as good as
 * its best, and the leg still counts them as found.
 * Missing documents get 0, the bottom of the range; for an all-equal list that is below every
 * hit it holds, which is what a leg that returned the document expresses over one that did not.
 */
export function minMax(scores: readonly number[]): number[] {
  if (scores.length === 0) return [];
  const min = Math.min(...scores);
  const max = Math.max(...scores);
  const span = max - min;
  return scores.map((s) => (span > 0 ? (s - min) / span : 1));
}

/**
 * Z-score: norm(s) = (s - mean) / std, with the population standard deviation
 * std = sqrt(Σ (s - mean)² / n).
 * All-equal scores map to 0 (std is 0: the list carries no preference among its hits).
 * Missing documents get the list's minimum z, or 0 for an empty list (the mean, by convention).
 */
export function zScore(scores: readonly number[]): number[] {
  const n = scores.length;
  if (n === 0) return [];
  // Shifted by the first score before summing: for scores that agree in their leading digits
  // (-999999.99988 and -999999.99989) the differences are exact, while summing the raw values
  // rounds away the very digits the z-scores are made of (a mean 1e-5 off 0 was seen).
  const shift = scores[0]!;
  const d = scores.map((s) => s - shift);
  const mean = d.reduce((a, x) => a + x, 0) / n;
  const std = Math.sqrt(d.reduce((a, x) => a + (x - mean) ** 2, 0) / n);
  return d.map((x) => (std > 0 ? (x - mean) / std : 0));
}

/** The normalisers by name; `missing` is each one's policy for documents absent from a list. */
export const NORMALIZERS: Record<Normalization, Normalizer> = {
  minmax: { normalize: minMax, missing: () => 0 },
  zscore: {
    normalize: zScore,
    missing: (normalized) => (normalized.length === 0 ? 0 : Math.min(...normalized)),
  },
};
