import type { Query } from '../corpus/types.js';
import type { Hit } from '../ranking/hit.js';
import { trecOrder } from '../runs/run.js';
import type { Pipeline } from '../pipeline/resolve-pipeline.js';
import { withAbortSignal } from '../remote/abort-scope.js';
import { cancelledMessage, CircuitBreaker, failFastMessage } from '../remote/circuit-breaker.js';
import { breakerSettingsOf } from './breaker-settings.js';
import { failedQueryOf, type FailedQuery } from './failed-query.js';
import { querySetWidth } from './query-set-width.js';
import type { Searcher } from './searcher.js';

export interface QueryResult {
  qid: string;
  /** Best first, in trec_eval's order (score descending, ties by id descending). */
  hits: Hit[];
  /** Retrieval time, query embedding by the model included. */
  ms: number;
  /** With a rerank stage: the first stage's hits before it, in the same order. */
  firstStage?: Hit[];
}

/** One query's outcome, held until every query before it is handed on. */
type Outcome = { result: QueryResult } | { failure: FailedQuery } | { error: unknown };

/**
 * Runs every query of a query set through one pipeline over one index: what `testbed retrieve`
 * writes as a run file and what an experiment cell scores, so the two cannot differ. A query's
 * language is the pipeline's `qlang`, else the query's own `language` tag; its id reaches
 * run-file legs. With `onFailure`, a query a remote leg fails for (failed-query.ts) is handed
 * there and left out of the results, and the others still run; without it, it ends the run.
 *
 * Up to querySetWidth queries run at once (one for a pipeline computed here, a remote query
 * embedder's concurrency for a dense leg embedding through one), yet
 * results, `onQuery` and `onFailure` come in query order, exactly as one at a time: a query's
 * outcome waits for those of the queries before it.
 *
 * With `onFailure`, a circuit breaker (circuit-breaker.ts) watches the failures: once a remote
 * caller has failed `fail_after` queries in a row (default 5), or more than `fail_rate` of the
 * last `fail_window` (default half of 20), every query not yet started is handed to `onFailure`
 * at once, uncalled, with one message naming the caller, the count and the last error; the
 * requests of the queries in flight are cancelled (abort-scope.ts) and those queries fail with
 * the same explanation, so a dead engine costs one round of timeouts, not one per query left.
 */
export async function runQuerySet(
  searcher: Searcher,
  pipeline: Pipeline,
  queries: readonly Query[],
  onQuery?: (result: QueryResult) => void,
  onFailure?: (failure: FailedQuery) => void,
): Promise<QueryResult[]> {
  const parts = await searcher.prepare(pipeline);
  const results: QueryResult[] = [];
  const outcomes = new Map<number, Outcome>();
  let handed = 0;
  let stopped: { error: unknown } | undefined;
  const breaker = new CircuitBreaker(breakerSettingsOf(pipeline));
  const cancel = new AbortController();

  const runOne = async (q: Query): Promise<Outcome> => {
    const t0 = performance.now();
    const tagged = typeof q.metadata.language === 'string' ? q.metadata.language : undefined;
    const open = onFailure && breaker.opened;
    if (open) return { failure: { queryId: q.id, by: open.by, message: failFastMessage(q.id, open) } };
    try {
      const { hits, firstStage } = await searcher.retrieve(parts, q.text, {
        queryId: q.id,
        ...(tagged && { queryLang: tagged }),
      });
      breaker.succeeded();
      // Retrievers already rank in trec_eval's order (compareHits); sorting again guards that what
      // is scored is the order the run file will be read back in.
      return {
        result: {
          qid: q.id,
          hits: trecOrder(hits),
          ms: performance.now() - t0,
          ...(firstStage && { firstStage: trecOrder(firstStage) }),
        },
      };
    } catch (err) {
      const cancelled = onFailure && cancel.signal.aborted && breaker.opened;
      if (cancelled && (err === cancel.signal.reason || failedQueryOf(q.id, err)))
        return { failure: { queryId: q.id, by: cancelled.by, message: cancelledMessage(q.id, cancelled) } };
      const failure = onFailure && failedQueryOf(q.id, err);
      if (!failure) return { error: err };
      breaker.failed(failure.by, failure.message);
      if (breaker.opened && !cancel.signal.aborted) cancel.abort(new QuerySetCancelled());
      return { failure };
    }
  };

  /** Hands on, in query order, every outcome whose predecessors have all been handed on. */
  const handOn = () => {
    for (let outcome = outcomes.get(handed); outcome && !stopped; outcome = outcomes.get(handed)) {
      outcomes.delete(handed++);
      if ('error' in outcome) stopped = outcome;
      else if ('failure' in outcome) onFailure!(outcome.failure);
      else {
        results.push(outcome.result);
        onQuery?.(outcome.result);
      }
    }
  };

  let next = 0;
  const worker = async () => {
    while (!stopped && next < queries.length) {
      const i = next++;
      outcomes.set(i, await runOne(queries[i]!));
      handOn();
    }
  };
  const width = Math.min(querySetWidth(pipeline, searcher.meta.embedder?.id), Math.max(1, queries.length));
  await withAbortSignal(cancel.signal, () => Promise.all(Array.from({ length: width }, worker)));
  if (stopped) throw stopped.error;
  return results;
}

/** The reason a query set's remote requests are aborted with once its circuit breaker opens. */
class QuerySetCancelled extends Error {
  constructor() {
    super('the query set stopped calling: its circuit breaker opened');
    this.name = 'QuerySetCancelled';
  }
}
