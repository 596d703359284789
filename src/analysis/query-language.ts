import { detectLanguage } from './detect-language.js';

/**
 * The languages a query is analysed in, from the language given with it (if any) and its text.
 * One entry (a language, or undefined for no language: no stemming) in the usual case; several
 * when the query's language cannot be told on an index with no majority language.
 */
export type QueryLanguages = (query: string, given?: string) => (string | undefined)[];

/**
 * Picks the languages to analyse queries in, for an index whose documents are in `languages`
 * (documents per language, as the index meta records them). A query is stemmed in its language
 * (given, else detected) only if the index holds documents in that language: they were stemmed
 * the same way. A query too short to detect (an error code, two words) is taken to be in the
 * language of most documents, when one language has most of them.
 *
 * When no language has most of them, a query whose language the index does not tell us (not
 * detected, or detected as a language no document is in: the detector reads `passwords` as
 * Italian) could be in any of them: it is analysed unstemmed and in every language the index
 * holds, and the caller takes the union of the terms (createQueryTerms), so `passwords` still
 * meets an English `password` among Chinese, Thai and German documents. With a majority
 * language, a query detected as a language no document is in is analysed unstemmed and in the
 * majority language. A language the caller gives is trusted: if no document is in it, the
 * query is analysed with no language.
 */
export function createQueryLanguages(languages: Record<string, number>): QueryLanguages {
  const held = Object.entries(languages).filter(([lang, n]) => lang !== 'und' && n > 0);
  const total = Object.values(languages).reduce((a, b) => a + b, 0);
  const majority = held.find(([, n]) => n > total / 2)?.[0];
  // `und` documents were analysed with no language, which the leading undefined covers.
  const every = [undefined, ...held.map(([lang]) => lang).sort()];
  return (query, given) => {
    if (given !== undefined) return (languages[given] ?? 0) > 0 ? [given] : [undefined];
    const detected = detectLanguage(query);
    if (detected !== undefined && (languages[detected] ?? 0) > 0) return [detected];
    if (detected === undefined) return majority ? [majority] : every;
    // Detected as a language no document is in: on a short query that is usually the detector
    // misreading it ("reset password" reads as Italian, "sync interval" as Portuguese), so
    // hedge: unstemmed, and as the majority language (or every language when none has most).
    return majority ? [undefined, majority] : every;
  };
}
