import { languageDetectorLoaded, languageDetectorReady } from '../analysis/detect-language.js';
import { languageFreeTerms } from '../analysis/query-terms.js';
import { InputError } from '../errors.js';
import type { MultilingualAnalyzer } from '../analysis/multilingual-analyzer.js';
import { Registry } from '../registry.js';
import { TOKENIZER_TABLE, type AnalyzerOverrides, type TokenizerName, type TokenizerRow } from './tokenizer-table.js';

export type { TokenizerName } from './tokenizer-table.js';

const tokenizers = new Registry<TokenizerRow>('a tokenizer', TOKENIZER_TABLE);

/** The tokenizers known now, built-in then registered: --tokenizer, its help and its errors are computed from this. */
export function tokenizerNames(): TokenizerName[] {
  return tokenizers.names() as TokenizerName[];
}

/**
 * Adds a tokenizer at run time (tests and extensions; the built-in ones are TOKENIZER_TABLE's
 * rows) and returns the function that removes it again. An index built with it can only be
 * searched while it is registered; a name taken is refused.
 */
export function registerTokenizer(row: TokenizerRow): () => void {
  if (row.name === 'auto') throw new Error('"auto" is not a tokenizer but the choice of one');
  return tokenizers.register(row);
}

/** FTS5's `tokenize` argument for an index built with the tokenizer (a name parseTokenizer accepted). */
export function fts5Tokenize(name: TokenizerName): string {
  const row = tokenizers.get(name);
  if (row === undefined)
    throw new InputError(`unknown tokenizer "${name}"; expected one of ${tokenizerNames().join(', ')}`);
  return row.fts5;
}

// An index records its tokenizer's name; one no row has (written by another version, say) is
// searched as FTS5 tokenizes it, with no analyser of ours, as before the table existed.

/** true when the tokenizer's analyser gives the same terms in every language (no query language detection needed). */
export function analysisIgnoresLanguage(name: TokenizerName): boolean {
  return tokenizers.get(name)?.ignoresLanguage === true;
}

/**
 * Resolves once queries on an index of this tokenizer can be analysed: when our analyser stems
 * each query in its language, after the language detector has loaded (languageDetectorReady);
 * at once for every other tokenizer, which never detects (and so never loads it).
 */
export async function readyForQueries(name: TokenizerName): Promise<void> {
  if (isPreAnalyzed(name) && !analysisIgnoresLanguage(name)) await languageDetectorReady();
}

/**
 * readyForQueries for one query on an index holding `languages`: resolves at once, without
 * loading the detector, when no analyser of the tokenizer (with or without stemming, the one
 * override a leg can set) gives the query other terms in another language (languageFreeTerms),
 * or when the caller gives the query's language: createQueryTerms then never detects.
 */
export async function readyForQuery(
  name: TokenizerName,
  languages: Record<string, number>,
  query: string,
  given?: string,
): Promise<void> {
  if (!isPreAnalyzed(name) || analysisIgnoresLanguage(name) || languageDetectorLoaded() || given !== undefined) return;
  const variants: AnalyzerOverrides[] = [{}, { stem: true }, { stem: false }];
  if (variants.every((o) => languageFreeTerms(analyzerFor(name, o)!, languages, query) !== undefined)) return;
  await languageDetectorReady();
}

/** Tokenizers whose text is analysed by us before FTS5 sees it (a contentless FTS table). */
export function isPreAnalyzed(name: TokenizerName): boolean {
  return tokenizers.get(name)?.analyzer !== undefined;
}

/** A new analyser for a pre-analysed tokenizer (for documents and queries alike); undefined otherwise. */
export function analyzerFor(name: TokenizerName, overrides: AnalyzerOverrides = {}): MultilingualAnalyzer | undefined {
  return tokenizers.get(name)?.analyzer?.(overrides);
}

/** What `--tokenizer` takes: a tokenizer, or `auto` to let the corpus' languages decide. */
export type TokenizerRequest = TokenizerName | 'auto';

export const DEFAULT_TOKENIZER: TokenizerRequest = 'auto';

export function parseTokenizer(name: string): TokenizerRequest {
  if (name === 'auto' || tokenizers.get(name) !== undefined) return name as TokenizerRequest;
  throw new InputError(`unknown tokenizer "${name}"; expected auto or one of ${tokenizerNames().join(', ')}`);
}
