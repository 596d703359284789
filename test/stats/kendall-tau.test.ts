import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { kendallTauB, kendallTauOfRankings } from '../../src/stats/kendall-tau.js';

describe('kendallTauB', () => {
  it('same order is 1, reversed is -1', () => {
    expect(kendallTauB([1, 2, 3, 4], [10, 20, 30, 40]).tau).toBe(1);
    expect(kendallTauB([1, 2, 3, 4], [4, 3, 2, 1]).tau).toBe(-1);
  });

  it('without ties: (C - D) / (n(n-1)/2)', () => {
    // x = 1 2 3, y = 1 3 2: pairs (1,2) C, (1,3) C, (2,3) D.
    const result = kendallTauB([1, 2, 3], [1, 3, 2]);
    expect(result).toMatchObject({ concordant: 2, discordant: 1 });
    expect(result.tau).toBeCloseTo((2 - 1) / 3, 12);
  });

  it('with ties, by hand: tau-b divides by sqrt((n0 - n1)(n0 - n2))', () => {
    // x = 1 2 2 3, y = 1 3 2 2. Pairs: (a,b) C, (a,c) C, (a,d) C, (b,c) tied in x,
    // (b,d) x up y down: D, (c,d) tied in y. n0 = 6, n1 = 1, n2 = 1.
    const result = kendallTauB([1, 2, 2, 3], [1, 3, 2, 2]);
    expect(result).toMatchObject({ concordant: 3, discordant: 1 });
    expect(result.tau).toBeCloseTo((3 - 1) / Math.sqrt((6 - 1) * (6 - 1)), 12);
  });

  it('a pair tied in both counts in both n1 and n2', () => {
    // x = 1 1 2, y = 5 5 6: (a,b) tied in both, (a,c) C, (b,c) C. n0 = 3, n1 = n2 = 1.
    expect(kendallTauB([1, 1, 2], [5, 5, 6]).tau).toBeCloseTo(2 / Math.sqrt(2 * 2), 12);
  });

  it('undefined when one scoring ties everything, or fewer than two items', () => {
    const flat = kendallTauB([1, 2, 3], [7, 7, 7]);
    expect(flat.tau).toBeNaN();
    expect(flat.undefinedReason).toMatch(/second scoring/);
    expect(kendallTauB([1], [1]).undefinedReason).toMatch(/fewer than two/);
  });

  it('refuses scorings of different lengths', () => {
    expect(() => kendallTauB([1, 2], [1])).toThrow(InputError);
  });
});

describe('kendallTauOfRankings', () => {
  it('one swap among four items: C = 5, D = 1, tau = 4/6', () => {
    expect(
      kendallTauOfRankings(['bm25', 'dense', 'hybrid', 'rrf'], ['bm25', 'hybrid', 'dense', 'rrf']).tau,
    ).toBeCloseTo(4 / 6, 12);
  });

  it('refuses rankings of different items', () => {
    expect(() => kendallTauOfRankings(['a', 'b'], ['a', 'c'])).toThrow(/same items/);
    expect(() => kendallTauOfRankings(['a', 'a'], ['a', 'b'])).toThrow(/twice/);
  });
});
