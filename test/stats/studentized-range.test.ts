import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { normalCdf } from '../../src/stats/normal-cdf.js';
import { studentTTwoSided } from '../../src/stats/student-t.js';
import { studentizedRangeCdf, studentizedRangeSf } from '../../src/stats/studentized-range.js';
import { near, SCIPY } from './scipy-reference.js';

describe('studentized range distribution', () => {
  it('matches scipy.stats.studentized_range (sf and cdf) to 1e-10 for k = 2..26 and df = 1..1000', () => {
    for (const { q, k, df, sf, cdf } of SCIPY.studentized_range) {
      const label = `q = ${q}, k = ${k}, df = ${df}`;
      expect(near(studentizedRangeSf(q, k, df), sf, 1e-10, 1e-8), label).toBe(true);
      expect(near(studentizedRangeCdf(q, k, df), cdf, 1e-10), label).toBe(true);
    }
  });

  it("gives scipy.stats.tukey_hsd's one-way p-values from their q and df", () => {
    for (const { q, k, df, p } of SCIPY.tukey_one_way)
      expect(near(studentizedRangeSf(q, k, df), p, 1e-10, 1e-8), `q = ${q}`).toBe(true);
  });

  it('with k = 2 is √2 times |Student t|: Pr(Q >= q) = Pr(|T| >= q/√2), also at df where scipy drifts', () => {
    // scipy's studentized_range is off by 3e-6 at df = 1e5; the t identity is exact there.
    for (const df of [1, 3, 40, 299, 1e5])
      for (const q of [0.2, 1.5, 4, 9])
        expect(studentizedRangeSf(q, 2, df), `q = ${q}, df = ${df}`).toBeCloseTo(
          studentTTwoSided(q / Math.SQRT2, df),
          11,
        );
  });

  it('with df = Infinity is the range of k normals: for k = 2, Pr(W >= w) = 2 Φ(-w/√2)', () => {
    for (const w of [0.5, 2, 5])
      expect(studentizedRangeSf(w, 2, Infinity)).toBeCloseTo(2 * normalCdf(-w / Math.SQRT2), 13);
  });

  it('falls as q grows and rises with k (a larger range is expected from more means)', () => {
    const qs = [0.5, 1, 2, 3, 5, 8];
    const tails = qs.map((q) => studentizedRangeSf(q, 4, 20));
    for (let i = 1; i < tails.length; i++) expect(tails[i]).toBeLessThan(tails[i - 1]!);
    expect(studentizedRangeSf(3, 6, 20)).toBeGreaterThan(studentizedRangeSf(3, 4, 20));
  });

  it('q <= 0 is 1, q = Infinity is 0; k below 2 or df below 1 is an InputError', () => {
    expect(studentizedRangeSf(0, 3, 10)).toBe(1);
    expect(studentizedRangeSf(Infinity, 3, 10)).toBe(0);
    expect(() => studentizedRangeSf(2, 1, 10)).toThrow(InputError);
    expect(() => studentizedRangeSf(2, 2.5, 10)).toThrow(InputError);
    expect(() => studentizedRangeSf(2, 3, 0.5)).toThrow(InputError);
  });
});
