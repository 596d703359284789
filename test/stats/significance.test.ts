import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { EXACT_MAX_QUERIES, pairedDiffs, pairedRandomizationTest } from '../../src/stats/significance.js';

/** Scores for system a given the per-query differences against an all-zero system b. */
const vsZero = (diffs: number[]) =>
  pairedRandomizationTest(
    diffs,
    diffs.map(() => 0),
  );

describe('pairedRandomizationTest: exact enumeration (n <= 16)', () => {
  it('diffs [1, 1, 1]: only all-plus and all-minus reach |mean| 1, so p = 2/8', () => {
    expect(vsZero([1, 1, 1])).toEqual({ meanDiff: 1, p: 0.25 });
  });

  it('diffs [1, -1]: observed mean 0, every pattern reaches it, p = 1', () => {
    expect(vsZero([1, -1])).toEqual({ meanDiff: 0, p: 1 });
  });

  it('diffs [2, 1]: sums 3, 1, -1, -3; only ±3 reach 3, p = 2/4', () => {
    expect(vsZero([2, 1])).toEqual({ meanDiff: 1.5, p: 0.5 });
  });

  it('counts patterns more extreme than the observed one, not just equal', () => {
    // diffs [4, 1, 1, -1], observed sum 5. With +4 the three ±1 sum to 3 (1 way), 1 (3), -1 (3),
    // -3 (1): totals 7, 5, 3, 1, of which 7 and 5 reach 5 (4 patterns); mirrored for -4: 4 more.
    expect(vsZero([4, 1, 1, -1])).toEqual({ meanDiff: 5 / 4, p: 8 / 16 });
    // diffs [4, 1, 1, 1], observed sum 7: only +4+1+1+1 and its mirror, p = 2/16.
    expect(vsZero([4, 1, 1, 1])).toEqual({ meanDiff: 7 / 4, p: 2 / 16 });
  });

  it('counts patterns that tie the observed one in exact arithmetic but not in floating point', () => {
    // diffs [0.1, 0.2, -0.1]. Exactly: the sign patterns sum to ±0.4, ±0.2 (twice each) and 0
    // (twice), so |sum| >= 0.2 for 6 of 8. In floats the observed 0.1 + 0.2 - 0.1 is
    // 0.20000000000000004 while -0.1 + 0.2 + 0.1 is 0.2: without a tolerance p would be 4/8.
    const result = pairedRandomizationTest([0.1, 0.2, 0], [0, 0, 0.1]);
    expect(result.p).toBe(6 / 8);
    expect(result.meanDiff).toBeCloseTo(0.2 / 3, 15);
  });

  it('is exact up to 16 queries: 16 equal gains give p = 2 / 2^16', () => {
    expect(EXACT_MAX_QUERIES).toBe(16);
    expect(vsZero(new Array<number>(16).fill(0.1)).p).toBe(2 / 65_536);
  });

  it('takes differences as a - b', () => {
    const result = pairedRandomizationTest([0.5, 0.75], [0.25, 0.5]);
    expect(result).toEqual({ meanDiff: 0.25, p: 0.5 });
  });
});

