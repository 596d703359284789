import { InputError } from '../errors.js';
import { compareIdBytes } from '../ranking/id-order.js';
import { rankingOf, type Run } from '../runs/run.js';
import { findMetric } from './metric-registry.js';
import type { ParsedMetric } from './parse-metric.js';
import { condensedRanking } from './condensed.js';
import { gradesOf, type Judgements } from './judgements.js';
import type { MetricFn } from './types.js';

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

/** How a ranking is read before scoring: `condensed` drops its unjudged documents first (trec_eval -J). */
export interface ScoreOptions {
  condensed?: boolean;
}

/**
 * The one scorer: one query's ranking (document ids, best first, already tie-broken) on every
 * metric, against all of that query's grades (0 and negative ones included) at the judgements'
 * threshold. `testbed eval`, experiments, tune, compare and fuse all reach the metrics through
 * here, so they cannot disagree on what a judgement means.
 */
export function scoreQuery(
  judgements: Judgements,
  qid: string,
  ranking: readonly string[],
  metrics: readonly ParsedMetric[],
  options: ScoreOptions = {},
): Scores {
  const judged = gradesOf(judgements, qid);
  const scored = options.condensed ? condensedRanking(ranking, judged) : ranking;
  const scores: Scores = {};
  for (const m of metrics) scores[m.label] = metricFn(m)(scored, judged, m.k, judgements.threshold);
  return scores;
}

/** The function of a parsed metric's row; an Error if its row was unregistered since it was parsed. */
function metricFn(m: ParsedMetric): MetricFn {
  const row = findMetric(m.name);
  if (row === undefined || row.name !== m.name) throw new Error(`metric ${m.name} is no longer registered`);
  return row.fn;
}

/**
 * Scores a run against the judgements as `trec_eval -c` does: every judged query is evaluated,
 * one the run lacks scores 0 on every metric (an empty ranking), and run queries absent from the
 * judgements are ignored. Queries are visited and summed in byte order of their ids, as
 * trec_eval sorts them.
 *
 * One deliberate difference by default: a judged query with no document at or above the
 * threshold is "unanswerable", left out of the means and listed (`unanswerable: 'omit'`).
 * `unanswerable: 'zero'` averages it in as 0, as trec_eval -c does.
 * `condensed: true` scores each ranking with its unjudged documents removed first (condensed.ts;
 * trec_eval -J), so holes in the qrels stop counting as misses.
 * Throws an InputError when no query is left to evaluate.
 */
export function evaluate(
  judgements: Judgements,
  run: Run,
  metrics: readonly ParsedMetric[],
  options: ScoreOptions & { unanswerable?: UnanswerablePolicy } = {},
): Evaluation {
  return evaluateScored(judgements, metrics, options, (qid) =>
    scoreQuery(judgements, qid, rankingOf(run, qid), metrics, options),
  );
}

/**
 * evaluate's counting and means, with each evaluated query's scores from `scoresOf`: the queries
 * are chosen and summed here, in byte order, so a caller that scored them some other way (as it
 * read them, say) gets evaluate's means to the last bit.
 */
export function evaluateScored(
  judgements: Judgements,
  metrics: readonly ParsedMetric[],
  options: { unanswerable?: UnanswerablePolicy },
  scoresOf: (qid: string) => Scores,
): Evaluation {
  const { answerable, unanswerable, threshold } = judgements;
  const evaluated =
    options.unanswerable === 'zero' ? [...judgements.grades.keys()].sort(compareIdBytes) : [...answerable];
  if (evaluated.length === 0) {
    throw new InputError(
      `no query to evaluate: none of the ${judgements.grades.size} qrels queries has a document graded ${threshold} or more`,
    );
  }
  const perQuery = new Map<string, Scores>();
  const sums: Scores = Object.fromEntries(metrics.map((m) => [m.label, 0]));
  for (const qid of evaluated) {
    // Every metric of a query with nothing relevant is 0 (trec_eval's value for it under -c).
    const scores = scoresOf(qid);
    perQuery.set(qid, scores);
    for (const m of metrics) sums[m.label]! += scores[m.label]!;
  }
  const mean: Scores = Object.fromEntries(metrics.map((m) => [m.label, sums[m.label]! / evaluated.length]));
  return { perQuery, mean, evaluated, unanswerable: [...unanswerable] };
}
