import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minMax } from '../../src/fusion/normalize.js';
import { alphaWeights, scoreFusion } from '../../src/fusion/score-fusion.js';
import type { FusionInput } from '../../src/fusion/types.js';
import type { Hit } from '../../src/retrievers/types.js';
import { list, rankedList, weight } from './lists.js';

/** The inputs for one alpha, as the fuse dispatcher builds them. */
function legs(bm25: Hit[], dense: Hit[], alpha: number): FusionInput[] {
  const w = alphaWeights(alpha);
  return [
    { name: 'bm25', hits: bm25, weight: w.bm25 },
    { name: 'dense', hits: dense, weight: w.dense },
  ];
}

const scores = (hits: Hit[]) => Object.fromEntries(hits.map((h) => [h.id, h.score]));

// bm25 min-max: a (10-2)/(10-2) = 1, b (6-2)/(10-2) = 0.5, c 0
// dense min-max: b (0.9-0.1)/(0.9-0.1) = 1, d (0.5-0.1)/(0.9-0.1), a 0
const BM25 = list(['a', 10], ['b', 6], ['c', 2]);
const DENSE = list(['b', 0.9], ['d', 0.5], ['a', 0.1]);

describe('alphaWeights', () => {
  it('splits alpha as 1 - alpha for bm25 and alpha for dense', () => {
    expect(alphaWeights(0.25)).toEqual({ bm25: 1 - 0.25, dense: 0.25 });
    expect(alphaWeights(1)).toEqual({ bm25: 0, dense: 1 });
    expect(alphaWeights(0)).toEqual({ bm25: 1, dense: 0 });
  });
});

describe('scoreFusion, min-max', () => {
  it('computes (1 - alpha) · norm_bm25 + alpha · norm_dense, a missing document counting 0', () => {
    const fused = scoreFusion(legs(BM25, DENSE, 0.5), 'minmax');
    const s = scores(fused);
    expect(s.a).toBeCloseTo((1 - 0.5) * 1 + 0.5 * 0, 12);
    expect(s.b).toBeCloseTo((1 - 0.5) * ((6 - 2) / (10 - 2)) + 0.5 * 1, 12);
    expect(s.c).toBeCloseTo((1 - 0.5) * 0 + 0.5 * 0, 12); // c: not in dense -> 0
    expect(s.d).toBeCloseTo((1 - 0.5) * 0 + 0.5 * ((0.5 - 0.1) / (0.9 - 0.1)), 12); // d: not in bm25 -> 0
    // b 0.75 > a 0.5 > d 0.25 > c 0
    expect(fused.map((h) => [h.id, h.rank])).toEqual([
      ['b', 1],
      ['a', 2],
      ['d', 3],
      ['c', 4],
    ]);
  });

  it('alpha 0.8 leans towards dense', () => {
    const s = scores(scoreFusion(legs(BM25, DENSE, 0.8), 'minmax'));
    expect(s.a).toBeCloseTo((1 - 0.8) * 1 + 0.8 * 0, 12);
    expect(s.d).toBeCloseTo((1 - 0.8) * 0 + 0.8 * ((0.5 - 0.1) / (0.9 - 0.1)), 12);
    expect(s.d).toBeGreaterThan(s.a ?? Infinity);
  });

  it('alpha 1 is dense only: bm25-only documents are left out, bm25 ranks still reported', () => {
    const fused = scoreFusion(legs(BM25, DENSE, 1), 'minmax');
    expect(fused.map((h) => h.id)).toEqual(['b', 'd', 'a']);
    expect(fused.find((h) => h.id === 'a')?.sources).toEqual({
      bm25: { rank: 1, score: 10 },
      dense: { rank: 3, score: 0.1 },
    });
  });

  it('alpha 0 is lexical only', () => {
    const fused = scoreFusion(legs(BM25, DENSE, 0), 'minmax');
    expect(fused.map((h) => h.id)).toEqual(['a', 'b', 'c']);
    expect(fused.map((h) => h.score)).toEqual(minMax([10, 6, 2]));
  });

  it('an all-equal list scores its documents 1 and missing ones 0', () => {
    const fused = scoreFusion(legs(list(['a', 3], ['b', 3]), list(['c', 1]), 0.5), 'minmax');
    // All three fuse to 0.5, so the tie-break (ids descending, as trec_eval) orders them.
    expect(fused.map((h) => [h.id, h.score])).toEqual([
      ['c', (1 - 0.5) * 0 + 0.5 * 1],
      ['b', (1 - 0.5) * 1 + 0.5 * 0],
      ['a', (1 - 0.5) * 1 + 0.5 * 0],
    ]);
  });

  it('breaks equal fused scores by id', () => {
    // a: 0.5·1 + 0.5·0, b: 0.5·0 + 0.5·1 — equal, so b (ids descending) first although bm25 put a first.
    const fused = scoreFusion(legs(list(['a', 1], ['b', 0]), list(['b', 1], ['a', 0]), 0.5), 'minmax');
    expect(fused.map((h) => [h.id, h.rank, h.score])).toEqual([
      ['b', 1, 0.5],
      ['a', 2, 0.5],
    ]);
  });
});