describe('pairedRandomizationTest: sampled (n > 16)', () => {
  it('p = (count + 1) / (trials + 1): 17 equal gains are never matched by a random pattern', () => {
    // Only 2 of 2^17 patterns reach the observed sum; these 1000 seeded draws hit neither.
    expect(
      pairedRandomizationTest(new Array<number>(17).fill(1), new Array<number>(17).fill(0), { trials: 1000 }).p,
    ).toBe(1 / 1001);
  });

  it('matches the exact binomial p-value when all differences are ±1', () => {
    // 14 of +1 and 6 of -1: observed sum 8. Under random signs the sum is 2K - 20 with
    // K ~ Binomial(20, 1/2), so p = P(K >= 14) + P(K <= 6) = 2 · (C(20,14) + ... + C(20,20)) / 2^20
    // = 2 · (38760 + 15504 + 4845 + 1140 + 190 + 20 + 1) / 1048576 = 2 · 60460 / 1048576 ≈ 0.1153.
    const diffs = [...new Array<number>(14).fill(1), ...new Array<number>(6).fill(-1)];
    const { p, meanDiff } = vsZero(diffs);
    expect(meanDiff).toBe(8 / 20);
    // Standard error of a 10,000-trial estimate is ~0.0032.
    expect(Math.abs(p - (2 * 60_460) / 1_048_576)).toBeLessThan(0.015);
  });

  it('a large consistent difference over 50 queries is significant', () => {
    const b = Array.from({ length: 50 }, (_, i) => 0.4 + 0.1 * Math.cos(i));
    const a = Array.from({ length: 50 }, (_, i) => 0.6 + 0.1 * Math.sin(i));
    const result = pairedRandomizationTest(a, b);
    expect(result.meanDiff).toBeGreaterThan(0.15);
    expect(result.p).toBeLessThan(0.001);
  });

  it('a noise difference over 50 queries is not', () => {
    const b = new Array<number>(50).fill(0.5);
    const a = b.map((x, i) => x + 0.3 * Math.sin(i * 1.7));
    expect(pairedRandomizationTest(a, b).p).toBeGreaterThan(0.05);
  });

  it('gives the same p for the same seed', () => {
    const b = new Array<number>(30).fill(0);
    const a = b.map((_, i) => Math.sin(i) + 0.2);
    const first = pairedRandomizationTest(a, b, { trials: 2000, seed: 9 });
    expect(pairedRandomizationTest(a, b, { trials: 2000, seed: 9 })).toEqual(first);
    // p is a multiple of 1 / (trials + 1).
    expect(Math.abs(first.p * 2001 - Math.round(first.p * 2001))).toBeLessThan(1e-9);
  });
});

describe('pairedRandomizationTest: edge cases', () => {
  it('swapping a and b keeps p and negates the mean difference (exact and sampled)', () => {
    for (const n of [5, 40]) {
      const a = Array.from({ length: n }, (_, i) => 0.5 + 0.3 * Math.sin(i * 2.3));
      const b = Array.from({ length: n }, (_, i) => 0.45 + 0.3 * Math.cos(i * 1.1));
      const ab = pairedRandomizationTest(a, b);
      const ba = pairedRandomizationTest(b, a);
      expect(ba.p).toBe(ab.p);
      expect(ba.meanDiff).toBe(-ab.meanDiff);
      expect(ab.p).toBeLessThan(1);
    }
  });

  it('identical systems: mean difference 0, p = 1', () => {
    const scores = Array.from({ length: 30 }, (_, i) => (i % 7) / 7);
    expect(pairedRandomizationTest(scores, scores)).toEqual({ meanDiff: 0, p: 1 });
    expect(pairedRandomizationTest(scores.slice(0, 4), scores.slice(0, 4))).toEqual({ meanDiff: 0, p: 1 });
  });

  it('no queries: mean difference 0, p = 1', () => {
    expect(pairedRandomizationTest([], [])).toEqual({ meanDiff: 0, p: 1 });
  });

  it('rejects unpaired lists, non-finite scores and bad trial counts', () => {
    expect(() => pairedRandomizationTest([1, 2], [1])).toThrow(InputError);
    expect(() => pairedRandomizationTest([1, 2], [1])).toThrow(/got 2 and 1/);
    expect(() => pairedRandomizationTest([1, NaN], [1, 2])).toThrow(/query 1 is not a finite number/);
    expect(() => pairedRandomizationTest([1], [1], { trials: 0 })).toThrow(/trials must be a positive integer/);
    expect(() => pairedRandomizationTest([1], [1], { trials: 2.5 })).toThrow(InputError);
  });
});

describe('pairedDiffs', () => {
  it('is a - b per query', () => {
    expect(pairedDiffs([1, 0.5, 0], [0.5, 0.5, 1])).toEqual([0.5, 0, -1]);
  });
});
