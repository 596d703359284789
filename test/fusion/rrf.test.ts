import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rrf, RRF_K } from '../../src/fusion/rrf.js';
import type { FusionInput } from '../../src/fusion/types.js';
import { ids, rankedList, weight } from './lists.js';

const bm25 = (hits: FusionInput['hits'], w = 1): FusionInput => ({ name: 'bm25', hits, weight: w });
const dense = (hits: FusionInput['hits'], w = 1): FusionInput => ({ name: 'dense', hits, weight: w });

describe('rrf', () => {
  it('defaults k to 60', () => {
    expect(RRF_K).toBe(60);
  });

  it('sums 1/(k + rank) over the lists holding each document', () => {
    // bm25: a1 b2 c3    dense: c1 a2 d3
    const fused = rrf([bm25(ids('a', 'b', 'c')), dense(ids('c', 'a', 'd'))]);
    const score = Object.fromEntries(fused.map((h) => [h.id, h.score]));
    expect(score.c).toBe(1 / (60 + 3) + 1 / (60 + 1));
    expect(score.a).toBe(1 / (60 + 1) + 1 / (60 + 2));
    expect(score.b).toBe(1 / (60 + 2));
    expect(score.d).toBe(1 / (60 + 3));
    // a: 1/61+1/62 > c: 1/61+1/63 > b: 1/62 > d: 1/63
    expect(fused.map((h) => [h.id, h.rank])).toEqual([
      ['a', 1],
      ['c', 2],
      ['b', 3],
      ['d', 4],
    ]);
  });

  it('a document missing from a list gets nothing from that list', () => {
    const fused = rrf([bm25(ids('a', 'b')), dense(ids('b', 'c'))]);
    const byId = new Map(fused.map((h) => [h.id, h]));
    expect(byId.get('a')?.score).toBe(1 / (60 + 1));
    expect(byId.get('c')?.score).toBe(1 / (60 + 2));
    expect(byId.get('a')?.sources).toEqual({ bm25: { rank: 1, score: 2 } });
    expect(byId.get('c')?.sources).toEqual({ dense: { rank: 2, score: 1 } });
  });

  it('uses k', () => {
    const fused = rrf([bm25(ids('a', 'b')), dense(ids('b', 'a'))], 1);
    expect(fused.map((h) => h.score)).toEqual([1 / (1 + 1) + 1 / (1 + 2), 1 / (1 + 2) + 1 / (1 + 1)]);
  });

  it('multiplies each list by its weight', () => {
    // bm25 weight 2, dense weight 0.5: bm25's order wins.
    const fused = rrf([bm25(ids('a', 'b'), 2), dense(ids('b', 'c'), 0.5)]);
    expect(fused.map((h) => [h.id, h.score])).toEqual([
      ['b', 2 / (60 + 2) + 0.5 / (60 + 1)],
      ['a', 2 / (60 + 1)],
      ['c', 0.5 / (60 + 2)],
    ]);
    // Flipped weights: dense's order wins.
    const flipped = rrf([bm25(ids('a', 'b'), 0.5), dense(ids('b', 'c'), 2)]);
    expect(flipped.map((h) => h.id)).toEqual(['b', 'c', 'a']);
  });

  it('leaves out documents found only by a weight-0 list, but still reports where it ranked the rest', () => {
    const fused = rrf([bm25(ids('a', 'b')), dense(ids('c', 'a'), 0)]);
    expect(fused.map((h) => [h.id, h.score])).toEqual([
      ['a', 1 / (60 + 1)],
      ['b', 1 / (60 + 2)],
    ]);
    expect(fused[0]?.sources).toEqual({ bm25: { rank: 1, score: 2 }, dense: { rank: 2, score: 1 } });
  });

  it('breaks equal fused scores by id', () => {
    // a: 1/61 + 1/62, b: 1/62 + 1/61 — equal, so b (the larger id: trec_eval's tie-break, ids
    // descending) first although bm25 put a first.
    const fused = rrf([bm25(ids('a', 'b')), dense(ids('b', 'a'))]);
    expect(fused.map((h) => [h.id, h.rank])).toEqual([
      ['b', 1],
      ['a', 2],
    ]);
    expect(fused[0]?.score).toBe(fused[1]?.score);
  });

  it('takes docId and chunkId from the list where the document ranked best, bm25 on ties', () => {
    const doc = (id: string, chunkId: string, rank: number) => ({ id, docId: id, chunkId, score: 1, rank });
    const fused = rrf([
      bm25([doc('d1', 'd1#0', 1), doc('d2', 'd2#3', 2), doc('d3', 'd3#1', 3)]),
      dense([doc('d3', 'd3#2', 1), doc('d1', 'd1#5', 2), doc('d2', 'd2#4', 2)]),
    ]);
    const chunk = Object.fromEntries(fused.map((h) => [h.id, h.chunkId]));
    expect(chunk).toEqual({ d1: 'd1#0', d2: 'd2#3', d3: 'd3#2' });
    // Passing dense first changes nothing: the tie rule is by leg, not argument order.
    const reversed = rrf([
      dense([doc('d3', 'd3#2', 1), doc('d1', 'd1#5', 2), doc('d2', 'd2#4', 2)]),
      bm25([doc('d1', 'd1#0', 1), doc('d2', 'd2#3', 2), doc('d3', 'd3#1', 3)]),
    ]);
    expect(reversed).toEqual(fused);
  });

  it('returns nothing for no lists or empty lists', () => {
    expect(rrf([])).toEqual([]);
    expect(rrf([bm25([]), dense([])])).toEqual([]);
  });

  it('rejects two lists from the same leg and an id repeated within a list', () => {
    expect(() => rrf([bm25(ids('a')), bm25(ids('b'))])).toThrow(/two input lists named "bm25"/);
    expect(() => rrf([dense(ids('a', 'a'))])).toThrow(/"a" appears twice in the dense list/);
  });

  describe('properties', () => {
    it('does not depend on the order the lists are given in', () => {
      fc.assert(
        fc.property(rankedList, rankedList, weight, weight, (l1, l2, w1, w2) => {
          const a = bm25(l1, w1);
          const b = dense(l2, w2);
          expect(rrf([b, a])).toEqual(rrf([a, b]));
        }),
      );
    });

    it('keeps the order of a single list with weight > 0', () => {
      fc.assert(
        fc.property(rankedList, weight, fc.constantFrom('bm25', 'dense'), (hits, w, name) => {
          const fused = rrf([{ name, hits, weight: w }]);
          expect(fused.map((h) => [h.id, h.rank])).toEqual(hits.map((h) => [h.id, h.rank]));
        }),
      );
    });

    it('gives finite, positive scores and ranks 1..n with unique ids', () => {
      fc.assert(
        fc.property(rankedList, rankedList, weight, weight, (l1, l2, w1, w2) => {
          const fused = rrf([bm25(l1, w1), dense(l2, w2)]);
          for (const h of fused) expect(Number.isFinite(h.score) && h.score > 0).toBe(true);
          expect(fused.map((h) => h.rank)).toEqual(fused.map((_, i) => i + 1));
          expect(new Set(fused.map((h) => h.id)).size).toBe(new Set([...l1, ...l2].map((h) => h.id)).size);
        }),
      );
    });
  });
});
