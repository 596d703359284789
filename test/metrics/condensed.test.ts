import { describe, expect, it } from 'vitest';
import { condensedRanking, evaluate, parseMetricList } from '../../src/metrics/index.js';
import { judgementsOf } from '../../src/metrics/judgements.js';

describe('condensed lists', () => {
  const judged = new Map([
    ['a', 2],
    ['b', 0],
    ['c', 1],
    ['p', -1],
  ]);

  it('drop unjudged documents and -1 grades, keeping the judged ones in order', () => {
    expect(condensedRanking(['u', 'b', 'p', 'a', 'v', 'c'], judged)).toEqual(['b', 'a', 'c']);
  });

  it('worked example: an unjudged document at rank 1 costs nDCG its discount, and nothing once condensed', () => {
    const qrels = new Map([['q', judged]]);
    const run = new Map([
      [
        'q',
        [
          { id: 'u', score: 3 },
          { id: 'a', score: 2 },
          { id: 'c', score: 1 },
        ],
      ],
    ]);
    const metrics = parseMetricList('ndcg@10,judged@10');
    // IDCG = 2/log2(2) + 1/log2(3). Full list: a at rank 2, c at rank 3: DCG = 2/log2(3) + 1/log2(4).
    const idcg = 2 + 1 / Math.log2(3);
    const full = evaluate(judgementsOf(qrels), run, metrics);
    expect(full.mean['ndcg@10']).toBeCloseTo((2 / Math.log2(3) + 1 / 2) / idcg, 12);
    expect(full.mean['judged@10']).toBeCloseTo(2 / 3, 12);
    // Condensed: u removed, a at rank 1 and c at rank 2, the ideal order: nDCG = 1.
    const condensed = evaluate(judgementsOf(qrels), run, metrics, { condensed: true });
    expect(condensed.mean['ndcg@10']).toBeCloseTo(1, 12);
    expect(condensed.mean['judged@10']).toBe(1);
  });
});