describe('scoreFusion, z-score', () => {
  it("computes the weighted sum of z-scores, a missing document getting the list's minimum z", () => {
    // bm25 [a 3, b 2, c 1]: mean 2, std sqrt(2/3) -> a 1/std, b 0, c -1/std
    // dense [d 5, a 1]: mean 3, std 2 -> d 1, a -1
    const std = Math.sqrt(((3 - 2) ** 2 + (2 - 2) ** 2 + (1 - 2) ** 2) / 3);
    const fused = scoreFusion(legs(list(['a', 3], ['b', 2], ['c', 1]), list(['d', 5], ['a', 1]), 0.5), 'zscore');
    const s = scores(fused);
    expect(s.a).toBeCloseTo(0.5 * (1 / std) + 0.5 * -1, 12);
    expect(s.b).toBeCloseTo(0.5 * 0 + 0.5 * -1, 12); // b: not in dense -> dense's min z, -1
    expect(s.c).toBeCloseTo(0.5 * (-1 / std) + 0.5 * -1, 12); // c: likewise
    expect(s.d).toBeCloseTo(0.5 * (-1 / std) + 0.5 * 1, 12); // d: not in bm25 -> bm25's min z, -1/std
    // a 0.112 > d -0.112 > b -0.5 > c -1.112
    expect(fused.map((h) => h.id)).toEqual(['a', 'd', 'b', 'c']);
  });

  it('an all-equal list has z 0 for present and missing documents alike', () => {
    const fused = scoreFusion(legs(list(['a', 2], ['b', 2]), list(['c', 4], ['a', 0]), 0.5), 'zscore');
    // bm25: a 0, b 0, c missing -> 0. dense [4, 0]: mean 2, std 2 -> c 1, a -1, b missing -> -1
    expect(scores(fused)).toEqual({ c: 0.5 * 0 + 0.5 * 1, a: 0.5 * 0 + 0.5 * -1, b: 0.5 * 0 + 0.5 * -1 });
  });

  it('defaults to min-max', () => {
    expect(scoreFusion(legs(BM25, DENSE, 0.5))).toEqual(scoreFusion(legs(BM25, DENSE, 0.5), 'minmax'));
  });
});

describe('scoreFusion properties', () => {
  const alpha = fc.double({ min: 0, max: 1, noNaN: true });
  const norm = fc.constantFrom('minmax' as const, 'zscore' as const);

  it('gives finite scores, min-max fused scores within [0, 1]', () => {
    fc.assert(
      fc.property(rankedList, rankedList, alpha, norm, (l1, l2, a, n) => {
        for (const h of scoreFusion(legs(l1, l2, a), n)) {
          expect(Number.isFinite(h.score)).toBe(true);
          if (n === 'minmax') expect(h.score >= 0 && h.score <= 1 + 1e-12).toBe(true);
        }
      }),
    );
  });

  it('keeps the order of a single list with weight > 0', () => {
    fc.assert(
      fc.property(rankedList, weight, norm, (hits, w, n) => {
        const fused = scoreFusion([{ name: 'dense', hits, weight: w }], n);
        expect(fused.map((h) => h.id)).toEqual(hits.map((h) => h.id));
      }),
    );
  });

  it('does not depend on the order the lists are given in', () => {
    fc.assert(
      fc.property(rankedList, rankedList, alpha, norm, (l1, l2, a, n) => {
        const [x, y] = legs(l1, l2, a) as [FusionInput, FusionInput];
        expect(scoreFusion([y, x], n)).toEqual(scoreFusion([x, y], n));
      }),
    );
  });
});
