import type { ConfigResult, ExperimentReport } from '../../../src/reports/report-model.js';
import { configResult, handBuiltReport } from '../hand-built-report.js';

/** ndcg@10 and mrr@10 per query, q1..q4 in order. */
type Values = { ndcg: [number, number, number, number]; mrr: [number, number, number, number] };

const QIDS = ['q1', 'q2', 'q3', 'q4'] as const;
const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/** A configuration whose means are the means of its per-query values (the report's definition). */
function config(name: string, mode: 'bm25' | 'dense' | 'hybrid', v: Values): ConfigResult {
  const c = configResult(name, mode, { 'ndcg@10': mean(v.ndcg), 'mrr@10': mean(v.mrr) });
  c.perQuery = Object.fromEntries(QIDS.map((q, i) => [q, { 'ndcg@10': v.ndcg[i]!, 'mrr@10': v.mrr[i]! }]));
  return c;
}

const FLAT: Values['mrr'] = [1, 0.5, 0.5, 0.4];

/**
 * Two tiny reports with known per-query values, for worked examples. A has bm25, dense, hybrid;
 * B has bm25, hybrid, splade: dense is in A only, splade in B only.
 *
 * bm25, ndcg@10:  A 0.5 0.3 0.8 0.6 (mean 0.55)   B 0.7 0.30004 0.5 0.6 (mean 0.52501)
 *   q1 +0.2 (B better), q2 +0.00004 (prints 0.0000: a tie), q3 −0.3 (worse), q4 0 (tie)
 *   -> 1 better, 1 worse, 2 tied; moved largest first: q3 (−0.3), q1 (+0.2); mean Δ −0.02499
 * bm25, mrr@10:   A 1 0.5 0.5 0.4 (mean 0.6)       B 1 0.5 0.5 0.40012 (mean 0.60003): Δ 0.00003, a tie
 * hybrid, ndcg@10: A 0.9 0.9 0.9 0.9 (mean 0.9)    B 1 1 0.9 0.90006 (mean 0.950015)
 *   q1, q2 +0.1, q3 0 (tie), q4 +0.00006 (prints 0.0001: better) -> 3 better, 0 worse, 1 tied;
 *   moved: q1, q2 (equal |Δ|, by id), q4; mean Δ +0.050015
 * hybrid, mrr@10: the same in both (Δ 0, a tie).
 * B records each query's text and its `type` slice; A was saved before queryDetails.
 */
export function twoReports(): { a: ExperimentReport; b: ExperimentReport } {
  const a = handBuiltReport(
    [
      config('bm25', 'bm25', { ndcg: [0.5, 0.3, 0.8, 0.6], mrr: FLAT }),
      config('dense', 'dense', { ndcg: [0.1, 0.1, 0.1, 0.1], mrr: FLAT }),
      config('hybrid', 'hybrid', { ndcg: [0.9, 0.9, 0.9, 0.9], mrr: FLAT }),
    ],
    { baseline: 'bm25', metrics: ['ndcg@10', 'mrr@10'] },
  );
  const b = handBuiltReport(
    [
      config('bm25', 'bm25', { ndcg: [0.7, 0.30004, 0.5, 0.6], mrr: [1, 0.5, 0.5, 0.40012] }),
      config('hybrid', 'hybrid', { ndcg: [1, 1, 0.9, 0.90006], mrr: FLAT }),
      config('splade', 'dense', { ndcg: [0.2, 0.2, 0.2, 0.2], mrr: FLAT }),
    ],
    { baseline: 'bm25', metrics: ['ndcg@10', 'mrr@10'] },
  );
  a.name = 'before';
  b.name = 'after';
  b.sliceFields = ['type'];
  b.queryDetails = {
    q1: { text: 'reset password', slices: { type: ['how-to'] } },
    q2: { text: 'E1042', slices: { type: ['identifier'] } },
    q3: { text: 'storage, per plan', slices: { type: ['comparison'] } },
    q4: { text: 'harbor port', slices: { type: ['identifier', 'conceptual'] } },
  };
  return { a, b };
}
