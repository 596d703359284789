import { MAX_QUERY_CHARS } from '../schemas/limits.js';
import { fieldJsonSchema } from '../pipeline/flat-param.js';
import {
  FLAT_PARAM_NAMES,
  SHORTHAND_ROWS,
  type FlatParamName,
  type JsonSchema,
  type ShorthandRow,
} from '../pipeline/shorthand-rows.js';

export type { JsonSchema };

/** One search parameter, described once for every way a search is spelled. */
export interface ParamSpec {
  /** What it does: the OpenAPI description and the text of its --help line. */
  help: string;
  /** Its values (type, range, default), the OpenAPI schema. */
  schema: JsonSchema;
  /** The placeholder in --help (`--depth N`); absent for parameters the CLI takes positionally. */
  metavar?: string;
  /** The help text names the allowed values itself (otherwise --help lists the enum first). */
  valuesInHelp?: boolean;
}

/** The shorthand parameters, their `mode` aside (a path segment over HTTP, `--mode` on the CLI). */
export type SearchParamName = 'index' | 'q' | FlatParamName;

/** A row as the surfaces describe it: help and schema read from its validator, generated never written. */
function described(row: ShorthandRow): ParamSpec {
  const { description, ...schema } = fieldJsonSchema(row.schema) as JsonSchema & { description?: string };
  return {
    help: description ?? '',
    schema: row.querySchema ?? schema,
    metavar: row.metavar,
    ...(row.valuesInHelp && { valuesInHelp: true }),
  };
}

/**
 * Every flat search parameter, with one name, one meaning, one range and one default: the rows
 * of pipeline/shorthand-rows.ts, described for what needs a description: the CLI flags of
 * `search` and `retrieve` (the name with `-` for `_`), their --help, the playground form and the
 * OpenAPI parameters. `index` and `q` are the request's own.
 */
export const SEARCH_PARAMS = {
  index: { help: 'index name (a served DIR/NAME.sqlite)', schema: { type: 'string' } },
  q: { help: 'query text', schema: { type: 'string', minLength: 1, maxLength: MAX_QUERY_CHARS } },
  ...(Object.fromEntries(FLAT_PARAM_NAMES.map((n) => [n, described(SHORTHAND_ROWS[n])])) as Record<
    FlatParamName,
    ParamSpec
  >),
} satisfies Record<SearchParamName, ParamSpec>;

export const SEARCH_PARAM_NAMES = Object.keys(SEARCH_PARAMS) as SearchParamName[];

/** The retrieval mode, a path segment over HTTP (`/search/hybrid`) and `--mode` on the CLI: the mode row. */
export const MODE_PARAM: ParamSpec = (() => {
  const { help, schema, metavar } = described(SHORTHAND_ROWS.mode);
  const { default: byDefault, ...values } = schema;
  // The default listed last, as the document always listed it.
  return { help, schema: { ...values, default: byDefault }, metavar };
})();

/** A parameter's CLI flag: the same name, `-` for `_` (`rrf_k` -> `--rrf-k`). */
export const flagName = (name: string): string => name.replaceAll('_', '-');
