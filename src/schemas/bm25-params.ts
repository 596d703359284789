import { z } from 'zod/v4';
import { InputError } from '../errors.js';
import { BM25_DEFAULTS } from './defaults.js';

/**
 * BM25's two parameters, defined once: their bounds, defaults and help. The pipeline schema's
 * fields come from here (every lexical leg: lexical, rm3, rocchio, bo1), and an engine called
 * directly (a bench, a test, `testbed tune`) checks the same bounds with checkBm25Params, so a
 * value the API refuses is refused everywhere with the same words.
 */
export const BM25_BOUNDS = Object.freeze({
  /** Term-frequency saturation: 0 ignores tf; Lucene-family engines use 0.5-2, 10 is already all tf. */
  k1: Object.freeze({ min: 0, max: 10 }),
  /** Length normalisation: 0 ignores chunk length, 1 normalises fully. */
  b: Object.freeze({ min: 0, max: 1 }),
});

/** The zod fields `k1` and `b` of a leg that scores with BM25 over postings (optional: the defaults apply). */
export function bm25ParamFields() {
  return {
    k1: z
      .number()
      .min(BM25_BOUNDS.k1.min)
      .max(BM25_BOUNDS.k1.max)
      .optional()
      .describe(`BM25 term-frequency saturation (default ${BM25_DEFAULTS.k1})`),
    b: z
      .number()
      .min(BM25_BOUNDS.b.min)
      .max(BM25_BOUNDS.b.max)
      .optional()
      .describe(`BM25 length normalisation (default ${BM25_DEFAULTS.b})`),
  };
}

/** Throws InputError naming the parameter when k1 or b is outside BM25_BOUNDS (or not a number). */
export function checkBm25Params(k1: number, b: number): void {
  for (const [name, value] of [
    ['k1', k1],
    ['b', b],
  ] as const) {
    const { min, max } = BM25_BOUNDS[name];
    if (!(Number.isFinite(value) && value >= min && value <= max))
      throw new InputError(`${name} must be a number in [${min}, ${max}], got ${value}`);
  }
}
