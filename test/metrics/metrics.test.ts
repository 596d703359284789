import { describe, expect, it } from 'vitest';
import { averagePrecision } from '../../src/metrics/average-precision.js';
import { hitAt } from '../../src/metrics/hit.js';
import { reciprocalRank } from '../../src/metrics/mrr.js';
import { ndcgAt } from '../../src/metrics/ndcg.js';
import { precisionAt } from '../../src/metrics/precision.js';
import { rPrecision } from '../../src/metrics/r-precision.js';
import { recallAt } from '../../src/metrics/recall.js';

// The worked example users learn from: relevant {D3, D7}, ranking D9, D3, D5, D2, D7.
const judged = new Map([
  ['D3', 1],
  ['D7', 1],
]);
const ranking = ['D9', 'D3', 'D5', 'D2', 'D7'];
const T = 1;

describe('the worked example', () => {
  it('recall@k is the share of the relevant documents in the top k', () => {
    expect(recallAt(ranking, judged, 3, T)).toBe(0.5);
    expect(recallAt(ranking, judged, 5, T)).toBe(1);
    expect(recallAt(ranking, judged, 1, T)).toBe(0);
  });

  it('precision@k divides by k', () => {
    expect(precisionAt(ranking, judged, 3, T)).toBe(1 / 3);
    expect(precisionAt(ranking, judged, 3, T).toFixed(2)).toBe('0.33');
    expect(precisionAt(ranking, judged, 5, T)).toBe(0.4);
  });

  it('MRR is one over the rank of the first relevant document', () => {
    expect(reciprocalRank(ranking, judged, undefined, T)).toBe(0.5);
  });

  it('hit@k is 1 once any relevant document is in the top k', () => {
    expect(hitAt(ranking, judged, 1, T)).toBe(0);
    expect(hitAt(ranking, judged, 2, T)).toBe(1);
  });

  it('nDCG, AP and R-precision', () => {
    // Relevant at ranks 2 and 5; the ideal puts them at ranks 1 and 2.
    const idcg = 1 / Math.log2(2) + 1 / Math.log2(3);
    expect(ndcgAt(ranking, judged, 5, T)).toBeCloseTo((1 / Math.log2(3) + 1 / Math.log2(6)) / idcg, 12);
    expect(ndcgAt(ranking, judged, 3, T)).toBeCloseTo(1 / Math.log2(3) / idcg, 12);
    // Precision 1/2 at rank 2 and 2/5 at rank 5, over R = 2.
    expect(averagePrecision(ranking, judged, undefined, T)).toBeCloseTo((1 / 2 + 2 / 5) / 2, 12);
    // R = 2: one relevant document among the top 2.
    expect(rPrecision(ranking, judged, undefined, T)).toBe(1 / 2);
  });
});

describe('cutoffs', () => {
  it('precision@k keeps k as the divisor when fewer documents were retrieved (trec_eval P_k)', () => {
    expect(precisionAt(['D3'], judged, 5, T)).toBe(1 / 5);
    expect(precisionAt(['D3', 'D9'], judged, undefined, T)).toBe(1 / 2); // set_P: over what was retrieved
    expect(precisionAt([], judged, undefined, T)).toBe(0);
  });

  it('mrr@k and map@k only look at the top k', () => {
    expect(reciprocalRank(ranking, judged, 1, T)).toBe(0);
    expect(reciprocalRank(ranking, judged, 2, T)).toBe(1 / 2);
    // map@3 keeps R = 2 as the divisor: D7, beyond the cutoff, counts as precision 0.
    expect(averagePrecision(ranking, judged, 3, T)).toBe(1 / 2 / 2);
  });

  it('R-precision pads a short ranking with non-relevant documents and ignores k', () => {
    expect(rPrecision(['D3'], judged, undefined, T)).toBe(1 / 2);
    expect(rPrecision(ranking, judged, 1, T)).toBe(1 / 2);
  });

  it('a cutoff past the end of the ranking sees the whole ranking', () => {
    expect(recallAt(ranking, judged, 100, T)).toBe(1);
    expect(hitAt(['D9'], judged, 10, T)).toBe(0);
  });
});

