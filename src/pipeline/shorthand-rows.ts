import { z } from 'zod/v4';
import type { LegTraits } from '../legs/leg-definition.js';
import { legFieldSchema } from '../legs/leg-field.js';
import { LEG_TYPES, LEGS } from '../legs/registry.js';
import { FUSION_DEFAULTS } from '../schemas/defaults.js';
import { enumParam, numberParam } from '../schemas/param-types.js';
import { fieldJsonSchema, flatParam } from './flat-param.js';
import { constantField, fusionBlockFields } from '../fusion/fusion-spec.js';
import { RRF_K } from '../fusion/methods/rrf.js';
import { pipelineSpec } from './pipeline-spec.js';

/** A JSON Schema fragment, as OpenAPI 3.1 takes it. */
export type JsonSchema = Record<string, unknown>;

/** The three named pipelines: `/search/bm25|dense|hybrid`, `--mode`, `mode:` in an experiment. */
export const MODES = ['bm25', 'dense', 'hybrid'] as const;
export type Mode = (typeof MODES)[number];
export const DEFAULT_MODE: Mode = 'bm25';

/**
 * What the shorthands' `expansion` may name: none, or a leg type whose row says it expands the
 * query (rm3, rocchio, bo1), read off the built-in rows, never listed here by name.
 */
export const EXPANSIONS = [
  'none',
  ...LEG_TYPES.filter((type) => (LEGS[type] as { traits?: LegTraits }).traits?.expandsQuery),
] as [string, ...string[]];

/** The two fusion spellings of the hybrid shorthand. */
export const SHORTHAND_FUSIONS = ['rrf', 'score'] as const;
/** The normalisations the hybrid shorthand's score fusion offers, of the pipeline's five. */
export const SHORTHAND_NORMS = ['minmax', 'zscore'] as const;

/**
 * One flat parameter of the shorthands. Where the shorthand only respells a pipeline field, the
 * row names that field and its schema is read from the field's (flat-param.ts): bounds, default
 * and help are stated once, in the pipeline. Every surface that takes the flat parameters is
 * generated from these rows: the validator (shorthand.ts), the CLI flags of search and retrieve
 * and their --help, the OpenAPI parameters, the playground form, an experiment retriever's YAML
 * fields, and the flags that may go beside --pipeline.
 */
export interface ShorthandRow<S extends z.ZodType = z.ZodType> {
  /** Validates the parameter in every spelling: a string (query string, flag, form) or a JSON/YAML value. */
  schema: S;
  /**
   * The pipeline field it sets (`k`, `fusion.depth`, `legs[lexical].k1`, `filter.lang`); absent
   * for a parameter the pipeline has no field for. A row owning a top-level pipeline field of its
   * own name (k, level, filter, qlang) may be given beside --pipeline.
   */
  owner?: string;
  /** The placeholder of its --help line (`--depth N`). */
  metavar: string;
  /** The experiment sets it for every retriever (depth, `level:`, each query's language), so a retriever may not. */
  setByExperiment?: boolean;
  /** Its schema as a query string spells it, where that differs from the value validated (JSON text, "1,0.5"). */
  querySchema?: JsonSchema;
  /** The help text names the allowed values itself (otherwise --help lists the enum first). */
  valuesInHelp?: boolean;
}

const row = <const R extends ShorthandRow>(r: R): R => r;

/**
 * A row that respells a pipeline field: the flat schema is the field's, its help the field's,
 * after `context` (which shorthand reads it) when the field's own help does not say.
 */
function respells<O extends z.ZodType, const R extends Omit<ShorthandRow, 'schema' | 'owner'> & { context?: string }>(
  name: string,
  owner: string,
  field: O,
  r: R,
): ShorthandRow<z.ZodType<z.output<O>>> & Omit<R, 'context'> {
  const { context, ...rest } = r;
  const flat = flatParam(name, field);
  return {
    schema: context ? flat.describe(`${context}: ${flat.description}`) : flat,
    owner,
    ...rest,
  };
}

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

const pipelineField = pipelineSpec.shape;

/**
 * The shorthands' parameters, in the order --help and OpenAPI list them. `mode`, `fusion`,
 * `weights`, `alpha` and `norm` are the shorthand's own: the pipeline names fusion methods, not
 * rrf|score; weighs each leg, not a bm25,dense pair; has no alpha (score fusion is wsum with
 * weights 1 - alpha, alpha); and offers five normalisations where the shorthand offers two (its
 * default is the pipeline's). `lang` is one code where the filter's `lang` key may be a list; a
 * language code as `qlang` is, its help its own, since the filter checks its keys inside one
 * record and has no field schema for `lang` to point at.
 */
