import { InputError } from '../errors.js';
import { createRng, DEFAULT_SEED, randomIndex } from './prng.js';
import { mean } from './mean.js';

export const DEFAULT_SAMPLES = 10_000;
export const DEFAULT_LEVEL = 0.95;

export interface BootstrapOptions {
  /** Bootstrap resamples B. */
  samples?: number;
  /** Coverage of the interval, strictly between 0 and 1. */
  level?: number;
  seed?: number;
}

export interface Interval {
  low: number;
  high: number;
  /** The mean of the observed differences (the point estimate the interval is around). */
  mean: number;
}

/**
 * Percentile bootstrap confidence interval for the mean of paired per-query differences
 * (Efron & Tibshirani 1993, ch. 13):
 *
 *   for b = 1..B: draw n queries with replacement, m_b = mean of their differences
 *   low  = quantile(m, (1 - level) / 2)
 *   high = quantile(m, (1 + level) / 2)
 *
 * Queries are the unit resampled because they are the independent draws in an IR test
 * collection; the differences are already paired, so both systems move together. The
 * quantile interpolates linearly between order statistics (R's type 7, numpy's default):
 * position h = (B - 1)·q in the sorted means. A seeded generator makes the interval
 * reproducible for a given seed.
 *
 * No differences: all three are NaN — there is no estimate, and a 0 would read as one.
 */
export function bootstrapCI(diffs: readonly number[], options: BootstrapOptions = {}): Interval {
  const samples = options.samples ?? DEFAULT_SAMPLES;
  const level = options.level ?? DEFAULT_LEVEL;
  if (!Number.isSafeInteger(samples) || samples < 1)
    throw new InputError(`samples must be a positive integer, got ${samples}`);
  if (!(level > 0 && level < 1)) throw new InputError(`level must be between 0 and 1 (exclusive), got ${level}`);
  if (diffs.some((d) => !Number.isFinite(d))) throw new InputError('differences must be finite numbers');
  const n = diffs.length;
  if (n === 0) return { low: NaN, high: NaN, mean: NaN };

  const rng = createRng(options.seed ?? DEFAULT_SEED);
  const means = new Float64Array(samples);
  for (let s = 0; s < samples; s++) {
    let total = 0;
    for (let i = 0; i < n; i++) total += diffs[randomIndex(rng, n)]!;
    means[s] = total / n;
  }
  means.sort();
  const alpha = 1 - level;
  return { low: quantile(means, alpha / 2), high: quantile(means, 1 - alpha / 2), mean: mean(diffs) };
}

/** Type-7 quantile of an ascending array: linear between the order statistics around (len - 1)·q. */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  const below = sorted[lo]!;
  return below + (h - lo) * (sorted[hi]! - below);
}
