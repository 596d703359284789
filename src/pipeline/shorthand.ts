import { z } from 'zod/v4';
import {
  DEFAULT_ENGINE,
  DEFAULT_K,
  DEFAULT_LEVEL,
  FUSION_DEFAULTS,
  MAX_DEPTH,
  MAX_K,
  WINK_DEFAULTS,
} from '../schemas/defaults.js';
import { filterSpec, type FilterSpec } from '../schemas/filter-spec.js';
import { LANGUAGE_CODE } from '../schemas/language-code.js';
import { ENGINES, LEVELS } from '../schemas/names.js';
import { enumParam, jsonParam, numberParam, patternParam } from '../schemas/param-types.js';
import type { PipelineInput } from './pipeline-spec.js';

/** The three named pipelines: `/search/bm25|dense|hybrid`, `--mode`, `mode:` in an experiment. */
export const MODES = ['bm25', 'dense', 'hybrid'] as const;
export type Mode = (typeof MODES)[number];
export const DEFAULT_MODE: Mode = 'bm25';

/** The two fusion spellings of the hybrid shorthand. */
export const SHORTHAND_FUSIONS = ['rrf', 'score'] as const;
export const SHORTHAND_NORMS = ['minmax', 'zscore'] as const;

const WEIGHT_PAIR = /^\s*([0-9.eE+-]+)\s*,\s*([0-9.eE+-]+)\s*$/;

/** "bm25,dense" (a query string, a flag) or [bm25, dense] (JSON, YAML): two weights >= 0, not both 0. */
const weightPair = z.preprocess(
  (v) => {
    if (typeof v === 'string' && v.trim() === '') return undefined;
    const m = typeof v === 'string' ? WEIGHT_PAIR.exec(v) : null;
    return m ? [Number(m[1]), Number(m[2])] : v;
  },
  z
    .tuple([z.number().min(0), z.number().min(0)], {
      error: (i) => `weights must be two numbers >= 0 as "bm25,dense" (e.g. "1,0.5"), got ${JSON.stringify(i.input)}`,
    })
    .refine(([a, b]) => a > 0 || b > 0, 'weights: at least one of bm25,dense must be > 0'),
);

/**
 * The flat parameters of the shorthands, one schema for every spelling: strings or numbers
 * alike (a query string, CLI flags, a JSON body, YAML), unknown names refused. The defaults
 * shown in --help and OpenAPI are the ones expandShorthand applies.
 */
export const shorthandParams = z
  .object({
    mode: enumParam('mode', MODES).default(DEFAULT_MODE).describe('retrieval mode'),
    k: numberParam('k', { int: true, min: 1, max: MAX_K }).default(DEFAULT_K).describe(`hits to return, 1 to ${MAX_K}`),
    level: enumParam('level', LEVELS)
      .default(DEFAULT_LEVEL)
      .describe('rank passages or whole documents (by their best passage)'),
    engine: enumParam('engine', ENGINES)
      .default(DEFAULT_ENGINE)
      .describe(
        "lexical engine of bm25 and of hybrid's lexical leg: wink (k1, b settable, Anserini's 0.9 and 0.4 by default) or fts5 (SQLite's bm25(), k1 1.2 and b 0.75 fixed)",
      ),
    k1: numberParam('k1', { min: 0, max: 10 })
      .optional()
      .describe(`wink BM25 term-frequency saturation (default ${WINK_DEFAULTS.k1})`),
    b: numberParam('b', { min: 0, max: 1 })
      .optional()
      .describe(`wink BM25 length normalisation (default ${WINK_DEFAULTS.b})`),
    fusion: enumParam('fusion', SHORTHAND_FUSIONS)
      .default('rrf')
      .describe('hybrid: rrf (reciprocal rank fusion) or score (wsum: (1 - alpha) bm25 + alpha dense, normalised)'),
    rrf_k: numberParam('rrf_k', { min: 0, max: 1e6, exclusiveMin: true })
      .default(FUSION_DEFAULTS.rrfK)
      .describe('hybrid rrf: the RRF constant'),
    weights: weightPair.optional().describe('hybrid rrf: leg weights bm25,dense'),
    depth: numberParam('depth', { int: true, min: 1, max: MAX_DEPTH })
      .default(FUSION_DEFAULTS.depth)
      .describe('hybrid: hits taken from each leg before fusing'),
    alpha: numberParam('alpha', { min: 0, max: 1 }).default(0.5).describe('hybrid score: weight of dense'),
    norm: enumParam('norm', SHORTHAND_NORMS).default('minmax').describe('hybrid score: score normalisation'),
    lang: patternParam('lang', LANGUAGE_CODE, 'a language code such as de or zh')
      .optional()
      .describe('only documents in this language (ISO 639 code, e.g. de or zh)'),
    filter: jsonParam('filter', filterSpec)
      .optional()
      .describe('only documents whose metadata match, as JSON: {"year": {"gte": 2020}, "type": {"in": ["faq"]}}'),
    qlang: patternParam('qlang', LANGUAGE_CODE, 'a language code such as de or zh')
      .optional()
      .describe(
        "the query's language, which picks the analyser's stemmer on multilingual indexes (detected when absent)",
      ),
  })
  .strict();

export type ShorthandParams = z.output<typeof shorthandParams>;
export type ShorthandName = keyof ShorthandParams;

/**
 * What a shorthand stands for, as a pipeline:
 *   bm25   -> one lexical leg "bm25" (engine, k1, b)
 *   dense  -> one dense leg "dense"
 *   hybrid -> legs "bm25" and "dense", fused by rrf (rrf_k, weights, depth) or, for
 *             fusion=score, by wsum with weights (1 - alpha, alpha) over `norm`-normalised scores
 * `lang` is the filter's `lang`. Parameters of another mode are validated and then ignored: an
 * HTML form submits every field whichever mode is chosen.
 */
export function expandShorthand(p: ShorthandParams): PipelineInput {
  const lexical = {
    type: 'lexical' as const,
    name: 'bm25',
    engine: p.engine,
    ...(p.k1 !== undefined && { k1: p.k1 }),
    ...(p.b !== undefined && { b: p.b }),
  };
  const dense = { type: 'dense' as const, name: 'dense' };
  const filter: FilterSpec | undefined =
    p.lang || p.filter ? { ...p.filter, ...(p.lang && { lang: p.lang.toLowerCase() }) } : undefined;
  const common = { k: p.k, level: p.level, ...(filter && { filter }), ...(p.qlang && { qlang: p.qlang }) };
  if (p.mode === 'bm25') return { legs: [lexical], ...common };
  if (p.mode === 'dense') return { legs: [dense], ...common };
  const fusion =
    p.fusion === 'rrf'
      ? { method: 'rrf' as const, rrf_k: p.rrf_k, weights: p.weights ?? [1, 1], depth: p.depth }
      : { method: 'wsum' as const, norm: p.norm, weights: [1 - p.alpha, p.alpha], depth: p.depth };
  return { legs: [lexical, dense], fusion, ...common };
}
