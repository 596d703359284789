import { maxNorm } from './norms/max.js';
import { minMaxNorm } from './norms/min-max.js';
import { rankNorm } from './norms/rank.js';
import { sumNorm } from './norms/sum.js';
import { zScoreNorm } from './norms/z-score.js';

/** Brings one list's scores (best first) to a common scale; the result matches index for index. */
export type NormFn = (scores: readonly number[]) => number[];

export type NormName = 'minmax' | 'zscore' | 'max' | 'sum' | 'rank';

/** The normalisations the score methods (comb*, wsum) apply to each list before combining. */
export const NORMS: Record<NormName, NormFn> = {
  minmax: minMaxNorm,
  zscore: zScoreNorm,
  max: maxNorm,
  sum: sumNorm,
  rank: rankNorm,
};

export const NORM_NAMES = Object.keys(NORMS) as NormName[];
