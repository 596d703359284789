import { InputError } from '../errors.js';
import { createRng, DEFAULT_SEED } from './prng.js';

/** Up to this many queries every sign pattern is enumerated (2^16 = 65,536), so p is exact. */
export const EXACT_MAX_QUERIES = 16;

/** Random sign patterns drawn when there are too many queries to enumerate. */
export const DEFAULT_TRIALS = 10_000;

export interface RandomizationOptions {
  /** Sign patterns to sample when n > EXACT_MAX_QUERIES (ignored when enumerating). */
  trials?: number;
  seed?: number;
}

export interface RandomizationResult {
  /** mean(a_i - b_i): positive when a scores higher. */
  meanDiff: number;
  /** Two-sided p-value. */
  p: number;
}

/**
 * The paired randomization (sign-flip) test of a difference in mean per-query scores, as
 * recommended for IR by Smucker, Allan & Carterette (2007):
 *
 *   d_i = a_i - b_i,   D = |Σ d_i|
 *   H0: the two systems are exchangeable per query, so each d_i is as likely to be -d_i.
 *   p  = Pr_{s ∈ {±1}^n} ( |Σ s_i d_i| >= D )
 *
 * Sums are compared instead of means: n is fixed, so the order is the same and one division
 * (and its rounding) is saved. Differences that are equal in exact arithmetic can differ by a
 * few ulps after summing in another order, so ">=" allows a tolerance relative to Σ|d_i|; a
 * pattern that ties the observed one must count or p comes out too small.
 *
 * n <= EXACT_MAX_QUERIES: all 2^n patterns are enumerated and p = count / 2^n, exact and free
 * of randomness. Larger n: `trials` patterns are drawn from a seeded generator and
 * p = (count + 1) / (trials + 1), which counts the observed pattern itself so p is never 0
 * (a sampled test cannot prove p = 0), and the same seed gives the same p.
 *
 * No queries, or all differences zero: p = 1 — there is no evidence of any difference.
 */
export function pairedRandomizationTest(
  a: readonly number[],
  b: readonly number[],
  options: RandomizationOptions = {},
): RandomizationResult {
  const diffs = pairedDiffs(a, b);
  const trials = options.trials ?? DEFAULT_TRIALS;
  if (!Number.isSafeInteger(trials) || trials < 1)
    throw new InputError(`trials must be a positive integer, got ${trials}`);
  const n = diffs.length;
  if (n === 0) return { meanDiff: 0, p: 1 };

  const observed = sum(diffs);
  const meanDiff = observed / n;
  const scale = diffs.reduce((s, d) => s + Math.abs(d), 0);
  if (scale === 0) return { meanDiff, p: 1 };
  // Below this, |Σ s_i d_i| counts as reaching |observed|: far above summation error, far below any real gap.
  const threshold = Math.abs(observed) - 1e-9 * scale;

  if (n <= EXACT_MAX_QUERIES) {
    const patterns = 2 ** n;
    let count = 0;
    for (let mask = 0; mask < patterns; mask++) {
      let s = 0;
      for (let i = 0; i < n; i++) s += (mask >>> i) & 1 ? -diffs[i]! : diffs[i]!;
      if (Math.abs(s) >= threshold) count++;
    }
    return { meanDiff, p: count / patterns };
  }

  const rng = createRng(options.seed ?? DEFAULT_SEED);
  let count = 0;
  for (let t = 0; t < trials; t++) {
    let s = 0;
    for (const d of diffs) s += rng() < 0.5 ? -d : d;
    if (Math.abs(s) >= threshold) count++;
  }
  return { meanDiff, p: (count + 1) / (trials + 1) };
}

/** a_i - b_i, after checking the two score lists line up query for query and are finite. */
export function pairedDiffs(a: readonly number[], b: readonly number[]): number[] {
  if (a.length !== b.length) {
    throw new InputError(`paired scores need one value per query in both systems, got ${a.length} and ${b.length}`);
  }
  return a.map((x, i) => {
    const y = b[i]!;
    if (!Number.isFinite(x) || !Number.isFinite(y)) throw new InputError(`score for query ${i} is not a finite number`);
    return x - y;
  });
}

function sum(xs: readonly number[]): number {
  let s = 0;
  for (const x of xs) s += x;
  return s;
}
