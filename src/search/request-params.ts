import { z } from 'zod/v4';
import { MAX_QUERY_CHARS } from '../schemas/limits.js';
import { MODES, shorthandParams, type ShorthandName } from '../pipeline/shorthand.js';

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
  /** A field of an experiment's shorthand retriever (YAML) too. */
  retriever?: boolean;
  /** The help text names the allowed values itself (otherwise --help lists the enum first). */
  valuesInHelp?: boolean;
}

/** The shorthand parameters, their `mode` aside (a path segment over HTTP, `--mode` on the CLI). */
export type SearchParamName = 'index' | 'q' | Exclude<ShorthandName, 'mode'>;

const METAVARS: Record<Exclude<ShorthandName, 'mode'>, string> = {
  k: 'K',
  level: 'L',
  engine: 'E',
  k1: 'X',
  b: 'X',
  fusion: 'F',
  rrf_k: 'N',
  weights: 'W,W',
  depth: 'N',
  alpha: 'A',
  norm: 'N',
  lang: 'L',
  filter: 'JSON',
  qlang: 'L',
};
/** What an experiment's shorthand retriever takes beside name and mode: the experiment sets k, level and the query language. */
const RETRIEVER_PARAMS = new Set<string>([
  'engine',
  'k1',
  'b',
  'fusion',
  'rrf_k',
  'weights',
  'depth',
  'alpha',
  'norm',
  'lang',
  'filter',
]);

// Generated from the zod schema, so help, OpenAPI and the validator cannot disagree.
const generated = z.toJSONSchema(shorthandParams, { io: 'output', unrepresentable: 'any' }) as {
  properties: Record<string, JsonSchema>;
};

function fromSchema(name: Exclude<ShorthandName, 'mode'>): ParamSpec {
  const { description, ...schema } = generated.properties[name]! as JsonSchema & { description?: string };
  return {
    help: description ?? name,
    schema:
      name === 'weights'
        ? { type: 'string', pattern: '^[0-9.eE+-]+,[0-9.eE+-]+$', default: '1,1' }
        : name === 'filter'
          ? { type: 'string', description: 'JSON' }
          : schema,
    metavar: METAVARS[name],
    ...(RETRIEVER_PARAMS.has(name) && { retriever: true }),
    ...(name === 'engine' && { valuesInHelp: true }),
  };
}

const names = Object.keys(generated.properties).filter((n): n is Exclude<ShorthandName, 'mode'> => n !== 'mode');

/**
 * Every flat search parameter, with one name, one meaning, one range and one default: the
 * validator is pipeline/shorthand.ts (zod), and this table is generated from it for what needs a
 * description: the CLI flags of `search` and `retrieve` (the name with `-` for `_`), their
 * --help, the playground form and the OpenAPI parameters. `index` and `q` are the request's own.
 */
export const SEARCH_PARAMS: Record<SearchParamName, ParamSpec> = {
  index: { help: 'index name (a served DIR/NAME.sqlite)', schema: { type: 'string' } },
  q: { help: 'query text', schema: { type: 'string', minLength: 1, maxLength: MAX_QUERY_CHARS } },
  ...(Object.fromEntries(names.map((n) => [n, fromSchema(n)])) as Record<Exclude<ShorthandName, 'mode'>, ParamSpec>),
};

export const SEARCH_PARAM_NAMES = Object.keys(SEARCH_PARAMS) as SearchParamName[];

/** The parameters an experiment's shorthand retriever (YAML) also takes, under the same names. */
export const RETRIEVER_PARAM_NAMES = SEARCH_PARAM_NAMES.filter((n) => SEARCH_PARAMS[n].retriever);

/** The retrieval mode, a path segment over HTTP (`/search/hybrid`) and `--mode` on the CLI. */
export const MODE_PARAM: ParamSpec = {
  help: 'retrieval mode (a shorthand pipeline)',
  schema: { type: 'string', enum: [...MODES], default: 'bm25' },
  metavar: 'M',
};

/** A parameter's CLI flag: the same name, `-` for `_` (`rrf_k` -> `--rrf-k`). */
export const flagName = (name: string): string => name.replaceAll('_', '-');
