import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minMax, NORMALIZERS, zScore } from '../../src/fusion/normalize.js';

const finiteScores = fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 30 });

describe('minMax', () => {
  it('maps (s - min) / (max - min)', () => {
    expect(minMax([3, 1, 2])).toEqual([(3 - 1) / (3 - 1), (1 - 1) / (3 - 1), (2 - 1) / (3 - 1)]);
    expect(minMax([10, 6, 2])).toEqual([1, (6 - 2) / (10 - 2), 0]);
  });

  it('maps all-equal scores, and a single score, to 1', () => {
    expect(minMax([4, 4, 4])).toEqual([1, 1, 1]);
    expect(minMax([-7])).toEqual([1]);
    expect(minMax([])).toEqual([]);
  });

  it('gives a missing document 0', () => {
    expect(NORMALIZERS.minmax.missing([1, 0.5, 0])).toBe(0);
    expect(NORMALIZERS.minmax.missing([1, 1])).toBe(0);
  });

  it('property: output lies in [0, 1], and spans it unless all scores are equal', () => {
    fc.assert(
      fc.property(finiteScores, (scores) => {
        const out = minMax(scores);
        for (const x of out) expect(x >= 0 && x <= 1).toBe(true);
        if (new Set(scores).size > 1) {
          expect(Math.min(...out)).toBe(0);
          expect(Math.max(...out)).toBe(1);
        }
      }),
    );
  });
});

describe('zScore', () => {
  it('maps (s - mean) / std with the population std', () => {
    // mean 2, std = sqrt(((1-2)² + (2-2)² + (3-2)²) / 3)
    const std = Math.sqrt(((1 - 2) ** 2 + (2 - 2) ** 2 + (3 - 2) ** 2) / 3);
    const out = zScore([1, 2, 3]);
    expect(out[0]).toBeCloseTo((1 - 2) / std, 12);
    expect(out[1]).toBeCloseTo((2 - 2) / std, 12);
    expect(out[2]).toBeCloseTo((3 - 2) / std, 12);
    // mean 3, std = sqrt(((5-3)² + (1-3)²) / 2) = 2
    expect(zScore([5, 1])).toEqual([(5 - 3) / 2, (1 - 3) / 2]);
  });

  it('maps all-equal scores to 0', () => {
    expect(zScore([0.3, 0.3])).toEqual([0, 0]);
    expect(zScore([9])).toEqual([0]);
    expect(zScore([])).toEqual([]);
  });

  it("gives a missing document the list's minimum z (0 for an empty list)", () => {
    expect(NORMALIZERS.zscore.missing([1, -1])).toBe(-1);
    expect(NORMALIZERS.zscore.missing([0, 0])).toBe(0);
    expect(NORMALIZERS.zscore.missing([])).toBe(0);
  });

  it('keeps the z-scores of close, large scores exact: two values map to +1 and -1', () => {
    // The input a property run once found: summing the raw values rounded the mean off by 1e-5.
    const out = zScore([-999999.999889099, -999999.9998813296]);
    expect(out[0]).toBeCloseTo(-1, 9);
    expect(out[1]).toBeCloseTo(1, 9);
  });

  it('property: mean 0 and population std 1 unless all scores are equal', () => {
    fc.assert(
      fc.property(finiteScores, (scores) => {
        const out = zScore(scores);
        for (const x of out) expect(Number.isFinite(x)).toBe(true);
        const mean = out.reduce((a, x) => a + x, 0) / out.length;
        expect(Math.abs(mean)).toBeLessThan(1e-6);
        const spread = Math.max(...scores) - Math.min(...scores);
        // Scores differing only in the last bits have a std lost to rounding; skip those.
        if (spread > 1e-6 * Math.max(1, ...scores.map(Math.abs))) {
          const variance = out.reduce((a, x) => a + (x - mean) ** 2, 0) / out.length;
          expect(variance).toBeCloseTo(1, 6);
        }
      }),
    );
  });
});
