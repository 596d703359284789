/**
 * The one shape every metric has, so the rows of metric-table.ts (and any registered at run
 * time) can hold them all and the evaluator can call any of them the same way.
 *
 * - `ranking`: document ids, best first, already tie-broken (see runs/run.ts for TREC order).
 * - `judged`: the query's judgements, document id -> grade. Unjudged documents are simply absent.
 * - `k`: the cutoff; `undefined` means the whole ranking (for metrics where that makes sense).
 * - `threshold`: the lowest grade counted relevant (trec_eval `-l`, default 1). Grades below it,
 *   including 0, are judged not relevant.
 */
export type MetricFn = (
  ranking: readonly string[],
  judged: ReadonlyMap<string, number>,
  k: number | undefined,
  threshold: number,
) => number;

/** The default relevance threshold: like trec_eval, any grade of 1 or more is relevant. */
export const DEFAULT_THRESHOLD = 1;
