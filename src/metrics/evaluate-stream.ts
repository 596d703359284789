import type { Run, RunDoc } from '../runs/run.js';
import {
  type Evaluation,
  evaluateScored,
  type Scores,
  scoreQuery,
  type ScoreOptions,
  type UnanswerablePolicy,
} from './evaluate.js';
import type { Judgements } from './judgements.js';
import type { ParsedMetric } from './parse-metric.js';

/** One query of a run as it is read: its documents best first. */
export interface QueryList {
  qid: string;
  docs: readonly RunDoc[];
}

/** evaluate's answer for a run read query by query, and the little of the run kept. */
export interface StreamedEvaluation {
  evaluation: Evaluation;
  /** Every query id of the run, in the order read. */
  runQueries: string[];
  /** Each run query's first `keep` documents: what is said about the top of the run afterwards. */
  top: Run;
}

/**
 * evaluate over a run read one query at a time: each query is scored as it arrives and only its
 * scores and first `keep` documents are kept, so a run of millions of lines costs its longest
 * list rather than the whole file. The means are evaluateScored's, summed in byte order, so they
 * equal evaluate's on the same run to the last bit; a judged query the run lacks scores as an
 * empty ranking, as there.
 */
export async function evaluateRunQueries(
  judgements: Judgements,
  queries: AsyncIterable<QueryList>,
  metrics: readonly ParsedMetric[],
  options: ScoreOptions & { unanswerable?: UnanswerablePolicy; keep: number },
): Promise<StreamedEvaluation> {
  const scored = new Map<string, Scores>();
  const runQueries: string[] = [];
  const top: Run = new Map();
  for await (const { qid, docs } of queries) {
    runQueries.push(qid);
    top.set(qid, docs.slice(0, options.keep));
    // Only a query in the qrels can be evaluated; the others are counted, not scored.
    if (judgements.grades.has(qid)) {
      scored.set(
        qid,
        scoreQuery(
          judgements,
          qid,
          docs.map((d) => d.id),
          metrics,
          options,
        ),
      );
    }
  }
  const evaluation = evaluateScored(
    judgements,
    metrics,
    options,
    (qid) => scored.get(qid) ?? scoreQuery(judgements, qid, [], metrics, options),
  );
  return { evaluation, runQueries, top };
}
