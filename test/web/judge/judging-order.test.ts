import { describe, expect, it } from 'vitest';
import { judgingOrder, poolSeed, type PoolPair } from '../../../src/web/judge/judging-order.js';

/** Eight queries of five documents each, in the pool file's order (sorted by ids). */
const POOL: PoolPair[] = Array.from({ length: 8 }, (_, q) =>
  Array.from({ length: 5 }, (_, d) => ({ queryId: `q${q}`, docId: `doc-${q}-${d}` })),
).flat();
const key = (p: PoolPair) => `${p.queryId} ${p.docId}`;

describe('judgingOrder', () => {
  it('holds every pair of the pool once, query by query', () => {
    const order = judgingOrder(POOL, 7);
    expect(order.map(key).sort()).toEqual(POOL.map(key).sort());
    // each query's documents come one after another: the query id changes 8 - 1 times in all
    const changes = order.filter((p, i) => i > 0 && p.queryId !== order[i - 1]!.queryId).length;
    expect(changes).toBe(8 - 1);
  });

  it('is the same for the same seed and another for another seed, and not the sorted order', () => {
    expect(judgingOrder(POOL, 7)).toEqual(judgingOrder(POOL, 7));
    expect(judgingOrder(POOL, 7).map(key)).not.toEqual(judgingOrder(POOL, 8).map(key));
    expect(judgingOrder(POOL, 7).map(key)).not.toEqual(POOL.map(key));
  });
});

describe('poolSeed', () => {
  it('depends on the pairs only: the same pool gives the same seed, another pool another', () => {
    const copy = POOL.map((p) => ({ ...p, grade: 2 }));
    expect(poolSeed(copy)).toBe(poolSeed(POOL));
    expect(poolSeed(POOL.slice(1))).not.toBe(poolSeed(POOL));
    expect(Number.isSafeInteger(poolSeed(POOL))).toBe(true);
    expect(poolSeed(POOL)).toBeGreaterThanOrEqual(0);
    expect(poolSeed(POOL)).toBeLessThan(2 ** 32);
  });
});
