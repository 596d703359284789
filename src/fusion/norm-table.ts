import type { RankedLeg } from './ranked-list.js';
import { bordaNorm } from './norms/borda.js';
import { maxNorm } from './norms/max.js';
import { minMaxNorm } from './norms/min-max.js';
import { minMaxInvertedNorm } from './norms/min-max-inverted.js';
import { rankNorm } from './norms/rank.js';
import { sumNorm } from './norms/sum.js';
import { zScoreNorm } from './norms/z-score.js';

/** Brings one list's scores (best first) to a common scale; the result matches index for index. */
export type NormFn = (scores: readonly number[]) => number[];

/**
 * Brings all the lists of one query (the legs weighted > 0, by name) to a common scale at once,
 * for a normalisation that needs them all (Borda's, which counts the candidates of every list).
 * It returns one leg per leg, in order, and may complete a leg with documents it lacked.
 */
export type LegsNormFn = (legs: readonly RankedLeg[]) => RankedLeg[];

/** What every normalisation row has, whichever way it normalises. */
interface NormRowBase {
  /** Lower case, as --norm and a pipeline's `fusion.norm` spell it. */
  name: string;
  /** The normalised score of s, as `testbed fuse --help` states it. */
  formula: string;
  /**
   * false: tried by the tuner only when --norms names it. A norm meant for one kind of run (the
   * inverted one for distances) would turn ordinary runs upside down, and a grid that holds it
   * lets a few training queries pick it by luck.
   */
  tunedByDefault?: boolean;
}

/** A normalisation that reads one list at a time: the usual kind. */
export interface ListNormRow extends NormRowBase {
  normalise: NormFn;
  normaliseQuery?: never;
}

/** A normalisation that reads all the lists of the query at once (LegsNormFn). */
export interface QueryNormRow extends NormRowBase {
  normaliseQuery: LegsNormFn;
  normalise?: never;
}

/**
 * One normalisation: a file under norms/ (its doc comment gives the definition) and its line of
 * help. It normalises each list on its own (`normalise`) or all the query's lists together
 * (`normaliseQuery`); normaliseLegs (normalise-legs.ts) applies either.
 */
export type NormRow = ListNormRow | QueryNormRow;

/**
 * The normalisations the score methods (comb*, wsum, wmnz) apply to the lists before combining, in
 * the order they are listed and tuned: norm-registry.ts serves these rows and any registered at
 * run time. All but borda normalise each list on its own; borda reads all the query's lists.
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
  {
    name: 'borda',
    formula: "(C - rank + 1) / C; absent: (C - n + 1) / (2C); C = documents of all runs, n = the run's length",
    normaliseQuery: bordaNorm,
    // Out of the default grid so that the grid, and the figures measured with it, stay as they were.
    tunedByDefault: false,
  },
] as const satisfies readonly NormRow[];

/** The built-in normalisation names. */
export type NormName = (typeof NORM_TABLE)[number]['name'];
