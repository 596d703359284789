import { InputError } from '../errors.js';
import type { Qrels } from '../corpus/types.js';
import { compareBytes, rankingOf, type Run } from '../runs/run.js';
import { METRIC_FNS } from './metric-table.js';
import type { ParsedMetric } from './parse-metric.js';
import { countRelevant } from './relevance.js';
import { DEFAULT_THRESHOLD } from './types.js';

/** Metric label -> value, for one query or for the mean. */
export type Scores = Record<string, number>;

export interface Evaluation {
  /** Every evaluated query's scores, in `evaluated` order. */
  perQuery: Map<string, Scores>;
  /** The mean over the evaluated queries (queries missing from the run count as 0). */
  mean: Scores;
  /** Qrels queries with at least one relevant document, in byte order of their ids. */
  evaluated: string[];
  /** Qrels queries with no relevant document at the threshold: left out of every mean. */
  unanswerable: string[];
}

/**
 * Scores one ranking (document ids, best first, already tie-broken) on every metric. The
 * experiment runner calls this on rankings it holds in memory, without writing a run file.
 */
export function scoreRanking(
  ranking: readonly string[],
  judged: ReadonlyMap<string, number>,
  metrics: readonly ParsedMetric[],
  threshold = DEFAULT_THRESHOLD,
): Scores {
  const scores: Scores = {};
  for (const m of metrics) scores[m.label] = METRIC_FNS[m.name](ranking, judged, m.k, threshold);
  return scores;
}

/**
 * Scores a run against qrels as `trec_eval -c` does: every qrels query is evaluated, one the run
 * lacks scores 0 on every metric (an empty ranking), and run queries absent from the qrels are
 * ignored. Queries are visited and summed in byte order of their ids, as trec_eval sorts them.
 *
 * One deliberate difference: a qrels query with no document graded at or above the threshold is
 * "unanswerable". trec_eval would count it as 0 in every mean; here it is left out and listed, so
 * a gold set with unanswerable questions does not drag every system down by the same amount.
 * Throws an InputError when no query is left to evaluate.
 */
export function evaluate(qrels: Qrels, run: Run, metrics: readonly ParsedMetric[], options: { threshold?: number } = {}): Evaluation {
  const threshold = options.threshold ?? DEFAULT_THRESHOLD;
  const evaluated: string[] = [];
  const unanswerable: string[] = [];
  for (const qid of [...qrels.keys()].sort(compareBytes)) {
    (countRelevant(qrels.get(qid)!, threshold) > 0 ? evaluated : unanswerable).push(qid);
  }
  if (evaluated.length === 0) {
    throw new InputError(`no query to evaluate: none of the ${qrels.size} qrels queries has a document graded ${threshold} or more`);
  }
  const perQuery = new Map<string, Scores>();
  const sums: Scores = Object.fromEntries(metrics.map((m) => [m.label, 0]));
  for (const qid of evaluated) {
    const scores = scoreRanking(rankingOf(run, qid), qrels.get(qid)!, metrics, threshold);
    perQuery.set(qid, scores);
    for (const m of metrics) sums[m.label]! += scores[m.label]!;
  }
  const mean: Scores = Object.fromEntries(metrics.map((m) => [m.label, sums[m.label]! / evaluated.length]));
  return { perQuery, mean, evaluated, unanswerable };
}
