import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { type AllPairsOptions, compareAllPairs } from '../../src/stats/all-pairs.js';
import { pairedTTest } from '../../src/stats/t-test.js';
import { tukeyHsd } from '../../src/stats/tukey-hsd.js';

/**
 * Three systems on 8 queries, small enough for the randomization test to enumerate all 2^8 sign
 * patterns: c is 1 everywhere, a is 0.5 on the first query and 0 elsewhere, b is 0 everywhere.
 * - a vs b: differences 0.5, 0, ..., 0; every pattern's |sum| is 0.5, so p = 1.
 * - a vs c and b vs c: all 8 differences share a sign and only the two all-same patterns reach
 *   the observed sum (flipping any one lowers it), so p = 2/256.
 */
const SCORES = new Map([
  ['a', [0.5, 0, 0, 0, 0, 0, 0, 0]],
  ['b', [0, 0, 0, 0, 0, 0, 0, 0]],
  ['c', [1, 1, 1, 1, 1, 1, 1, 1]],
]);

const options = (o: Partial<AllPairsOptions> = {}): AllPairsOptions => ({
  test: 'randomization',
  correction: 'holm',
  alpha: 0.05,
  ...o,
});

describe('compareAllPairs', () => {
  it('compares every pair in input order and adjusts for the 3 pairs (Holm): c beats a and b, a and b tie', () => {
    const pairs = compareAllPairs(SCORES, options());
    // Holm: sorted 2/256 · 3 = 6/256, then 2/256 · 2 = 4/256 lifted to the running max 6/256, then 1 · 1.
    expect(pairs).toEqual([
      { a: 'a', b: 'b', meanDiff: 0.5 / 8, p: 1, adjustedP: 1, significant: false },
      { a: 'a', b: 'c', meanDiff: 0.5 / 8 - 1, p: 2 / 256, adjustedP: 6 / 256, significant: true },
      { a: 'b', b: 'c', meanDiff: -1, p: 2 / 256, adjustedP: 6 / 256, significant: true },
    ]);
  });

  it('bonferroni multiplies by the 3 pairs; none keeps the raw p; alpha decides significance (p < alpha)', () => {
    expect(compareAllPairs(SCORES, options({ correction: 'bonferroni' })).map((p) => p.adjustedP)).toEqual([
      1,
      6 / 256,
      6 / 256,
    ]);
    expect(compareAllPairs(SCORES, options({ correction: 'none' })).map((p) => p.adjustedP)).toEqual([
      1,
      2 / 256,
      2 / 256,
    ]);
    // 6/256 = 0.0234: significant at 0.05, not at 0.01.
    expect(compareAllPairs(SCORES, options({ alpha: 0.01 })).some((p) => p.significant)).toBe(false);
  });

  it('the t-test gives each pair its paired t p-value, then corrects it', () => {
    const scores = new Map([
      ['x', [0.2, 0.5, 0.4, 0.9, 0.3]],
      ['y', [0.1, 0.45, 0.2, 0.7, 0.35]],
    ]);
    const [pair] = compareAllPairs(scores, options({ test: 't' }));
    expect(pair!.p).toBe(pairedTTest(scores.get('x')!, scores.get('y')!).p);
    expect(pair!.adjustedP).toBe(pair!.p); // one pair: Holm multiplies by 1
  });

  it("Tukey's HSD gives its own p for every pair and refuses a correction on top", () => {
    const { p } = tukeyHsd([...SCORES.values()]);
    const pairs = compareAllPairs(SCORES, options({ test: 'tukey', correction: 'none' }));
    expect(pairs.map((x) => x.p)).toEqual([p[0]![1], p[0]![2], p[1]![2]]);
    expect(pairs.map((x) => x.adjustedP)).toEqual(pairs.map((x) => x.p));
    expect(() => compareAllPairs(SCORES, options({ test: 'tukey', correction: 'holm' }))).toThrow(/already holds/);
  });

  it('refuses fewer than 2 systems, an alpha outside (0, 1) and lists of different lengths', () => {
    expect(() => compareAllPairs(new Map([['a', [1]]]), options())).toThrow(InputError);
    expect(() => compareAllPairs(SCORES, options({ alpha: 1 }))).toThrow(InputError);
    expect(() =>
      compareAllPairs(
        new Map([
          ['a', [1, 2]],
          ['b', [1]],
        ]),
        options(),
      ),
    ).toThrow(InputError);
  });
});
