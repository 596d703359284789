import { describe, expect, it } from 'vitest';
import type { Embedder } from '../../src/embedders/types.js';
import { createDenseRetriever } from '../../src/retrievers/dense.js';

/**
 * Two documents whose scores tie exactly in real arithmetic: rows [a, b, c] and [c, b, a]
 * against the query [1, 1, 1]. Summed in float64, in the row's order, they differ in the last
 * bit: (a + b) + c = 0.7291381807204754, (c + b) + a = 0.7291381807204753 (found by search over
 * float32 values; checked below). Rounded to float32, the precision the vectors have, they are
 * one number, so the shared tie order decides: id descending, "z-doc" before "a-doc", though the
 * float64 noise would have put "a-doc" first.
 */
const a = 0.23801256716251373;
const b = 1.0695763025259097e-10;
const c = 0.49112561345100403;

describe('dense ties', () => {
  it('are broken by id descending after the scores are rounded to float32, not by float64 noise', async () => {
    // The premise: float32 inputs, float64 sums that differ, float32 sums that do not.
    for (const x of [a, b, c]) expect(Math.fround(x)).toBe(x);
    expect(a + b + c).not.toBe(c + b + a);
    expect(a + b + c).toBeGreaterThan(c + b + a);
    expect(Math.fround(a + b + c)).toBe(Math.fround(c + b + a));
    const query: Embedder = {
      id: 'fixed',
      dims: 3,
      maxTokens: 10,
      embed: async () => ({ vectors: [Float32Array.of(1, 1, 1)], truncated: [false] }),
    };
    const table = {
      dims: 3,
      matrix: Float32Array.of(a, b, c, c, b, a),
      chunkIds: ['a-doc#0', 'z-doc#0'],
      docIds: ['a-doc', 'z-doc'],
    };
    const dense = createDenseRetriever(table, query);
    for (const level of ['doc', 'chunk'] as const) {
      const { hits } = await dense.search('q', { k: 2, level });
      expect(hits.map((h) => h.docId)).toEqual(['z-doc', 'a-doc']);
      expect(hits[0]!.score).toBe(hits[1]!.score);
      expect(hits[0]!.score).toBe(Math.fround(a + b + c));
    }
  });
});
