import { detectLanguage } from './detect-language.js';

/** The language a query is analysed in, from the language given with it (if any) and its text. */
export type QueryLanguage = (query: string, given?: string) => string | undefined;

/**
 * Picks the language to analyse queries in, for an index whose documents are in `languages`
 * (documents per language, as the index meta records them). A query is stemmed in its language
 * (given, else detected) only if the index holds documents in that language: they were stemmed
 * the same way. A query too short to detect (an error code, two words) is taken to be in the
 * language of most documents, when one language has most of them. Every lexical engine over a
 * pre-analysed index uses this one rule, so they all see the same query terms.
 */
export function createQueryLanguage(languages: Record<string, number>): QueryLanguage {
  const total = Object.values(languages).reduce((a, b) => a + b, 0);
  const majority = Object.entries(languages).find(([lang, n]) => lang !== 'und' && n > total / 2)?.[0];
  return (query, given) => {
    const lang = given ?? detectLanguage(query);
    if (lang === undefined) return majority;
    return (languages[lang] ?? 0) > 0 ? lang : undefined;
  };
}
