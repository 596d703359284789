import { FUSION_DEFAULTS, MAX_DEPTH } from '../fusion/options.js';
import { WINK_BM25_DEFAULTS } from '../retrievers/wink-bm25.js';
import { LANGUAGE_CODE } from './language-code.js';
import { DEFAULT_ENGINE, ENGINES, MAX_K, MODES } from './types.js';

/** A JSON Schema fragment, as OpenAPI 3.1 takes it. */
export type JsonSchema = Record<string, unknown>;

/** One search parameter, described once for every way a search is spelled. */
export interface ParamSpec {
  /** What it does: the OpenAPI description and the text of its --help line. */
  help: string;
  /** Its values (type, range, default), the OpenAPI schema. */
  schema: JsonSchema;
  /** The placeholder in --help (`--depth N`); absent for parameters the CLI takes positionally. */
  metavar?: string;
  /** A field of an experiment's retriever (YAML) too. */
  retriever?: boolean;
  /** The help text names the allowed values itself (otherwise --help lists the enum first). */
  valuesInHelp?: boolean;
}

/**
 * Every search parameter, with one name, one meaning, one range and one default, in the one
 * place they are written. HTTP (query string and JSON body), the CLI flags of `search` and
 * `retrieve` (the name with `-` for `_`), the playground form, the experiment retriever fields
 * and the OpenAPI document are derived from (or, for the zod validators, checked against) this
 * table, so a parameter cannot exist in one spelling and not another.
 */
export const SEARCH_PARAMS = {
  index: { help: 'index name (a served DIR/NAME.sqlite)', schema: { type: 'string' } },
  q: { help: 'query text', schema: { type: 'string', minLength: 1, maxLength: 2000 } },
  k: { help: `hits to return, 1 to ${MAX_K}`, schema: { type: 'integer', minimum: 1, maximum: MAX_K, default: 10 }, metavar: 'K' },
  level: { help: 'rank passages or whole documents (by their best passage)', schema: { type: 'string', enum: ['chunk', 'doc'], default: 'chunk' }, metavar: 'L' },
  engine: {
    help: "lexical engine of bm25 and of hybrid's lexical leg: wink (k1, b settable, Anserini's 0.9 and 0.4 by default) or fts5 (SQLite's bm25(), k1 1.2 and b 0.75 fixed)",
    schema: { type: 'string', enum: [...ENGINES], default: DEFAULT_ENGINE },
    metavar: 'E',
    retriever: true,
    valuesInHelp: true,
  },
  k1: { help: 'wink BM25 term-frequency saturation', schema: { type: 'number', minimum: 0, maximum: 10, default: WINK_BM25_DEFAULTS.k1 }, metavar: 'X', retriever: true },
  b: { help: 'wink BM25 length normalisation', schema: { type: 'number', minimum: 0, maximum: 1, default: WINK_BM25_DEFAULTS.b }, metavar: 'X', retriever: true },
  fusion: { help: 'hybrid: fusion method', schema: { type: 'string', enum: ['rrf', 'score'], default: 'rrf' }, metavar: 'F', retriever: true },
  rrf_k: { help: 'hybrid rrf: the RRF constant', schema: { type: 'number', exclusiveMinimum: 0, default: FUSION_DEFAULTS.rrf.k }, metavar: 'N', retriever: true },
  weights: {
    help: 'hybrid rrf: leg weights bm25,dense',
    schema: { type: 'string', pattern: '^[0-9.eE+-]+,[0-9.eE+-]+$', default: `${FUSION_DEFAULTS.rrf.weights.bm25},${FUSION_DEFAULTS.rrf.weights.dense}` },
    metavar: 'W,W',
    retriever: true,
  },
  depth: {
    help: 'hybrid: hits taken from each leg before fusing',
    schema: { type: 'integer', minimum: 1, maximum: MAX_DEPTH, default: FUSION_DEFAULTS.rrf.depth },
    metavar: 'N',
    retriever: true,
  },
  alpha: { help: 'hybrid score: weight of dense', schema: { type: 'number', minimum: 0, maximum: 1, default: FUSION_DEFAULTS.score.alpha }, metavar: 'A', retriever: true },
  norm: { help: 'hybrid score: score normalisation', schema: { type: 'string', enum: ['minmax', 'zscore'], default: FUSION_DEFAULTS.score.normalization }, metavar: 'N', retriever: true },
  lang: { help: 'only documents in this language (ISO 639 code, e.g. de or zh)', schema: { type: 'string', pattern: LANGUAGE_CODE.source }, metavar: 'L' },
  qlang: { help: "the query's language, which picks the analyser's stemmer on multilingual indexes (detected when absent)", schema: { type: 'string', pattern: LANGUAGE_CODE.source }, metavar: 'L' },
} as const satisfies Record<string, ParamSpec>;

export type SearchParamName = keyof typeof SEARCH_PARAMS;
export const SEARCH_PARAM_NAMES = Object.keys(SEARCH_PARAMS) as SearchParamName[];

/** The parameters an experiment retriever (YAML) also takes, under the same names. */
export type RetrieverParamName = { [N in SearchParamName]: (typeof SEARCH_PARAMS)[N] extends { retriever: true } ? N : never }[SearchParamName];

/** The retrieval mode, a path segment over HTTP (`/search/hybrid`) and `--mode` on the CLI. */
export const MODE_PARAM: ParamSpec = { help: 'retrieval mode', schema: { type: 'string', enum: [...MODES], default: 'bm25' }, metavar: 'M' };

/** A parameter's CLI flag: the same name, `-` for `_` (`rrf_k` -> `--rrf-k`). */
export const flagName = (name: string): string => name.replaceAll('_', '-');
