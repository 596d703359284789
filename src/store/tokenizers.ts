import { createLexicalAnalyzer } from '../analysis/english-analyzer.js';
import {
  createMultilingualAnalyzer,
  type MultilingualAnalyzer,
  type MultilingualOptions,
} from '../analysis/multilingual-analyzer.js';
import { InputError } from '../errors.js';

/**
 * The FTS5 tokenizers an index can be built with. The name is what users type and what the
 * index records; the value is FTS5's `tokenize` argument.
 * - unicode61: words split on Unicode separators, case- and diacritic-folded (FTS5's default, but
 *   with remove_diacritics 2 so "café" also matches "cafe" when the accent is a combining mark).
 * - porter: the same, then Porter-stemmed (English): "configuring" matches "configuration".
 * - trigram: every 3-character substring; finds parts of identifiers and text without spaces,
 *   but terms shorter than 3 characters match nothing.
 * - multilingual: our language-aware analyser (src/analysis) runs first, at index and query
 *   time alike (word segmentation for Chinese/Japanese/Thai, accents folded per language,
 *   Snowball stemming in the document's language); FTS5 gets its terms separated by spaces, so
 *   its bm25() still does the scoring.
 * - multilingual-stop: the same, and the stop words of the text's language (stopwords-iso) are
 *   dropped from documents and queries alike (not in Chinese/Japanese, which are bigrammed).
 *   Opt-in: on XQuAD-R it helps Arabic and Turkish and costs the rest (BENCHMARKS.md, Languages).
 * - multilingual-nostem: `multilingual` without Snowball stemming (segmentation, normalisation
 *   and CJK bigrams only), for text where stems conflate words that should stay apart (names,
 *   codes) and to measure what stemming is worth per language (BENCHMARKS.md, Languages).
 * - english: Lucene's EnglishAnalyzer, which is Anserini's default and so the BM25 that IR
 *   papers compare against: possessive 's dropped, lower case, Lucene's 33 English stop words
 *   dropped at index and query time, Porter's (1980) stemmer. Analysed by us (english-analyzer).
 * `auto` (the default) is not a tokenizer of its own: the build picks `english` or
 * `multilingual` from the corpus' detected languages (resolveAutoTokenizer) and records that.
 */
export const FTS5_TOKENIZERS = {
  unicode61: 'unicode61 remove_diacritics 2',
  porter: 'porter unicode61 remove_diacritics 2',
  trigram: 'trigram',
  multilingual: 'unicode61 remove_diacritics 0',
  'multilingual-stop': 'unicode61 remove_diacritics 0',
  'multilingual-nostem': 'unicode61 remove_diacritics 0',
  english: 'unicode61 remove_diacritics 0',
} as const satisfies Record<string, string>;

export type TokenizerName = keyof typeof FTS5_TOKENIZERS;

// The analyser behind each pre-analysed tokenizer. The index records only the tokenizer name,
// and documents and queries both get their analyser from this one table, so a reopened index
// analyses queries exactly as its documents were.
const ANALYZERS: Partial<Record<TokenizerName, (overrides: AnalyzerOverrides) => MultilingualAnalyzer>> = {
  multilingual: (o) => createMultilingualAnalyzer({ ...o }),
  'multilingual-stop': (o) => createMultilingualAnalyzer({ stopwords: true, ...o }),
  'multilingual-nostem': (o) => createMultilingualAnalyzer({ stem: false, ...o }),
  english: (o) => {
    // One analysis for every language: Lucene's English chain ignores the text's language.
    const analyze = createLexicalAnalyzer({ stemmer: 'porter', stopwords: true, ...o });
    return (text) => analyze(text);
  },
};

type AnalyzerOverrides = Pick<MultilingualOptions, 'stem'>;

// The pre-analysed tokenizers whose analyser ignores the language it is given (english above):
// a query's terms are the same whatever language it is taken to be in, so it needs no detection.
const ONE_ANALYSIS: ReadonlySet<TokenizerName> = new Set(['english']);

/** true when the tokenizer's analyser gives the same terms in every language (no query language detection needed). */
export function analysisIgnoresLanguage(name: TokenizerName): boolean {
  return ONE_ANALYSIS.has(name);
}

/** Tokenizers whose text is analysed by us before FTS5 sees it (a contentless FTS table). */
export function isPreAnalyzed(name: TokenizerName): boolean {
  return analyzerFactory(name) !== undefined;
}

/** A new analyser for a pre-analysed tokenizer (for documents and queries alike); undefined otherwise. */
export function analyzerFor(name: TokenizerName, overrides: AnalyzerOverrides = {}): MultilingualAnalyzer | undefined {
  return analyzerFactory(name)?.(overrides);
}

// Own keys only: a name read from an index file must not find `toString` on the prototype.
function analyzerFactory(name: string): ((overrides: AnalyzerOverrides) => MultilingualAnalyzer) | undefined {
  return Object.hasOwn(ANALYZERS, name) ? ANALYZERS[name as TokenizerName] : undefined;
}

/** What `--tokenizer` takes: a tokenizer, or `auto` to let the corpus' languages decide. */
export type TokenizerRequest = TokenizerName | 'auto';

export const DEFAULT_TOKENIZER: TokenizerRequest = 'auto';

export function parseTokenizer(name: string): TokenizerRequest {
  if (name === 'auto' || Object.hasOwn(FTS5_TOKENIZERS, name)) return name as TokenizerRequest;
  throw new InputError(
    `unknown tokenizer "${name}"; expected auto or one of ${Object.keys(FTS5_TOKENIZERS).join(', ')}`,
  );
}
