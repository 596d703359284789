import { createLexicalAnalyzer } from '../analysis/english-analyzer.js';
import { createQueryTerms } from '../analysis/query-terms.js';
import { analysisIgnoresLanguage, analyzerFor, type TokenizerName } from './tokenizers.js';

/** How BM25 (the postings and wink engines) turns chunks and queries of one index into terms. */
export interface Bm25Analysis {
  /** A chunk's title or text, in its document's stored language, into terms. */
  analyze(text: string, lang: string | undefined): string[];
  /** A query's terms (a repeated term listed again), in `queryLang` when the caller gives it. */
  queryTerms(query: string, queryLang: string | undefined): string[];
}

/**
 * The one decision of which analysis BM25 uses over an index, shared by the build (which stores
 * postings of these terms), the postings engine's query side and the wink engine, so index and
 * query terms cannot drift apart. An index built with a pre-analysed tokenizer (`english`,
 * `multilingual`) is analysed as FTS5 sees it: each chunk in its language, each query into the
 * terms FTS5 would search for (createQueryTerms over the index's `languages`). Any other index
 * (porter, unicode61) gets wink's English analysis: Porter2 and Lucene's stop words, whatever the
 * language.
 */
export function bm25Analysis(tokenizer: TokenizerName, languages: Record<string, number> = {}): Bm25Analysis {
  const own = analyzerFor(tokenizer, {});
  // An analyser that ignores language needs no query language (nor its detector), as FTS5's leg.
  if (own && analysisIgnoresLanguage(tokenizer))
    return { analyze: (text) => own(text, undefined), queryTerms: (query) => own(query, undefined) };
  if (own) {
    const queryTerms = createQueryTerms(own, languages);
    return { analyze: (text, lang) => own(text, lang), queryTerms: (query, lang) => queryTerms(query, lang) };
  }
  const english = createLexicalAnalyzer({ stem: true, stopwords: true });
  return { analyze: (text) => english(text), queryTerms: (query) => english(query) };
}

// wink sees terms joined by a space and split again (wink-bm25.ts); the postings go through the
// same round trip, so both engines count exactly the same terms.
const SEPARATOR = ' ';

/** Terms as one string, the form FTS5 (pre-analysed) and wink are handed. */
export function joinTerms(terms: readonly string[]): string {
  return terms.join(SEPARATOR);
}

/** joinTerms undone: the terms wink counts for a joined field or query. */
export function splitTerms(joined: string): string[] {
  return joined === '' ? [] : joined.split(SEPARATOR);
}
