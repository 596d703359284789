import { parseFusionOptions } from '../fusion/options.js';
import { InputError } from '../errors.js';
import { LANGUAGE_CODE } from '../search/language-code.js';
import { DEFAULT_ENGINE, ENGINES, MAX_K, MODES, type SearchRequest } from '../search/types.js';
import { intOption, numberOption, oneOf } from './args.js';

/** The search flags shared by `search` and `retrieve`. */
export const SEARCH_FLAGS = {
  mode: { type: 'string' },
  k: { type: 'string' },
  level: { type: 'string' },
  engine: { type: 'string' },
  fusion: { type: 'string' },
  'rrf-k': { type: 'string' },
  weights: { type: 'string' },
  depth: { type: 'string' },
  alpha: { type: 'string' },
  norm: { type: 'string' },
  k1: { type: 'string' },
  b: { type: 'string' },
  lang: { type: 'string' },
  qlang: { type: 'string' },
} as const;

export const SEARCH_FLAGS_HELP = `  --mode M            bm25 | dense | hybrid (default bm25)
  --level L           chunk | doc (default LEVEL_DEFAULT)
  --engine E          lexical engine: wink (BM25 k1 0.9, b 0.4, as Anserini) | fts5
                      (SQLite's bm25(): k1 1.2, b 0.75 fixed) (default wink)
  --k1 X, --b X       wink BM25 parameters (default 0.9, 0.4)
  --fusion F          hybrid: rrf | score (default rrf)
  --rrf-k N           RRF constant (default 60)
  --weights W,W       RRF weights bm25,dense (default 1,1)
  --depth N           hits taken from each leg before fusing (default 100)
  --alpha A           score fusion: weight of dense in [0,1] (default 0.5)
  --norm N            score fusion normalisation: minmax | zscore (default minmax)
  --lang L            only documents in language L (e.g. de, zh)
  --qlang L           the query's language (multilingual indexes detect it otherwise)`;

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
