import { legTypes } from '../legs/registry.js';
import { InputError } from '../errors.js';
import {
  flagName,
  MODE_PARAM,
  SEARCH_PARAM_NAMES,
  SEARCH_PARAMS,
  type ParamSpec,
  type SearchParamName,
} from '../search/request-params.js';
import type { SearchRequest } from '../search/types.js';
import { parseSearchSpec } from '../pipeline/search-spec.js';
import { PIPELINE_FIELD_PARAMS } from '../pipeline/shorthand-rows.js';
import { readPipelineFlag } from './pipeline-flag.js';

type Dashed<S extends string> = S extends `${infer A}_${infer B}` ? `${A}-${Dashed<B>}` : S;
type FlagParam = Exclude<SearchParamName, 'index' | 'q'>;

/** The search flags shared by `search` and `retrieve`: `--mode`, `--pipeline`, and every search parameter but index and q. */
export const SEARCH_FLAGS = Object.fromEntries([
  ['mode', { type: 'string' }],
  ['pipeline', { type: 'string' }],
  ...SEARCH_PARAM_NAMES.filter((n) => n !== 'index' && n !== 'q').map((n) => [flagName(n), { type: 'string' }]),
]) as { mode: { type: 'string' }; pipeline: { type: 'string' } } & {
  [N in FlagParam as Dashed<N>]: { type: 'string' };
};

/** Flags that may go with --pipeline: the rows that respell the pipeline's own top-level fields (k, level, filter, qlang). */
const WITH_PIPELINE = new Set<string>(PIPELINE_FIELD_PARAMS);
/** "--k, --level, --filter and --qlang", for the help and the error that name them. */
const WITH_PIPELINE_FLAGS = PIPELINE_FIELD_PARAMS.map((n) => `--${flagName(n)}`)
  .join(', ')
  .replace(/, ([^,]*)$/, ' and $1');

const HELP_WIDTH = 22;
const WRAP = 98;

/**
 * The flags' --help lines, from the parameter table and the leg types registered now; the `k` and
 * `level` defaults differ by command.
 */
export function searchFlagsHelp(defaults: { k: number; level: string }): string {
  const line = (flag: string, metavar: string | undefined, help: string, def: unknown) =>
    wrap(
      `  --${flag}${metavar ? ` ${metavar}` : ''}`.padEnd(HELP_WIDTH) +
        `${help}${def === undefined ? '' : ` (default ${String(def)})`}`,
    );
  const lines = [
    line(
      'pipeline',
      'P',
      `a pipeline: a JSON or YAML file, or inline JSON {"legs": [...], "fusion": {...}} (docs/pipelines.md) whose legs are of the types ${legTypes().join(', ')}; with it, only ${WITH_PIPELINE_FLAGS} may be given`,
      undefined,
    ),
    line(
      'mode',
      MODE_PARAM.metavar,
      `${(MODE_PARAM.schema.enum as string[]).join(' | ')}: a shorthand pipeline`,
      MODE_PARAM.schema.default,
    ),
  ];
  for (const name of SEARCH_PARAM_NAMES) {
    if (name === 'index' || name === 'q') continue;
    const spec: ParamSpec = SEARCH_PARAMS[name];
    const values =
      Array.isArray(spec.schema.enum) && !spec.valuesInHelp ? `${(spec.schema.enum as string[]).join(' | ')}: ` : '';
    const def = name === 'level' ? defaults.level : name === 'k' ? defaults.k : spec.schema.default;
    lines.push(line(flagName(name), spec.metavar, values + spec.help, def));
  }
  return lines.join('\n');
}

// Long help lines continue under the description column, as the hand-written ones did.
function wrap(text: string): string {
  const out: string[] = [];
  let rest = text;
  while (rest.length > WRAP) {
    const cut = rest.lastIndexOf(' ', WRAP);
    if (cut <= HELP_WIDTH) break;
    out.push(rest.slice(0, cut));
    rest = ' '.repeat(HELP_WIDTH) + rest.slice(cut + 1);
  }
  out.push(rest);
  return out.join('\n');
}

type Values = Partial<Record<keyof typeof SEARCH_FLAGS, string>>;

/**
 * The search the flags describe, through the same parser as HTTP (pipeline/search-spec.ts), so a
 * flag means what the parameter of the same name means there. `defaults` are the command's
 * k and level (search: 10 passages; retrieve: 100 documents, as run files are).
 */
export function searchRequest(
  values: Values,
  query: string,
  defaults: { k: number; level: 'chunk' | 'doc' },
): SearchRequest {
  const given: Record<string, unknown> = {};
  for (const [flag, value] of Object.entries(values)) {
    if (value === undefined || flag === 'pipeline' || !(flag in SEARCH_FLAGS)) continue;
    given[flag.replaceAll('-', '_')] = value;
  }
  try {
    return fromFlags(values, given, query, defaults);
  } catch (err) {
    throw asFlagError(err);
  }
}

function fromFlags(
  values: Values,
  given: Record<string, unknown>,
  query: string,
  defaults: { k: number; level: 'chunk' | 'doc' },
): SearchRequest {
  if (values.pipeline !== undefined) {
    const extra = Object.keys(given).filter((n) => !WITH_PIPELINE.has(n));
    if (extra.length)
      throw new InputError(
        `--${flagName(extra[0]!)} is a shorthand flag; with --pipeline, write it in the pipeline (only ${WITH_PIPELINE_FLAGS} go beside it)`,
      );
    const spec = parseSearchSpec({
      k: defaults.k,
      level: defaults.level,
      ...readPipelineFlag(values.pipeline),
      ...given,
    });
    return { query, pipeline: spec.pipeline };
  }
  const spec = parseSearchSpec({ k: defaults.k, level: defaults.level, ...given });
  return { query, pipeline: spec.pipeline, ...(spec.mode !== 'pipeline' && { mode: spec.mode }) };
}

/** A parameter's error as the flag's: `--k must be ...` where HTTP says `k must be ...`. */
function asFlagError(err: unknown): unknown {
  if (
    !(err instanceof InputError) ||
    err.where.file ||
    !err.where.field ||
    !(flagName(err.where.field) in SEARCH_FLAGS)
  )
    return err;
  const field = err.where.field;
  const flag = `--${flagName(field)}`;
  return new InputError(
    err.detail.startsWith(`${field} `) ? flag + err.detail.slice(field.length) : `${flag}: ${err.detail}`,
  );
}
