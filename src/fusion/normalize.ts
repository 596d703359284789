import { minMaxNorm } from './norms/min-max.js';
import { zScoreNorm } from './norms/z-score.js';

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
 * Min-max: norm(s) = (s - min) / (max - min), all-equal scores (a single hit too) map to 1.
 * Missing documents get 0 (see NORMALIZERS). The one implementation is the N-leg library's.
 */
export const minMax = minMaxNorm;

/**
 * Z-score with the population standard deviation; all-equal scores map to 0. Missing documents
 * get the list's minimum z (see NORMALIZERS). The one implementation is the N-leg library's.
 */
export const zScore = zScoreNorm;

/** The normalisers by name; `missing` is each one's policy for documents absent from a list. */
export const NORMALIZERS: Record<Normalization, Normalizer> = {
  minmax: { normalize: minMax, missing: () => 0 },
  zscore: {
    normalize: zScore,
    missing: (normalized) => (normalized.length === 0 ? 0 : Math.min(...normalized)),
  },
};
