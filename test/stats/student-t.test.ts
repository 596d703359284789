import { describe, expect, it } from 'vitest';
import { studentTCdf, studentTTwoSided } from '../../src/stats/student-t.js';
import { InputError } from '../../src/errors.js';
import { pairedTTest } from '../../src/stats/t-test.js';
import { near, SCIPY } from './scipy-reference.js';

describe('Student t distribution', () => {
  it('matches scipy.stats.t (cdf and two-sided tail) to 1e-13, whole and fractional df', () => {
    for (const { t, df, cdf, two_sided } of SCIPY.t_distribution) {
      expect(near(studentTCdf(t, df), cdf, 1e-14, 1e-13), `cdf t = ${t}, df = ${df}`).toBe(true);
      expect(near(studentTTwoSided(t, df), two_sided, 1e-14, 1e-13), `tail t = ${t}, df = ${df}`).toBe(true);
    }
  });

  it('has the closed forms of df = 1 (Cauchy: 1/2 + atan(t)/π) and df = 2 (1/2 + t / (2√(2 + t²)))', () => {
    for (const t of [-7, -0.5, 0, 0.3, 4]) {
      expect(studentTCdf(t, 1)).toBeCloseTo(0.5 + Math.atan(t) / Math.PI, 14);
      expect(studentTCdf(t, 2)).toBeCloseTo(0.5 + t / (2 * Math.sqrt(2 + t * t)), 14);
    }
  });

  it('an infinite t has tail 0; an invalid df is NaN', () => {
    expect(studentTTwoSided(Infinity, 5)).toBe(0);
    expect(studentTTwoSided(1, 0)).toBeNaN();
  });
});

describe('pairedTTest', () => {
  it('matches scipy.stats.ttest_rel (t and two-sided p) on IR-like scores from 5 to 300 queries', () => {
    for (const { a, b, t, df, p } of SCIPY.paired_t) {
      const result = pairedTTest(a, b);
      expect(result.df).toBe(df);
      expect(near(result.t, t, 1e-12, 1e-12), `n = ${a.length}`).toBe(true);
      expect(near(result.p, p, 1e-14, 1e-11), `n = ${a.length}`).toBe(true);
    }
  });

  it('worked example: differences 1, 2, 3 have mean 2, s = 1, t = 2√3 on 2 df, p = 1 - t/√(2 + t²)', () => {
    const t = 2 * Math.sqrt(3);
    const result = pairedTTest([1, 2, 3], [0, 0, 0]);
    expect(result.meanDiff).toBe(2);
    expect(result.t).toBeCloseTo(t, 14);
    expect(result.p).toBeCloseTo(1 - t / Math.sqrt(2 + t * t), 14); // the df = 2 closed form
  });

  it('is symmetric: swapping a and b flips t and keeps p', () => {
    const { a, b } = SCIPY.paired_t[0]!;
    expect(pairedTTest(b, a).t).toBeCloseTo(-pairedTTest(a, b).t, 12);
    expect(pairedTTest(b, a).p).toBe(pairedTTest(a, b).p);
  });

  it('no spread in the differences: all zero is p = 1, all the same non-zero value is p = 0', () => {
    expect(pairedTTest([0.5, 0.2, 0.9], [0.5, 0.2, 0.9])).toMatchObject({ t: 0, p: 1 });
    // 0.3 - 0.2 and 0.7 - 0.6 differ in the last bits; they are still one difference of 0.1.
    expect(pairedTTest([0.3, 0.7, 0.5], [0.2, 0.6, 0.4])).toMatchObject({ t: Infinity, p: 0 });
  });

  it('fewer than two queries is no evidence (p = 1); lists of different lengths are an InputError', () => {
    expect(pairedTTest([], []).p).toBe(1);
    expect(pairedTTest([1], [0]).p).toBe(1);
    expect(() => pairedTTest([1, 2], [1])).toThrow(InputError);
  });
});
