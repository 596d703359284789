import type { Interval } from '../../stats/bootstrap.js';
import type { ParsedMetric } from '../../metrics/index.js';
import type { CompleteFuseOptions } from '../fuse-lists.js';
import type { ScoredId } from '../ranked-list.js';
import type { FoldChoice } from './cross-validate.js';

/** A run the tuned one is compared with, on the same queries. */
export interface Baseline {
  label: string;
  mean: number;
  /** tuned - baseline, per query: its mean and 95% bootstrap interval. */
  diff: Interval;
}

/** One fold: what it chose on the other folds, and what that scored on its own queries. */
export interface FoldResult extends FoldChoice {
  heldOutMean: number;
}

/** What tuneFusion found: the cross-validated run and everything `testbed tune` reports. */
export interface TuneResult {
  metric: ParsedMetric;
  folds: number;
  seed: number;
  legNames: string[];
  /** Every setting compared, in grid order; FoldChoice.setting indexes it. */
  settings: CompleteFuseOptions[];
  choices: FoldResult[];
  /** The judged queries, in byte order: the queries `testbed eval` averages. */
  queries: string[];
  /**
   * The cross-validated run: each judged query ranked with its fold's choice (empty when no
   * leg holds it), query ids in byte order, documents in trec_eval's order.
   */
  run: Map<string, ScoredId[]>;
  /** The mean over `queries` of `run`, with a 95% bootstrap interval. */
  heldOut: Interval;
  /** The leg with the highest mean on these queries (chosen on them, which favours it). */
  bestLeg: Baseline & { name: string };
  /** rrf with k 60 and equal weights. */
  untunedRrf: Baseline;
  /** Leg-run queries the tuning could not score (not judged, or no relevant document): not in `run`. */
  leftOut: number;
}
