import { describe, expect, it } from 'vitest';
import { bo1Weights } from '../../src/legs/bo1.js';
import { rm3Weights } from '../../src/legs/rm3.js';
import { rocchioWeights } from '../../src/legs/rocchio.js';
import type { FeedbackDoc } from '../../src/retrievers/expansion/feedback.js';
import type { LexicalIndex, TermStats, WeightedTerm } from '../../src/retrievers/lexical-index.js';

/**
 * The three expansion models on a hand-made index of N = 20 chunks, the query "appl pie" (as
 * analysed) and two feedback chunks. Every expected weight is the model's formula written out.
 *
 *   term    df  cf   in D1 (score 4)  in D2 (score 2)
 *   appl     2   3        2
 *   pie      2   4        1                2
 *   crust    2   6        3                1
 *   oven     1   1        1
 *   bake     1   2                         2
 *   common  10  40        5                        (in half the chunks: above RM3/Rocchio's 10%)
 *   x        1   1                         1       (one character: never a feedback term)
 */
const N = 20;
const STATS: Record<string, TermStats> = {
  appl: { df: 2, cf: 3 },
  pie: { df: 2, cf: 4 },
  crust: { df: 2, cf: 6 },
  oven: { df: 1, cf: 1 },
  bake: { df: 1, cf: 2 },
  common: { df: 10, cf: 40 },
  x: { df: 1, cf: 1 },
};
const index: LexicalIndex = {
  analysis: { analyze: () => [], queryTerms: () => [] },
  stats: { chunks: N, totalLength: 200 },
  termStats: (term) => STATS[term],
  termVector: () => undefined,
  scoreTerms: () => ({ hits: [], timings: {} }),
};
const QUERY = ['appl', 'pie'];
const FEEDBACK: FeedbackDoc[] = [
  {
    chunkId: 'd1',
    score: 4,
    vector: new Map([
      ['appl', 2],
      ['pie', 1],
      ['crust', 3],
      ['oven', 1],
      ['common', 5],
    ]),
  },
  {
    chunkId: 'd2',
    score: 2,
    vector: new Map([
      ['pie', 2],
      ['crust', 1],
      ['bake', 2],
      ['x', 1],
    ]),
  },
];

const asObject = (terms: WeightedTerm[]) => Object.fromEntries(terms.map((t) => [t.term, t.weight]));

describe('rm3Weights', () => {
  it('is the relevance model of the pruned, length-normalised feedback, interpolated with the query', () => {
    const got = rm3Weights(index, QUERY, FEEDBACK, { fbTerms: 3, originalWeight: 0.5 });
    // D1 keeps appl 2, pie 1, crust 3, oven 1 (common is in 50% of the chunks), cut to its 3 most
    // frequent: crust 3, appl 2, and of the tie at 1 "oven" before "pie"; |D1| = 6.
    // D2 keeps pie 2, crust 1, bake 2 (x is one character); |D2| = 5.
    const relevance = {
      crust: (3 / 6) * 4 + (1 / 5) * 2,
      appl: (2 / 6) * 4,
      oven: (1 / 6) * 4,
      pie: (2 / 5) * 2,
      bake: (2 / 5) * 2,
    };
    // The 3 heaviest: crust, appl, and of the tie at 0.8 "bake" before "pie".
    const total = relevance.crust + relevance.appl + relevance.bake;
    const expected = {
      crust: 0.5 * (relevance.crust / total),
      appl: 0.5 * (1 / 2) + 0.5 * (relevance.appl / total),
      bake: 0.5 * (relevance.bake / total),
      pie: 0.5 * (1 / 2),
    };
    expect(Object.keys(asObject(got)).sort()).toEqual(Object.keys(expected).sort());
    for (const [term, weight] of Object.entries(expected)) expect(asObject(got)[term]).toBeCloseTo(weight, 12);
    // Heaviest first.
    expect(got.map((t) => t.weight)).toEqual([...got.map((t) => t.weight)].sort((a, b) => b - a));
    // The weights sum to 1: λ of the query's distribution plus 1 - λ of the model's.
    expect(got.reduce((s, t) => s + t.weight, 0)).toBeCloseTo(1, 12);
  });

  it('original_weight 1 gives back the query alone, spread over its terms', () => {
    const got = rm3Weights(index, ['appl', 'appl', 'pie'], FEEDBACK, { fbTerms: 10, originalWeight: 1 });
    expect(asObject(got)).toEqual({ appl: 2 / 3, pie: 1 / 3 });
  });
});

describe('rocchioWeights', () => {
  it('adds β times the unit-length centroid of the unit-length feedback vectors to the unit-length query', () => {
    const got = rocchioWeights(index, QUERY, FEEDBACK, { fbTerms: 3, alpha: 1, beta: 0.75 });
    // D1: appl 2, pie 1, crust 3, oven 1: ‖D1‖ = √15. D2: pie 2, crust 1, bake 2: ‖D2‖ = 3.
    const r15 = Math.sqrt(15);
    const centroid = {
      appl: 2 / r15 / 2,
      pie: (1 / r15 + 2 / 3) / 2,
      crust: (3 / r15 + 1 / 3) / 2,
      oven: 1 / r15 / 2,
      bake: 2 / 3 / 2,
    };
    // The 3 heaviest: crust 0.554, pie 0.462, bake 0.333.
    const norm = Math.hypot(centroid.crust, centroid.pie, centroid.bake);
    const q = 1 / Math.SQRT2;
    const expected = {
      appl: q,
      pie: q + (0.75 * centroid.pie) / norm,
      crust: (0.75 * centroid.crust) / norm,
      bake: (0.75 * centroid.bake) / norm,
    };
    expect(Object.keys(asObject(got)).sort()).toEqual(Object.keys(expected).sort());
    for (const [term, weight] of Object.entries(expected)) expect(asObject(got)[term]).toBeCloseTo(weight, 12);
  });
});

describe('bo1Weights', () => {
  it("adds β times each of the fb_terms heaviest Bose-Einstein weights, over the heaviest's, to the query's", () => {
    const got = bo1Weights(index, QUERY, FEEDBACK, { fbTerms: 3, beta: 0.4 });
    // tf_x over both chunks and P_n = F / N; every term of 2+ characters competes, `common` too.
    const bo1 = (tfx: number, cf: number) => {
      const pn = cf / N;
      return tfx * Math.log2((1 + pn) / pn) + Math.log2(1 + pn);
    };
    const w = {
      appl: bo1(2, 3),
      pie: bo1(3, 4),
      crust: bo1(4, 6),
      oven: bo1(1, 1),
      common: bo1(5, 40),
      bake: bo1(2, 2),
    };
    // Heaviest: crust (8.84), pie (8.02), bake (7.06); then appl (6.08), common (4.51), oven (4.46).
    expect(w.crust > w.pie && w.pie > w.bake && w.bake > w.appl).toBe(true);
    const expected = {
      appl: 1,
      pie: 1 + (0.4 * w.pie) / w.crust,
      crust: 0.4,
      bake: (0.4 * w.bake) / w.crust,
    };
    expect(Object.keys(asObject(got)).sort()).toEqual(Object.keys(expected).sort());
    for (const [term, weight] of Object.entries(expected)) expect(asObject(got)[term]).toBeCloseTo(weight, 12);
  });
});
