import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { sampleQueries } from '../../src/traffic/sample-queries.js';

// Ten queries with a skewed traffic: q0 asked 40 times ... q9 once.
const FREQUENCIES = [40, 20, 12, 8, 6, 5, 4, 3, 1, 1];
const QUERIES = FREQUENCIES.map((frequency, i) => ({ key: `q${i}`, frequency }));
const TOTAL = FREQUENCIES.reduce((s, f) => s + f, 0);

/** How often each key is drawn over `draws` seeds (0, 1, 2, ...). */
function tally(method: 'random' | 'pps', n: number, draws: number): Map<string, number> {
  const counts = new Map<string, number>(QUERIES.map((q) => [q.key, 0]));
  for (let seed = 0; seed < draws; seed++)
    for (const q of sampleQueries(QUERIES, { method, n, seed }).queries) counts.set(q.key, counts.get(q.key)! + 1);
  return counts;
}

/**
 * A count of a key drawn with probability p in N independent draws is Binomial(N, p): mean N·p,
 * standard deviation sqrt(N·p·(1 - p)). Within 4.5 standard deviations fails by chance with
 * probability about 7e-6 per key.
 */
function expectBinomial(count: number, draws: number, p: number): void {
  const sigma = Math.sqrt(draws * p * (1 - p));
  expect(Math.abs(count - draws * p)).toBeLessThanOrEqual(4.5 * sigma);
}

describe('sampleQueries', () => {
  it('top: the n most frequent, ties by key', () => {
    const tied = [
      { key: 'b', frequency: 2 },
      { key: 'c', frequency: 5 },
      { key: 'a', frequency: 2 },
      { key: 'd', frequency: 1 },
    ];
    expect(sampleQueries(tied, { method: 'top', n: 2 }).queries.map((q) => q.key)).toEqual(['c', 'a']);
    expect(sampleQueries(QUERIES, { method: 'top', n: 3 }).queries.map((q) => q.key)).toEqual(['q0', 'q1', 'q2']);
  });

  it.each(['random', 'pps'] as const)('%s: the same seed gives the same set in the same order', (method) => {
    const first = sampleQueries(QUERIES, { method, n: 4, seed: 7 });
    const again = sampleQueries([...QUERIES].reverse(), { method, n: 4, seed: 7 });
    expect(again.queries).toEqual(first.queries);
    expect(first.queries).toHaveLength(4);
    // Returned most frequent first, ties by key.
    const sorted = [...first.queries].sort((a, b) => b.frequency - a.frequency || a.key.localeCompare(b.key));
    expect(first.queries).toEqual(sorted);
  });

  it.each(['random', 'pps'] as const)('%s: different seeds give different sets', (method) => {
    const sets = new Set(
      [1, 2, 3, 4, 5, 6].map((seed) =>
        sampleQueries(QUERIES, { method, n: 3, seed })
          .queries.map((q) => q.key)
          .join(','),
      ),
    );
    expect(sets.size).toBeGreaterThan(1);
  });

  it('draws without replacement', () => {
    for (const method of ['random', 'pps'] as const)
      for (let seed = 0; seed < 50; seed++) {
        const keys = sampleQueries(QUERIES, { method, n: 6, seed }).queries.map((q) => q.key);
        expect(new Set(keys).size).toBe(6);
      }
  });

  it('pps with n = 1 picks each query with probability frequency / total frequency', () => {
    const draws = 20_000;
    const counts = tally('pps', 1, draws);
    for (const q of QUERIES) expectBinomial(counts.get(q.key)!, draws, q.frequency / TOTAL);
  });

  it('random with n = 1 picks each query with probability 1 / distinct queries, whatever its frequency', () => {
    const draws = 20_000;
    const counts = tally('random', 1, draws);
    for (const q of QUERIES) expectBinomial(counts.get(q.key)!, draws, 1 / QUERIES.length);
  });

  it('random with n = 3 includes each query with probability 3 / distinct queries', () => {
    const draws = 10_000;
    const counts = tally('random', 3, draws);
    for (const q of QUERIES) expectBinomial(counts.get(q.key)!, draws, 3 / QUERIES.length);
  });

  it('takes every query when n is at least their number, and says so', () => {
    for (const method of ['random', 'pps', 'top'] as const) {
      const sample = sampleQueries(QUERIES, { method, n: 25, seed: 3 });
      expect(sample.queries.map((q) => q.key)).toEqual(QUERIES.map((q) => q.key));
      expect(sample).toMatchObject({ tookAll: true, requested: 25, available: 10 });
    }
    expect(sampleQueries(QUERIES, { method: 'pps', n: 9 }).tookAll).toBe(false);
  });

  it('refuses a bad n or method', () => {
    expect(() => sampleQueries(QUERIES, { method: 'top', n: 0 })).toThrow(InputError);
    expect(() => sampleQueries(QUERIES, { method: 'top', n: 2.5 })).toThrow(/"n"/);
    expect(() => sampleQueries(QUERIES, { method: 'stratified' as 'top', n: 2 })).toThrow(/method/);
  });
});
