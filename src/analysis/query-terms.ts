import type { MultilingualAnalyzer } from './multilingual-analyzer.js';
import { createQueryLanguages } from './query-language.js';

/** Query text (and the language the caller gives, if any) -> the terms to search for. */
export type QueryTerms = (query: string, given?: string) => string[];

/**
 * How every lexical engine over a pre-analysed index turns a query into terms: the index's
 * analyser, in the language(s) createQueryLanguages picks. With one language the analyser's
 * terms are returned as they are; with several (a short query on an index with no majority
 * language) their union, de-duplicated in first-occurrence order, so a term every analysis
 * agrees on counts once. FTS5 and wink both call this, so they cannot see different terms.
 */
export function createQueryTerms(analyze: MultilingualAnalyzer, languages: Record<string, number>): QueryTerms {
  const languagesOf = createQueryLanguages(languages);
  return (query, given) => {
    const langs = languagesOf(query, given);
    if (langs.length === 1) return analyze(query, langs[0]);
    return [...new Set(langs.flatMap((lang) => analyze(query, lang)))];
  };
}
