import { InputError } from '../errors.js';
import type { Normalization } from './normalize.js';

/**
 * How the hybrid retriever combines its legs. `depth` is how many hits each leg is asked for
 * (the fusion pool per leg), independent of how many fused hits are returned.
 */
export type FusionOptions =
  | { method: 'rrf'; k: number; weights: { bm25: number; dense: number }; depth: number }
  | { method: 'score'; alpha: number; normalization: Normalization; depth: number };

export type FusionMethod = FusionOptions['method'];

/** The options of one method. */
export type FusionOptionsOf<M extends FusionMethod> = Extract<FusionOptions, { method: M }>;

/**
 * The one place defaults live. RRF is the default method: it needs no score calibration.
 * Frozen, since callers pass these objects around as ready-made options.
 */
export const FUSION_DEFAULTS: { readonly [M in FusionMethod]: FusionOptionsOf<M> } = Object.freeze({
  rrf: Object.freeze({ method: 'rrf', k: 60, weights: Object.freeze({ bm25: 1, dense: 1 }), depth: 100 }),
  score: Object.freeze({ method: 'score', alpha: 0.5, normalization: 'minmax', depth: 100 }),
});

export const DEFAULT_FUSION: FusionOptions = FUSION_DEFAULTS.rrf;

export const MAX_DEPTH = 10_000;

/** Raw parameters as the HTTP query string or the CLI flags give them. */
export type RawFusionParams = Partial<
  Record<'fusion' | 'rrf_k' | 'weights' | 'depth' | 'alpha' | 'norm', string | number | undefined>
>;

const METHODS: readonly FusionMethod[] = ['rrf', 'score'];
const NORMALIZATIONS: readonly Normalization[] = ['minmax', 'zscore'];

/**
 * Validates raw fusion parameters and fills in FUSION_DEFAULTS:
 *   fusion  "rrf" | "score"               (default rrf)
 *   rrf_k   number > 0                     (rrf)
 *   weights "bm25,dense", e.g. "1,0.5": both >= 0, not both 0 (rrf)
 *   depth   integer in 1..10000            (both)
 *   alpha   number in [0, 1]               (score)
 *   norm    "minmax" | "zscore"            (score)
 * Every given parameter is validated, but those of the other method are then ignored: an HTML
 * form submits all its fields whichever method is chosen. An empty or blank string counts as
 * absent, for the same reason. Throws InputError naming the parameter and the bad value.
 */
export function parseFusionOptions(raw: RawFusionParams): FusionOptions {
  const method = parseEnum('fusion', present(raw.fusion), METHODS) ?? DEFAULT_FUSION.method;
  const k = parseNumber('rrf_k', present(raw.rrf_k), (n) => n > 0, 'a number > 0');
  const weights = parseWeights(present(raw.weights));
  const depth = parseNumber(
    'depth',
    present(raw.depth),
    (n) => Number.isInteger(n) && n >= 1 && n <= MAX_DEPTH,
    `an integer from 1 to ${MAX_DEPTH}`,
  );
  const alpha = parseNumber('alpha', present(raw.alpha), (n) => n >= 0 && n <= 1, 'a number in [0, 1]');
  const normalization = parseEnum('norm', present(raw.norm), NORMALIZATIONS);

  if (method === 'rrf') {
    const d = FUSION_DEFAULTS.rrf;
    return { method, k: k ?? d.k, weights: weights ?? { ...d.weights }, depth: depth ?? d.depth };
  }
  const d = FUSION_DEFAULTS.score;
  return {
    method,
    alpha: alpha ?? d.alpha,
    normalization: normalization ?? d.normalization,
    depth: depth ?? d.depth,
  };
}

function present(value: string | number | undefined): string | number | undefined {
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

function fail(param: string, value: string | number, expected: string): never {
  const shown = typeof value === 'string' ? JSON.stringify(value) : String(value);
  throw new InputError(`${param} must be ${expected}, got ${shown}`);
}

/** Plain decimal notation only: Number() alone would also take "0x10", "Infinity" and "" (as 0). */
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

function toNumber(value: string | number): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  const text = value.trim();
  return NUMBER.test(text) ? Number(text) : undefined;
}

function parseNumber(
  param: string,
  value: string | number | undefined,
  ok: (n: number) => boolean,
  expected: string,
): number | undefined {
  if (value === undefined) return undefined;
  const n = toNumber(value);
  if (n === undefined || !ok(n)) fail(param, value, expected);
  return n;
}

function parseEnum<T extends string>(
  param: string,
  value: string | number | undefined,
  allowed: readonly T[],
): T | undefined {
  if (value === undefined) return undefined;
  const found = allowed.find((a) => a === String(value).trim());
  if (found === undefined) fail(param, value, `one of ${allowed.map((a) => `"${a}"`).join(', ')}`);
  return found;
}

/** "bm25,dense": a bare number is rejected, since which leg it would weight is ambiguous. */
function parseWeights(value: string | number | undefined): { bm25: number; dense: number } | undefined {
  if (value === undefined) return undefined;
  const expected = 'two numbers >= 0 as "bm25,dense" (e.g. "1,0.5"), not both 0';
  const parts = typeof value === 'string' ? value.split(',').map(toNumber) : [];
  const [bm25, dense] = parts;
  if (parts.length !== 2 || bm25 === undefined || dense === undefined) fail('weights', value, expected);
  if (bm25 < 0 || dense < 0 || (bm25 === 0 && dense === 0)) fail('weights', value, expected);
  return { bm25, dense };
}