export const SHORTHAND_ROWS = {
  mode: row({ schema: enumParam('mode', MODES).default(DEFAULT_MODE).describe('retrieval mode'), metavar: 'M' }),
  k: respells('k', 'k', pipelineField.k, { metavar: 'K', setByExperiment: true }),
  level: respells('level', 'level', pipelineField.level, { metavar: 'L', setByExperiment: true }),
  engine: respells('engine', 'legs[lexical].engine', legFieldSchema('lexical', 'engine'), {
    context: "lexical engine of bm25 and of hybrid's lexical leg",
    metavar: 'E',
    valuesInHelp: true,
  }),
  expansion: row({
    schema: enumParam('expansion', EXPANSIONS)
      .default('none')
      .describe(
        `bm25 and hybrid's lexical leg: expand the query from its own top chunks (${EXPANSIONS.slice(1).join(', ')}: that leg type at its defaults, over postings) or not (none)`,
      ),
    metavar: 'X',
    valuesInHelp: true,
  }),
  k1: respells('k1', 'legs[lexical].k1', legFieldSchema('lexical', 'k1'), { metavar: 'X' }),
  b: respells('b', 'legs[lexical].b', legFieldSchema('lexical', 'b'), { metavar: 'X' }),
  fusion: row({
    schema: enumParam('fusion', SHORTHAND_FUSIONS)
      .default('rrf')
      .describe('hybrid: rrf (reciprocal rank fusion) or score (wsum: (1 - alpha) bm25 + alpha dense, normalised)'),
    metavar: 'F',
  }),
  rrf_k: respells('rrf_k', 'fusion.rrf_k', constantField(RRF_K), { context: 'hybrid rrf', metavar: 'N' }),
  weights: row({
    schema: weightPair.optional().describe('hybrid rrf: leg weights bm25,dense'),
    owner: 'fusion.weights',
    metavar: 'W,W',
    querySchema: {
      type: 'string',
      pattern: '^[0-9.eE+-]+,[0-9.eE+-]+$',
      default: `${FUSION_DEFAULTS.weight},${FUSION_DEFAULTS.weight}`,
    },
  }),
  depth: respells('depth', 'fusion.depth', fusionBlockFields().depth, { context: 'hybrid', metavar: 'N' }),
  alpha: row({
    schema: numberParam('alpha', { min: 0, max: 1 }).default(0.5).describe('hybrid score: weight of dense'),
    metavar: 'A',
  }),
  norm: row({
    schema: enumParam('norm', SHORTHAND_NORMS)
      .default(fieldJsonSchema(fusionBlockFields().norm).default as (typeof SHORTHAND_NORMS)[number])
      .describe('hybrid score: score normalisation'),
    owner: 'fusion.norm',
    metavar: 'N',
  }),
  lang: row({
    schema: flatParam('lang', pipelineField.qlang).describe(
      'only documents in this language (ISO 639 code, e.g. de or zh)',
    ),
    owner: 'filter.lang',
    metavar: 'L',
  }),
  filter: respells('filter', 'filter', pipelineField.filter, {
    metavar: 'JSON',
    querySchema: { type: 'string', description: 'JSON' },
  }),
  qlang: respells('qlang', 'qlang', pipelineField.qlang, { metavar: 'L', setByExperiment: true }),
} satisfies Record<string, ShorthandRow>;

export type ShorthandName = keyof typeof SHORTHAND_ROWS;
/** The flat parameters, `mode` aside (a path segment over HTTP, `--mode` on the CLI). */
export type FlatParamName = Exclude<ShorthandName, 'mode'>;
/** What an experiment's shorthand retriever takes beside name and mode. */
export type RetrieverParamName = {
  [N in FlatParamName]: (typeof SHORTHAND_ROWS)[N] extends { setByExperiment: true } ? never : N;
}[FlatParamName];

/**
 * The name lists the surfaces read, derived from a table of rows: the flat parameters in table
 * order (`mode` aside); those that respell a top-level pipeline field of their own name, which may
 * go beside --pipeline (k, level, filter, qlang); those the experiment sets for every retriever
 * (k, level, qlang); and those an experiment's shorthand retriever takes (YAML).
 */
export function rowLists(table: Record<string, ShorthandRow>) {
  const flat = Object.keys(table).filter((n) => n !== 'mode') as FlatParamName[];
  return {
    FLAT_PARAM_NAMES: flat,
    PIPELINE_FIELD_PARAMS: flat.filter((n) => table[n]!.owner === n),
    EXPERIMENT_PARAMS: flat.filter((n) => table[n]!.setByExperiment),
    RETRIEVER_PARAMS: flat.filter((n): n is RetrieverParamName => !table[n]!.setByExperiment),
  };
}

export const { FLAT_PARAM_NAMES, PIPELINE_FIELD_PARAMS, EXPERIMENT_PARAMS, RETRIEVER_PARAMS } =
  rowLists(SHORTHAND_ROWS);
