import { parseFusionOptions } from '../fusion/options.js';
import { InputError } from '../errors.js';
import { LANGUAGE_CODE } from '../search/language-code.js';
import { flagName, MODE_PARAM, SEARCH_PARAM_NAMES, SEARCH_PARAMS, type ParamSpec, type SearchParamName } from '../search/request-params.js';
import { DEFAULT_ENGINE, ENGINES, MAX_K, MODES, type SearchRequest } from '../search/types.js';
import { intOption, numberOption, oneOf } from './args.js';

type Dashed<S extends string> = S extends `${infer A}_${infer B}` ? `${A}-${Dashed<B>}` : S;
type FlagParam = Exclude<SearchParamName, 'index' | 'q'>;

/** The search flags shared by `search` and `retrieve`: `--mode`, and every search parameter but index and q. */
export const SEARCH_FLAGS = Object.fromEntries([
  ['mode', { type: 'string' }],
  ...SEARCH_PARAM_NAMES.filter((n) => n !== 'index' && n !== 'q').map((n) => [flagName(n), { type: 'string' }]),
]) as { mode: { type: 'string' } } & { [N in FlagParam as Dashed<N>]: { type: 'string' } };

const HELP_WIDTH = 22;
const WRAP = 98;

/** The flags' --help lines, from the parameter table; the `k` and `level` defaults differ by command. */
export function searchFlagsHelp(defaults: { k: number; level: string }): string {
  const line = (flag: string, metavar: string | undefined, help: string, def: unknown) =>
    wrap(`  --${flag}${metavar ? ` ${metavar}` : ''}`.padEnd(HELP_WIDTH) + `${help}${def === undefined ? '' : ` (default ${String(def)})`}`);
  const lines = [line('mode', MODE_PARAM.metavar, `${(MODE_PARAM.schema.enum as string[]).join(' | ')}`, MODE_PARAM.schema.default)];
  for (const name of SEARCH_PARAM_NAMES) {
    if (name === 'index' || name === 'q') continue;
    const spec: ParamSpec = SEARCH_PARAMS[name];
    const values = Array.isArray(spec.schema.enum) && !spec.valuesInHelp ? `${(spec.schema.enum as string[]).join(' | ')}: ` : '';
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

export function searchRequest(values: Values, query: string, defaults: { k: number; level: 'chunk' | 'doc' }): SearchRequest {
  const k1 = numberOption('k1', values.k1, 0, 10);
  const b = numberOption('b', values.b, 0, 1);
  return {
    mode: oneOf('mode', values.mode, MODES, 'bm25'),
    query,
    k: intOption('k', values.k, defaults.k, 1, MAX_K),
    level: oneOf('level', values.level, ['chunk', 'doc'] as const, defaults.level),
    engine: oneOf('engine', values.engine, ENGINES, DEFAULT_ENGINE),
    fusion: parseFusionOptions({
      fusion: values.fusion,
      rrf_k: values['rrf-k'],
      weights: values.weights,
      depth: values.depth,
      alpha: values.alpha,
      norm: values.norm,
    }),
    wink: { ...(k1 !== undefined && { k1 }), ...(b !== undefined && { b }) },
    ...(values.lang && { lang: languageOption('lang', values.lang) }),
    ...(values.qlang && { queryLang: languageOption('qlang', values.qlang) }),
  };
}

function languageOption(name: string, value: string): string {
  if (!LANGUAGE_CODE.test(value)) throw new InputError(`--${name} must be a language code such as de or zh, got "${value}"`);
  return value.toLowerCase();
}
