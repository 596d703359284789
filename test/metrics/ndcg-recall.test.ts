import { describe, expect, it } from 'vitest';
import { ndcgAt } from '../../src/metrics/ndcg.js';
import { recallAt } from '../../src/metrics/recall.js';

// The worked example users learn from: relevant {D3, D7}, ranking D9, D3, D5, D2, D7.
const judged = new Map([['D3', 1], ['D7', 1]]);
const ranking = ['D9', 'D3', 'D5', 'D2', 'D7'];

describe('recall@k', () => {
  it('is the share of relevant documents in the top k', () => {
    expect(recallAt(ranking, judged, 3)).toBe(1 / 2);
    expect(recallAt(ranking, judged, 5)).toBe(2 / 2);
    expect(recallAt(ranking, judged, 1)).toBe(0);
  });
  it('ignores grade-0 judgements and scores 0 without relevant documents', () => {
    expect(recallAt(ranking, new Map([['D3', 1], ['D9', 0]]), 1)).toBe(0);
    expect(recallAt(ranking, new Map([['D9', 0]]), 5)).toBe(0);
  });
});

describe('nDCG@k (trec_eval ndcg_cut: linear gain, log2 discount)', () => {
  it('binary example', () => {
    const idcg = 1 / Math.log2(2) + 1 / Math.log2(3);
    expect(ndcgAt(ranking, judged, 5)).toBeCloseTo((1 / Math.log2(3) + 1 / Math.log2(6)) / idcg, 12);
    expect(ndcgAt(ranking, judged, 3)).toBeCloseTo(1 / Math.log2(3) / idcg, 12);
  });
  it('graded: gain is the grade, ideal from all judged documents', () => {
    const graded = new Map([['D3', 2], ['D7', 1], ['D8', 2]]);
    const dcg = 2 / Math.log2(3) + 1 / Math.log2(6);
    const idcg = 2 / Math.log2(2) + 2 / Math.log2(3) + 1 / Math.log2(4);
    expect(ndcgAt(ranking, graded, 5)).toBeCloseTo(dcg / idcg, 12);
  });
  it('perfect ranking scores 1, no relevant document scores 0', () => {
    expect(ndcgAt(['D3', 'D7'], judged, 10)).toBeCloseTo(1, 12);
    expect(ndcgAt(ranking, new Map(), 10)).toBe(0);
  });
});
