import { describe, expect, it } from 'vitest';
import { diffSummary, NO_SHARED_QUERY, renderDiffText } from '../../../src/reports/diff/diff-text.js';
import { countOutcomes, outcomeOf } from '../../../src/reports/diff/outcome.js';
import { diffReports } from '../../../src/reports/diff/report-diff.js';
import { twoReports } from './two-reports.js';

describe('outcomeOf: ties at the printed precision', () => {
  it('a difference that prints as 0.0000 is a tie; one that prints as 0.0001 is not', () => {
    expect(outcomeOf(0.30004, 0.3)).toBe('tie');
    expect(outcomeOf(0.3, 0.30004)).toBe('tie');
    // 0.80812 and 0.80809 both read 0.8081
    expect(outcomeOf(0.80812, 0.80809)).toBe('tie');
    expect(outcomeOf(0.90006, 0.9)).toBe('win');
    expect(outcomeOf(0.9, 0.90006)).toBe('loss');
  });

  it('countOutcomes pairs by query id and skips a query one side did not score', () => {
    expect(countOutcomes({ q1: 1, q2: 0.5, q3: 0.2, q4: 0 }, { q1: 0.5, q2: 0.5, q3: 0.3 })).toEqual({
      wins: 1,
      losses: 1,
      ties: 1,
    });
  });
});

describe('diffReports on two hand-built reports (see two-reports.ts for the worked values)', () => {
  const { a, b } = twoReports();
  const d = diffReports(a, b);

  it('matches configurations by name and names those in one report only', () => {
    expect(d.configs.map((c) => c.name)).toEqual(['bm25', 'hybrid']);
    expect(d.onlyInA).toEqual(['dense']);
    expect(d.onlyInB).toEqual(['splade']);
    expect(d.metric).toBe('ndcg@10');
    expect(d.metrics).toEqual(['ndcg@10', 'mrr@10']);
    expect(d.queries).toEqual({ a: 4, b: 4, both: 4 });
  });

  it('says when the reports share no query id (then nothing is compared per query)', () => {
    const { a, b } = twoReports();
    for (const c of b.configs)
      c.perQuery = Object.fromEntries(Object.entries(c.perQuery).map(([q, v]) => [`other-${q}`, v]));
    const apart = diffReports(a, b);
    expect(apart.queries).toEqual({ a: 4, b: 4, both: 0 });
    expect(apart.configs[0]!.counts).toEqual({ wins: 0, losses: 0, ties: 0 });
    expect(diffSummary(apart).split('\n')[1]).toBe(NO_SHARED_QUERY);
  });

  it('means: B − A per metric, a delta that prints as zero called a tie', () => {
    const [bm25, hybrid] = d.configs;
    expect(bm25!.means[0]).toMatchObject({ metric: 'ndcg@10', a: 0.55, outcome: 'loss' });
    expect(bm25!.means[0]!.delta).toBeCloseTo((0.7 + 0.30004 + 0.5 + 0.6) / 4 - 0.55, 12);
    expect(bm25!.means[1]!.outcome).toBe('tie');
    expect(bm25!.means[1]!.delta).toBeCloseTo(0.00003, 12);
    expect(hybrid!.means[0]!.delta).toBeCloseTo((1 + 1 + 0.9 + 0.90006) / 4 - 0.9, 12);
    expect(hybrid!.means[0]!.outcome).toBe('win');
    expect(hybrid!.means[1]).toMatchObject({ delta: 0, outcome: 'tie' });
  });

  it('per query: wins, losses and ties of B against A, a 0.00004 gain counted a tie', () => {
    expect(d.configs[0]!.counts).toEqual({ wins: 1, losses: 1, ties: 2 });
    expect(d.configs[1]!.counts).toEqual({ wins: 3, losses: 0, ties: 1 });
  });

  it('moved queries: largest |Δ| first, equal ones by id, ties left out, text from the report that has it', () => {
    const bm25 = d.configs[0]!.moved;
    expect(bm25.map((q) => q.id)).toEqual(['q3', 'q1']);
    expect(bm25[0]).toMatchObject({ id: 'q3', text: 'storage, per plan', a: 0.8, b: 0.5, outcome: 'loss' });
    expect(bm25[0]!.delta).toBeCloseTo(-0.3, 12);
    expect(d.configs[1]!.moved.map((q) => q.id)).toEqual(['q1', 'q2', 'q4']);
    expect(diffReports(a, b, { top: 1 }).configs[0]!.moved.map((q) => q.id)).toEqual(['q3']);
  });

  it('--metric chooses the per-query metric; one not in both reports is refused with the shared ones', () => {
    const onMrr = diffReports(a, b, { metric: 'mrr@10' });
    expect(onMrr.configs[0]!.counts).toEqual({ wins: 1, losses: 0, ties: 3 });
    expect(() => diffReports(a, b, { metric: 'recall@5' })).toThrow(
      'metric "recall@5" is not one both reports scored; they share ndcg@10, mrr@10',
    );
  });

  it('the means table keeps to the metrics both reports show; --metric may be any metric both scored', () => {
    const { a, b } = twoReports();
    b.metrics = ['ndcg@10'];
    const narrow = diffReports(a, b, { metric: 'mrr@10' });
    expect(narrow.metrics).toEqual(['ndcg@10']);
    expect(narrow.configs[0]!.means.map((m) => m.metric)).toEqual(['ndcg@10']);
    expect(narrow.configs[0]!.counts).toEqual({ wins: 1, losses: 0, ties: 3 });
  });

  it('the text: ties printed as tie, deltas signed, counts and moved queries per configuration', () => {
    const text = renderDiffText(d);
    expect(text).toContain('Only in A: dense\nOnly in B: splade\n\nQueries scored: 4 in A, 4 in B, 4 in both.');
    expect(text).toContain('| bm25 | -0.0250 | tie |');
    expect(text).toContain('| hybrid | +0.0500 | tie |');
    expect(text).toContain('## bm25: 1 better, 1 worse, 2 tied');
    expect(text).toContain('| q3 | storage, per plan | 0.8000 | 0.5000 | -0.3000 |');
    expect(text).toContain('| q4 | harbor port | 0.9000 | 0.9001 | +0.0001 |');
    expect(diffSummary(d)).toBe(
      'diff: 2 configurations in both reports (1 only in A, 1 only in B); per query on ndcg@10, B against A: bm25 1 better, 1 worse, 2 tied; hybrid 3 better, 0 worse, 1 tied',
    );
  });
});