describe('the threshold', () => {
  const graded = new Map([
    ['D3', 1],
    ['D7', 2],
    ['D9', 0],
  ]);

  it('grades below it, including 0, are not relevant', () => {
    // threshold 1: D3 and D7 relevant; threshold 2: only D7.
    expect(reciprocalRank(ranking, graded, undefined, 1)).toBe(1 / 2);
    expect(reciprocalRank(ranking, graded, undefined, 2)).toBe(1 / 5);
    expect(recallAt(ranking, graded, 3, 2)).toBe(0);
    expect(hitAt(ranking, graded, 1, 1)).toBe(0); // D9 has grade 0
    expect(averagePrecision(ranking, graded, undefined, 2)).toBe(1 / 5);
    expect(rPrecision(ranking, graded, undefined, 2)).toBe(0);
    expect(precisionAt(ranking, graded, 5, 2)).toBe(1 / 5);
  });

  it('0 makes judged grade-0 documents relevant, never unjudged ones', () => {
    expect(reciprocalRank(ranking, graded, undefined, 0)).toBe(1);
    expect(recallAt(ranking, graded, 5, 0)).toBe(1);
    expect(hitAt(['D5'], graded, 1, 0)).toBe(0);
  });

  it('nDCG ignores it and uses the grades as gains, as trec_eval ndcg_cut does', () => {
    const dcg = 1 / Math.log2(3) + 2 / Math.log2(6);
    const idcg = 2 / Math.log2(2) + 1 / Math.log2(3);
    expect(ndcgAt(ranking, graded, 5, 1)).toBeCloseTo(dcg / idcg, 12);
    expect(ndcgAt(ranking, graded, 5, 2)).toBe(ndcgAt(ranking, graded, 5, 1));
  });
});

describe('nDCG@k (trec_eval ndcg_cut: linear gain, log2 discount)', () => {
  it('graded: gain is the grade, ideal from all judged documents, cut at k', () => {
    const graded = new Map([
      ['D3', 2],
      ['D7', 1],
      ['D8', 2],
    ]);
    const dcg = 2 / Math.log2(3) + 1 / Math.log2(6);
    const idcg = 2 / Math.log2(2) + 2 / Math.log2(3) + 1 / Math.log2(4);
    expect(ndcgAt(ranking, graded, 5, T)).toBeCloseTo(dcg / idcg, 12);
    // At k = 2 the ideal stops after the two grade-2 documents.
    expect(ndcgAt(ranking, graded, 2, T)).toBeCloseTo(2 / Math.log2(3) / (2 + 2 / Math.log2(3)), 12);
  });

  it('negative grades gain nothing and stay out of the ideal', () => {
    const withNegative = new Map([
      ['D9', -1],
      ['D3', 1],
    ]);
    expect(ndcgAt(ranking, withNegative, 5, T)).toBeCloseTo(1 / Math.log2(3) / 1, 12);
  });

  it('without a cutoff the ideal takes every graded document (trec_eval ndcg)', () => {
    const idcg = 1 + 1 / Math.log2(3);
    expect(ndcgAt(['D3'], judged, undefined, T)).toBeCloseTo(1 / idcg, 12);
  });

  it('a perfect ranking scores 1, no graded document scores 0', () => {
    expect(ndcgAt(['D3', 'D7'], judged, 10, T)).toBeCloseTo(1, 12);
    expect(ndcgAt(ranking, new Map([['D9', 0]]), 10, T)).toBe(0);
  });
});

describe('queries with no relevant document', () => {
  it('score 0 on every metric rather than dividing by zero', () => {
    const none = new Map([['D9', 0]]);
    for (const fn of [hitAt, recallAt, precisionAt, reciprocalRank, ndcgAt, averagePrecision, rPrecision]) {
      expect(fn(ranking, none, 5, T)).toBe(0);
      expect(fn([], new Map(), 5, T)).toBe(0);
    }
  });
});
