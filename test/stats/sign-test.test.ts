import { describe, expect, it } from 'vitest';
import { normalCdf } from '../../src/stats/normal-cdf.js';
import { signTestP, signTestSearchesNeeded } from '../../src/stats/sign-test.js';

describe('signTestP', () => {
  it('is twice the binomial tail of the smaller count, worked by hand', () => {
    // 9 of 10: P(X <= 1) = (C(10,0) + C(10,1)) / 2^10 = 11 / 1024.
    expect(signTestP(9, 1)).toBeCloseTo((2 * (1 + 10)) / 2 ** 10, 14);
    expect(signTestP(1, 9)).toBeCloseTo(0.021484375, 14);
    // 10 of 10: 2 / 2^10.
    expect(signTestP(10, 0)).toBeCloseTo(2 / 1024, 14);
    // 6 of 10: 2 (1 + 10 + 45 + 120 + 210) / 1024.
    expect(signTestP(6, 4)).toBeCloseTo((2 * 386) / 1024, 14);
    // An even split is no evidence: capped at 1.
    expect(signTestP(5, 5)).toBe(1);
  });

  it('stays exact where 2^n overflows, and says nothing without a trial', () => {
    // 600 against 500 (2^1100 is no double): the normal approximation with continuity correction,
    // 2Φ(-(600 - 550 - 0.5) / √(1100 / 4)) = 2Φ(-2.985) = 0.00284, is within 2e-5 of the exact tail.
    const p = signTestP(600, 500)!;
    expect(p).toBeCloseTo(2 * normalCdf(-(600 - 550 - 0.5) / Math.sqrt(1100 / 4)), 4);
    expect(signTestP(500, 600)).toBe(p);
    expect(signTestP(0, 0)).toBeUndefined();
    expect(() => signTestP(-1, 3)).toThrow(/a must be a non-negative integer/);
  });
});

describe('signTestSearchesNeeded', () => {
  it('is the normal-approximation sample size at α 0.05 and power 0.8, over the share not tied', () => {
    // w = 0.75: ((1.959964 · 0.5 + 0.841621 · √0.1875) / 0.25)² = ((0.979982 + 0.364433) / 0.25)² = 28.92
    expect(signTestSearchesNeeded(0.75, 0)).toBeCloseTo(28.92, 2);
    expect(signTestSearchesNeeded(0.25, 0)).toBeCloseTo(28.92, 2);
    // Half the searches tied: twice as many searches give the same number of non-tied ones.
    expect(signTestSearchesNeeded(0.75, 0.5)).toBeCloseTo(2 * 28.92, 1);
    expect(signTestSearchesNeeded(0.5, 0)).toBeUndefined();
    expect(signTestSearchesNeeded(0.75, 1)).toBeUndefined();
  });
});
