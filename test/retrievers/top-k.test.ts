import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHashEmbedder, hashVector } from '../../src/embedders/hash.js';
import { createDenseRetriever, dotAll } from '../../src/retrievers/dense.js';
import { topK } from '../../src/retrievers/top-k.js';

/** The naive oracle: sort everything by (score desc, id desc in UTF-8 byte order: trec_eval's) and cut. */
function bruteForce(scores: number[], ids: string[], k: number): number[] {
  return scores
    .map((_, i) => i)
    .sort((a, b) => scores[b]! - scores[a]! || Buffer.compare(Buffer.from(ids[b]!), Buffer.from(ids[a]!)))
    .slice(0, k);
}

describe('topK', () => {
  it('equals a full sort, ties included', () => {
    fc.assert(
      fc.property(
        // few distinct values so ties are common
        fc.array(fc.integer({ min: -3, max: 3 }), { maxLength: 60 }),
        fc.integer({ min: 0, max: 70 }),
        (raw, k) => {
          const ids = raw.map((_, i) => `d${(i * 7919) % 101}-${i}`);
          expect(topK(raw, ids, k)).toEqual(bruteForce(raw, ids, k));
        },
      ),
    );
  });

  it('k of 0 or an empty list gives nothing', () => {
    expect(topK([1, 2], ['a', 'b'], 0)).toEqual([]);
    expect(topK([], [], 5)).toEqual([]);
  });
});

describe('exact dense search', () => {
  const texts = [
    'reset a forgotten password',
    'storage quota exceeded',
    'install on linux',
    'session token expired',
    'team plan storage',
  ];
  const dims = 32;
  const vectors = texts.map((t) => hashVector(t, dims));
  const matrix = new Float32Array(vectors.length * dims);
  vectors.forEach((v, i) => matrix.set(v, i * dims));
  const table = { matrix, dims, chunkIds: texts.map((_, i) => `d${i}#0`), docIds: texts.map((_, i) => `d${i}`) };

  it('scores every row with the dot product', () => {
    const q = hashVector('storage plan', dims);
    const scores = dotAll(table, q);
    vectors.forEach((v, i) =>
      expect(scores[i]).toBeCloseTo(
        v.reduce((s, x, j) => s + x * q[j]!, 0),
        6,
      ),
    );
  });

  it('ranks exactly as a brute-force sort of those scores', async () => {
    const dense = createDenseRetriever(table, createHashEmbedder(dims));
    const q = 'storage quota for the team plan';
    const scores = [...dotAll(table, hashVector(q, dims))];
    const { hits } = await dense.search(q, { k: 5, level: 'chunk' });
    expect(hits.map((h) => h.id)).toEqual(bruteForce(scores, table.chunkIds, 5).map((i) => table.chunkIds[i]));
  });
});
