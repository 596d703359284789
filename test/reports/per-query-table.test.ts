import { describe, expect, it } from 'vitest';
import { defaultBaseline, perQueryTable } from '../../src/reports/per-query-table.js';
import type { ConfigResult } from '../../src/reports/report-model.js';
import { configResult, handBuiltReport } from './hand-built-report.js';

/**
 * ndcg@10 per query, bm25 the baseline:
 *   bm25    q1 0.5      q2 0.3  q3 0.8  q4 0.6
 *   dense   q1 0.50004  q2 0.4  q3 0.2  (q4 not scored: a failed remote query)
 *   hybrid  q1 0.7      q2 0.3  q3 0.9  q4 0.6
 * dense against bm25: q1 +0.00004 prints 0.0000, a tie; q2 a win; q3 a loss; q4 counts nowhere
 *   -> 1 win, 1 loss, 1 tie. hybrid: q1, q3 wins, q2, q4 ties -> 2 wins, 0 losses, 2 ties.
 */
function report() {
  const config = (name: string, mode: 'bm25' | 'dense' | 'hybrid', ndcg: (number | undefined)[]): ConfigResult => {
    const scored = ndcg.filter((v): v is number => v !== undefined);
    const c = configResult(name, mode, { 'ndcg@10': scored.reduce((s, v) => s + v, 0) / scored.length, 'mrr@10': 1 });
    c.perQuery = Object.fromEntries(
      ndcg.flatMap((v, i) => (v === undefined ? [] : [[`q${i + 1}`, { 'ndcg@10': v, 'mrr@10': 1 }]])),
    );
    return c;
  };
  const r = handBuiltReport(
    [
      config('bm25', 'bm25', [0.5, 0.3, 0.8, 0.6]),
      config('dense', 'dense', [0.50004, 0.4, 0.2, undefined]),
      config('hybrid', 'hybrid', [0.7, 0.3, 0.9, 0.6]),
    ],
    { baseline: 'bm25', metrics: ['ndcg@10', 'mrr@10'] },
  );
  r.sliceFields = ['type'];
  r.queryDetails = {
    q1: { text: 'reset password', slices: { type: ['how-to'] } },
    q2: { text: 'E1042', slices: { type: ['identifier'] } },
    q3: { text: 'storage per plan', slices: { type: ['comparison'] } },
    q4: { text: 'harbor port', slices: { type: ['identifier'] } },
  };
  return r;
}

describe('perQueryTable', () => {
  const t = perQueryTable(report());

  it("defaults to the primary metric and the report's baseline", () => {
    expect(t.metric).toBe('ndcg@10');
    expect(t.metrics).toEqual(['ndcg@10', 'mrr@10']);
    expect(t.baseline).toBe('bm25');
  });

  it('counts wins, losses and ties against the baseline, a 0.00004 gain a tie, an unscored query nowhere', () => {
    expect(t.counts).toEqual([
      { config: 'dense', counts: { wins: 1, losses: 1, ties: 1 } },
      { config: 'hybrid', counts: { wins: 2, losses: 0, ties: 2 } },
    ]);
  });

  it('one row per query with its text, slices, values and deltas', () => {
    const q3 = t.rows.find((r) => r.id === 'q3')!;
    expect(q3).toMatchObject({ text: 'storage per plan', slices: { type: ['comparison'] } });
    expect(q3.values).toEqual({ bm25: 0.8, dense: 0.2, hybrid: 0.9 });
    expect(q3.deltas.dense!.delta).toBeCloseTo(0.2 - 0.8, 12);
    expect(q3.deltas.dense!.outcome).toBe('loss');
    expect(t.rows.find((r) => r.id === 'q1')!.deltas.dense!.outcome).toBe('tie');
    expect(t.rows.find((r) => r.id === 'q4')!.deltas.dense).toBeUndefined();
    expect(t.rows[0]!.deltas).not.toHaveProperty('bm25');
  });

  it('sorts by a delta either way, queries without a value last both ways', () => {
    const by = (descending: boolean) =>
      perQueryTable(report(), { sort: { by: 'delta', config: 'dense' }, descending }).rows.map((r) => r.id);
    expect(by(false)).toEqual(['q3', 'q1', 'q2', 'q4']);
    expect(by(true)).toEqual(['q2', 'q1', 'q3', 'q4']);
    const bySlice = perQueryTable(report(), { sort: { by: 'slice', field: 'type' } }).rows.map((r) => r.id);
    // comparison < how-to < identifier; q2 and q4 keep their order
    expect(bySlice).toEqual(['q3', 'q1', 'q2', 'q4']);
  });

  it('another baseline and metric on request; unknown ones are refused naming the choices', () => {
    const other = perQueryTable(report(), { baseline: 'hybrid', metric: 'mrr@10' });
    expect(other.counts).toEqual([
      { config: 'bm25', counts: { wins: 0, losses: 0, ties: 4 } },
      { config: 'dense', counts: { wins: 0, losses: 0, ties: 3 } },
    ]);
    expect(() => perQueryTable(report(), { baseline: 'nope' })).toThrow(
      'baseline "nope" is not a configuration of this report; it has bm25, dense, hybrid',
    );
    expect(() => perQueryTable(report(), { metric: 'recall@5' })).toThrow(
      'metric "recall@5" is not one this report scored',
    );
  });

  it('without a baseline of its own, the best single retriever on the metric (a fused one never)', () => {
    const r = report();
    r.baseline = 'gone';
    // means: bm25 0.55, dense (0.50004 + 0.4 + 0.2) / 3, hybrid 0.625 (fused, left out)
    expect(defaultBaseline(r, 'ndcg@10')).toBe('bm25');
    r.configs[0]!.means['ndcg@10'] = 0.1;
    expect(defaultBaseline(r, 'ndcg@10')).toBe('dense');
  });
});
