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
    if (given === undefined) {
      const free = languageFreeTerms(analyze, languages, query);
      if (free) return free;
    }
    const langs = languagesOf(query, given);
    if (langs.length === 1) return analyze(query, langs[0]);
    return [...new Set(langs.flatMap((lang) => analyze(query, lang)))];
  };
}

/**
 * The terms of `query` when its language cannot change them, undefined otherwise: the analyser
 * gives the same terms, none twice, with no language and in every language the index holds
 * (`error E1042` on the demo). Whatever createQueryLanguages would pick is a subset of those
 * languages, so its terms (one analysis, or the de-duplicated union of several) are these: the
 * query's language need not be detected, and a one-off search need not load the detector (0.3 s).
 */
export function languageFreeTerms(
  analyze: MultilingualAnalyzer,
  languages: Record<string, number>,
  query: string,
): string[] | undefined {
  const terms = analyze(query, undefined);
  if (new Set(terms).size !== terms.length) return undefined;
  const same = (other: string[]) => other.length === terms.length && other.every((t, i) => t === terms[i]);
  for (const [lang, n] of Object.entries(languages))
    if (lang !== 'und' && n > 0 && !same(analyze(query, lang))) return undefined;
  return terms;
}
