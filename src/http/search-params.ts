import { z } from 'zod';
import { checkIndexName } from '../catalog/index-names.js';
import { InputError } from '../errors.js';
import { parseFusionOptions } from '../fusion/options.js';
import { LANGUAGE_CODE } from '../search/language-code.js';
import type { SearchParamName } from '../search/request-params.js';
import { DEFAULT_ENGINE, ENGINES, MAX_K, type Mode, type SearchRequest } from '../search/types.js';

/** Longer "queries" are pasted documents, not questions: refuse rather than run a huge OR. */
export const MAX_QUERY_CHARS = 2000;

const numberish = (name: string, check: (n: number) => boolean, expected: string) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      // Decimal notation only: Number() would also take "0x10", " 5 " and "1e3".
      const n = typeof v === 'number' ? v : /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : NaN;
      if (!Number.isFinite(n) || !check(n)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${name} must be ${expected}, got ${JSON.stringify(v)}` });
        return z.NEVER;
      }
      return n;
    });

/**
 * The validator of every search parameter, one per entry of SEARCH_PARAMS (the `satisfies`
 * makes a missing or extra one a compile error). Exported for the OpenAPI test.
 */
export const searchSchema = z.object({
  index: z.string({ required_error: 'index is required' }).min(1, 'index is required'),
  q: z
    .string({ required_error: 'q is required' })
    .refine((q) => q.trim().length > 0, 'q must not be empty')
    .refine((q) => q.length <= MAX_QUERY_CHARS, `q must be at most ${MAX_QUERY_CHARS} characters`),
  k: numberish('k', (n) => Number.isInteger(n) && n >= 1 && n <= MAX_K, `an integer from 1 to ${MAX_K}`),
  level: z.enum(['chunk', 'doc']).optional(),
  engine: z.enum(ENGINES).optional(),
  fusion: z.string().optional(),
  rrf_k: z.union([z.string(), z.number()]).optional(),
  weights: z.union([z.string(), z.number(), z.array(z.number())]).optional(),
  depth: z.union([z.string(), z.number()]).optional(),
  alpha: z.union([z.string(), z.number()]).optional(),
  norm: z.string().optional(),
  lang: z.string().regex(LANGUAGE_CODE, 'lang must be a language code such as de or zh').optional(),
  qlang: z.string().regex(LANGUAGE_CODE, 'qlang must be a language code such as de or zh').optional(),
  k1: numberish('k1', (n) => n >= 0 && n <= 10, 'a number in [0, 10]'),
  b: numberish('b', (n) => n >= 0 && n <= 1, 'a number in [0, 1]'),
} satisfies Record<SearchParamName, z.ZodTypeAny>);

/**
 * Validates search parameters from a query string or a JSON body (the same names either way)
 * into a SearchRequest. Throws ZodError or InputError naming the parameter.
 */
export function parseSearchParams(mode: Mode, raw: unknown): SearchRequest & { index: string } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new InputError('request body must be a JSON object');
  // An unknown parameter is a typo ("kk", "levle") that would silently search with a default:
  // refused alike in a query string and a JSON body.
  const p = searchSchema.strict().parse(raw);
  const weights = Array.isArray(p.weights) ? p.weights.join(',') : p.weights;
  const wink = p.k1 !== undefined || p.b !== undefined ? { ...(p.k1 !== undefined && { k1: p.k1 }), ...(p.b !== undefined && { b: p.b }) } : undefined;
  return {
    index: checkIndexName(p.index),
    mode,
    query: p.q,
    k: p.k ?? 10,
    level: p.level ?? 'chunk',
    engine: p.engine ?? DEFAULT_ENGINE,
    fusion: parseFusionOptions({ fusion: p.fusion, rrf_k: p.rrf_k, weights, depth: p.depth, alpha: p.alpha, norm: p.norm }),
    ...(wink && { wink }),
    ...(p.lang && { lang: p.lang.toLowerCase() }),
    ...(p.qlang && { queryLang: p.qlang.toLowerCase() }),
  };
}
