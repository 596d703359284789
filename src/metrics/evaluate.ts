import { InputError } from '../errors.js';
import type { Qrels } from '../corpus/types.js';
import { compareBytes, rankingOf, type Run } from '../runs/run.js';
import { findMetric } from './metric-registry.js';
import type { ParsedMetric } from './parse-metric.js';
import { condensedRanking } from './condensed.js';
import { countRelevant } from './relevance.js';
import { DEFAULT_THRESHOLD, type MetricFn } from './types.js';

/** Metric label -> value, for one query or for the mean. */
export type Scores = Record<string, number>;

export interface Evaluation {
  /** Every evaluated query's scores, in `evaluated` order. */
  perQuery: Map<string, Scores>;
  /** The mean over the evaluated queries (queries missing from the run count as 0). */
  mean: Scores;
  /**
   * The queries averaged, in byte order of their ids: the answerable qrels queries (at least one
   * relevant document), and with `unanswerable: 'zero'` the unanswerable ones too.
   */
  evaluated: string[];
  /** Qrels queries with no relevant document at the threshold: left out of every mean, or averaged in as 0. */
  unanswerable: string[];
}

/**
 * What a mean does with unanswerable queries (in the qrels, no document graded relevant):
 * `omit` leaves them out, so a gold set's unanswerable questions do not pull every system down
 * by the same amount; `zero` averages them in as 0 on every metric, as `trec_eval -c` does.
 */
export type UnanswerablePolicy = 'omit' | 'zero';

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
  for (const m of metrics) scores[m.label] = metricFn(m)(ranking, judged, m.k, threshold);
  return scores;
}

/** The function of a parsed metric's row; an Error if its row was unregistered since it was parsed. */
function metricFn(m: ParsedMetric): MetricFn {
  const row = findMetric(m.name);
  if (row === undefined || row.name !== m.name) throw new Error(`metric ${m.name} is no longer registered`);
  return row.fn;
}

/**
 * Scores a run against qrels as `trec_eval -c` does: every qrels query is evaluated, one the run
 * lacks scores 0 on every metric (an empty ranking), and run queries absent from the qrels are
 * ignored. Queries are visited and summed in byte order of their ids, as trec_eval sorts them.
 *
 * One deliberate difference by default: a qrels query with no document graded at or above the
 * threshold is "unanswerable", left out of the means and listed (`unanswerable: 'omit'`).
 * `unanswerable: 'zero'` averages it in as 0, as trec_eval -c does.
 * `condensed: true` scores each ranking with its unjudged documents removed first (condensed.ts;
 * trec_eval -J), so holes in the qrels stop counting as misses.
 * Throws an InputError when no query is left to evaluate.
 */
export function evaluate(
  qrels: Qrels,
  run: Run,
  metrics: readonly ParsedMetric[],
  options: { threshold?: number; unanswerable?: UnanswerablePolicy; condensed?: boolean } = {},
): Evaluation {
  const threshold = options.threshold ?? DEFAULT_THRESHOLD;
  const evaluated: string[] = [];
  const unanswerable: string[] = [];
  for (const qid of [...qrels.keys()].sort(compareBytes)) {
    const answerable = countRelevant(qrels.get(qid)!, threshold) > 0;
    if (!answerable) unanswerable.push(qid);
    if (answerable || options.unanswerable === 'zero') evaluated.push(qid);
  }
  if (evaluated.length === 0) {
    throw new InputError(
      `no query to evaluate: none of the ${qrels.size} qrels queries has a document graded ${threshold} or more`,
    );
  }
  const perQuery = new Map<string, Scores>();
  const sums: Scores = Object.fromEntries(metrics.map((m) => [m.label, 0]));
  for (const qid of evaluated) {
    // Every metric of a query with nothing relevant is 0 (trec_eval's value for it under -c).
    const judged = qrels.get(qid)!;
    const ranking = rankingOf(run, qid);
    const scores = scoreRanking(
      options.condensed ? condensedRanking(ranking, judged) : ranking,
      judged,
      metrics,
      threshold,
    );
    perQuery.set(qid, scores);
    for (const m of metrics) sums[m.label]! += scores[m.label]!;
  }
  const mean: Scores = Object.fromEntries(metrics.map((m) => [m.label, sums[m.label]! / evaluated.length]));
  return { perQuery, mean, evaluated, unanswerable };
}
