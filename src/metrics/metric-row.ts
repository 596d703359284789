import type { MetricFn } from './types.js';

/** How a metric name or alias is spelled (lower case letters, `_` and `-`); a cutoff follows as `@k`. */
export const METRIC_WORD = '[a-z_-]+';

/** Whether a name takes `@k`: required where "the whole ranking" is rarely what anyone means. */
export type CutoffRule = 'required' | 'optional' | 'none';

/**
 * One metric, everything the program says or does about it: the parser reads `name`, `cutoff`
 * and `aliases`, `testbed eval --help` prints `help` and `trecEval`, the evaluator calls `fn`.
 * Adding a metric is a file with its function and a row of metric-table.ts (or, in a test, one
 * registerMetric call); nothing else lists metrics.
 */
export interface MetricRow {
  /** Lower case, as results are labelled (`ndcg` -> `ndcg@10`). */
  name: string;
  cutoff: CutoffRule;
  /** Other spellings accepted for the name (ranx, ir_measures, trec_eval), lower case. */
  aliases: readonly string[];
  /**
   * The trec_eval measures it reproduces, spelled as trec_eval prints them, K standing for the
   * cutoff (`ndcg_cut_K`); a spelling without K is the metric without a cutoff (`map`, where
   * `map_cut_K` is map@K). None when it has no twin there. The parser accepts these spellings
   * and `eval --names trec` prints them (trec-names.ts).
   */
  trecEval?: readonly string[];
  /** What it measures, in one line of `testbed eval --help`. */
  help: string;
  fn: MetricFn;
}
