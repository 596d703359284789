import type { Interval } from '../../stats/bootstrap.js';
import type { ParsedMetric } from '../../metrics/index.js';
import type { ScoredId } from '../ranked-list.js';
import type { FoldChoice } from './cross-validate.js';
import type { Selection, SelectRule } from './select-setting.js';
import type { TuneSetting } from './tune-setting.js';

/** A run the tuned one is compared with, on the same queries. */
export interface Baseline {
  label: string;
  mean: number;
  /** tuned - baseline, per query: its mean and 95% bootstrap interval. */
  diff: Interval;
  /** Two-sided p of the paired randomization test of tuned against this run (pairedRandomizationTest, the seed). */
  p: number;
}

/** One fold: what it chose on the other folds, and what that scored on its own queries. */
export interface FoldResult extends FoldChoice {
  heldOutMean: number;
}

/**
 * What a tuning found, everything `testbed tune` reports; tuneRunFiles returns it, having
 * written the cross-validated run as it ranked it.
 */
export interface TuneSummary {
  metric: ParsedMetric;
  folds: number;
  seed: number;
  /** The rule each training split chose by. */
  select: SelectRule;
  legNames: string[];
  /** Every setting compared, in grid order (settingsGrid); FoldChoice.setting indexes it. */
  settings: TuneSetting[];
  /** Each setting's level in the order of simplicity (simplicityLevels), 0 the simplest; a level may hold several. */
  simplicity: number[];
  choices: FoldResult[];
  /**
   * The setting to deploy: chosen by the same rule on all the judged queries. Its mean on them
   * is in sample (the queries chose it); `heldOut` is the estimate of what tuning gains.
   */
  deploy: Selection;
  /** The judged queries, in byte order: the queries `testbed eval` averages. */
  queries: string[];
  /** The mean over `queries` of the cross-validated run, with a 95% bootstrap interval. */
  heldOut: Interval;
  /** The leg with the highest mean on these queries (chosen on them, which favours it). */
  bestLeg: Baseline & {
    name: string;
    /** Whether the tuned run scores exactly what the leg scores on every query (no difference to test). */
    sameOnEveryQuery: boolean;
  };
  /** rrf with k 60 and equal weights. */
  untunedRrf: Baseline;
  /** Leg-run queries the tuning could not score (not judged, or no relevant document): not in the tuned run. */
  leftOut: number;
}

/** What tuneFusion found: the summary, and the cross-validated run held whole. */
export interface TuneResult extends TuneSummary {
  /**
   * The cross-validated run: each judged query ranked with its fold's choice (empty when no
   * leg holds it), query ids in byte order, documents in trec_eval's order.
   */
  run: Map<string, ScoredId[]>;
}
