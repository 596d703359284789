import { InputError } from '../errors.js';

/** The seed every statistic uses unless told otherwise, so two runs of a report agree. */
export const DEFAULT_SEED = 42;

/**
 * A seeded pseudo-random generator returning floats in [0, 1): mulberry32 (32-bit state).
 *
 * Each call adds the odd constant 0x6D2B79F5 to the state (a Weyl sequence, so the state walks
 * through all 2^32 values before repeating) and scrambles it with two xor-shift-multiply
 * rounds; the top 32 bits of the result divided by 2^32 give the float. Statistical quality is
 * ample for resampling tests, it is a few lines with no dependency, and — the point — the same
 * seed yields the same sequence on every machine and Node version, so a report's p-values and
 * intervals reproduce run to run. Math.random cannot be seeded.
 *
 * The seed must be a safe integer; it is reduced modulo 2^32 (so -1 and 2^32 - 1 agree).
 */
export function createRng(seed: number): () => number {
  if (!Number.isSafeInteger(seed)) throw new InputError(`seed must be an integer, got ${seed}`);
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A uniform integer in [0, n). Bias from flooring is at most n / 2^32: negligible for query counts. */
export function randomIndex(rng: () => number, n: number): number {
  return Math.floor(rng() * n);
}
