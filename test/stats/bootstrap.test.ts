import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { bootstrapCI, quantile } from '../../src/stats/bootstrap.js';

/** Five differences with mean 0.12 and population variance 0.228 / 5 = 0.0456. */
const base = [-0.2, 0.1, 0.3, 0, 0.4];
const repeat = (xs: number[], times: number) => Array.from({ length: times }, () => xs).flat();

describe('bootstrapCI', () => {
  it('is [c, c] around c when every difference is c', () => {
    expect(bootstrapCI(new Array<number>(7).fill(0.25))).toEqual({ low: 0.25, high: 0.25, mean: 0.25 });
    expect(bootstrapCI([-0.5])).toEqual({ low: -0.5, high: -0.5, mean: -0.5 });
  });

  it('diffs [0, 1]: resample means are 0, 0.5, 1 with chances 1/4, 1/2, 1/4', () => {
    // 95%: the 2.5% and 97.5% quantiles fall in the 0 and 1 blocks.
    expect(bootstrapCI([0, 1])).toEqual({ low: 0, high: 1, mean: 0.5 });
    // 40%: the 30% and 70% quantiles both fall in the middle 0.5 block (25%..75%).
    expect(bootstrapCI([0, 1], { level: 0.4 })).toEqual({ low: 0.5, high: 0.5, mean: 0.5 });
  });

  it('has about the normal-theory width for many queries', () => {
    // n = 200: standard error = sqrt(0.0456 / 200) ≈ 0.0151, so 95% width ≈ 2 · 1.96 · 0.0151 ≈ 0.0592.
    const { low, high, mean } = bootstrapCI(repeat(base, 40));
    expect(mean).toBeCloseTo(0.12, 12);
    expect(high - low).toBeGreaterThan(0.0592 * 0.9);
    expect(high - low).toBeLessThan(0.0592 * 1.1);
    expect(low).toBeLessThan(0.12);
    expect(high).toBeGreaterThan(0.12);
  });

  it('narrows as the number of queries grows (width ∝ 1/√n)', () => {
    const small = bootstrapCI(repeat(base, 4)); // n = 20
    const large = bootstrapCI(repeat(base, 40)); // n = 200: √10 ≈ 3.16 times narrower
    const ratio = (small.high - small.low) / (large.high - large.low);
    expect(ratio).toBeGreaterThan(2.5);
    expect(ratio).toBeLessThan(4);
  });

  it('widens with the level', () => {
    const diffs = repeat(base, 4);
    const ci90 = bootstrapCI(diffs, { level: 0.9 });
    const ci99 = bootstrapCI(diffs, { level: 0.99 });
    expect(ci99.low).toBeLessThan(ci90.low);
    expect(ci99.high).toBeGreaterThan(ci90.high);
  });

  it('is reproducible with the same seed and moves with another', () => {
    const diffs = repeat(base, 3);
    const first = bootstrapCI(diffs, { seed: 3, samples: 500 });
    expect(bootstrapCI(diffs, { seed: 3, samples: 500 })).toEqual(first);
    expect(bootstrapCI(diffs, { seed: 4, samples: 500 })).not.toEqual(first);
  });

  it('contains the observed mean, which is the mean of the differences', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 1, maxLength: 30 }), (diffs) => {
        const { low, high, mean } = bootstrapCI(diffs, { samples: 200 });
        expect(mean).toBeCloseTo(diffs.reduce((s, d) => s + d, 0) / diffs.length, 12);
        // Resample means lie between min and max, and the interval is ordered.
        expect(low).toBeLessThanOrEqual(high);
        expect(low).toBeGreaterThanOrEqual(Math.min(...diffs) - 1e-12);
        expect(high).toBeLessThanOrEqual(Math.max(...diffs) + 1e-12);
      }),
      { numRuns: 50 },
    );
    // With enough resamples the observed mean sits inside (its resample distribution is centred on it).
    for (const diffs of [base, repeat(base, 10), [0.3, -0.1, 0.05, 0.2, 0.9, -0.4]]) {
      const { low, high, mean } = bootstrapCI(diffs);
      expect(low).toBeLessThanOrEqual(mean);
      expect(high).toBeGreaterThanOrEqual(mean);
    }
  });

  it('gives NaN with no differences: there is nothing to estimate', () => {
    expect(bootstrapCI([])).toEqual({ low: NaN, high: NaN, mean: NaN });
  });

  it('rejects bad options and non-finite differences', () => {
    expect(() => bootstrapCI([1], { level: 1 })).toThrow(/level must be between 0 and 1/);
    expect(() => bootstrapCI([1], { level: 0 })).toThrow(InputError);
    expect(() => bootstrapCI([1], { samples: 0 })).toThrow(/samples must be a positive integer/);
    expect(() => bootstrapCI([1, Infinity])).toThrow(/finite/);
  });
});

describe('quantile (type 7)', () => {
  it('interpolates between order statistics at (len - 1)·q', () => {
    const xs = [1, 2, 3, 4];
    expect(quantile(xs, 0)).toBe(1);
    expect(quantile(xs, 1)).toBe(4);
    expect(quantile(xs, 1 / 3)).toBe(2); // h = 1
    expect(quantile(xs, 0.5)).toBe(2.5); // h = 1.5
    expect(quantile([5], 0.3)).toBe(5);
  });
});
