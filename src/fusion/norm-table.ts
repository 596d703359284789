import { maxNorm } from './norms/max.js';
import { minMaxNorm } from './norms/min-max.js';
import { minMaxInvertedNorm } from './norms/min-max-inverted.js';
import { rankNorm } from './norms/rank.js';
import { sumNorm } from './norms/sum.js';
import { zScoreNorm } from './norms/z-score.js';

/** Brings one list's scores (best first) to a common scale; the result matches index for index. */
export type NormFn = (scores: readonly number[]) => number[];

/** One normalisation: a file under norms/ (its doc comment gives the definition) and its line of help. */
export interface NormRow {
  /** Lower case, as --norm and a pipeline's `fusion.norm` spell it. */
  name: string;
  /** The normalised score of s, as `testbed fuse --help` states it. */
  formula: string;
  normalise: NormFn;
  /**
   * false: tried by the tuner only when --norms names it. A norm meant for one kind of run (the
   * inverted one for distances) would turn ordinary runs upside down, and a grid that holds it
   * lets a few training queries pick it by luck.
   */
  tunedByDefault?: boolean;
}

/**
 * The normalisations the score methods (comb*, wsum, wmnz) apply to each list before combining, in
 * the order they are listed and tuned: method-registry.ts serves these rows and any registered
 * at run time.
 */
export const NORM_TABLE = [
  { name: 'minmax', formula: '(s - min) / (max - min); all-equal scores give 1', normalise: minMaxNorm },
  { name: 'zscore', formula: '(s - mean) / sd, population sd; all-equal scores give 0', normalise: zScoreNorm },
  { name: 'max', formula: 's / max (a run with no positive score is left as it is)', normalise: maxNorm },
  { name: 'sum', formula: '(s - min) / Σ (s - min); all-equal scores give 1/n', normalise: sumNorm },
  { name: 'rank', formula: '1 - (rank - 1) / n', normalise: rankNorm },
  {
    name: 'minmax_inverted',
    formula: '(max - s) / (max - min), for distances; all-equal scores give 1',
    normalise: minMaxInvertedNorm,
    tunedByDefault: false,
  },
] as const satisfies readonly NormRow[];

/** The built-in normalisation names. */
export type NormName = (typeof NORM_TABLE)[number]['name'];
