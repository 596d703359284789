import { evaluate } from '../metrics/evaluate.js';
import type { Judgements } from '../metrics/judgements.js';
import { parseMetric } from '../metrics/parse-metric.js';
import type { Run } from '../runs/run.js';
import { kendallTauB, type TauResult } from '../stats/kendall-tau.js';

/** The metric runs are ranked by when the judge checks whether filling the holes reorders them. */
export const RANKING_METRIC = 'ndcg@10';

/** One run's mean score under each set of qrels. */
export interface RunScores {
  name: string;
  human: number;
  filled: number;
}

export interface RankingChange {
  metric: string;
  /** In the order the runs were given. */
  runs: RunScores[];
  /** Kendall's tau-b between the two scorings: 1 when filling leaves the order as it was. */
  tau: TauResult;
}

/**
 * Whether filling the holes changes which configuration wins: each run's mean ndcg@10 under the
 * human-only qrels and under the qrels with the model's grades filled in, and Kendall's tau-b
 * between the two scorings. This is the check that matters for an experiment: a judge that
 * disagrees with humans on single pairs may still rank systems alike, and one that agrees on
 * most pairs may still flip the comparison. Both are scored at their own threshold (the caller
 * passes one for both). Queries are those of each qrels (evaluate's
 * default: a query with nothing relevant is left out of the mean).
 */
export function rankingChange(
  runs: readonly { name: string; run: Run }[],
  human: Judgements,
  filled: Judgements,
): RankingChange {
  const metric = parseMetric(RANKING_METRIC);
  const scores = runs.map(({ name, run }) => ({
    name,
    human: evaluate(human, run, [metric]).mean[metric.label]!,
    filled: evaluate(filled, run, [metric]).mean[metric.label]!,
  }));
  return {
    metric: metric.label,
    runs: scores,
    tau: kendallTauB(
      scores.map((s) => s.human),
      scores.map((s) => s.filled),
    ),
  };
}
