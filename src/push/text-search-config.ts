import { ENGLISH_SHARE } from '../indexing/choose-tokenizer.js';

/**
 * The text search configurations PostgreSQL ships (the `pg_ts_config` rows of a new cluster of
 * PostgreSQL 13 to 17: Snowball stemmers and stop words per language), by the ISO 639-1 code our
 * index stores for a document's language (analysis/language-table.ts). Czech and Slovene, which
 * our analyser stems, have none there.
 */
export const PG_TEXT_SEARCH_CONFIGS: Readonly<Record<string, string>> = Object.freeze({
  ar: 'arabic',
  ca: 'catalan',
  da: 'danish',
  de: 'german',
  el: 'greek',
  en: 'english',
  es: 'spanish',
  eu: 'basque',
  fi: 'finnish',
  fr: 'french',
  ga: 'irish',
  hi: 'hindi',
  hu: 'hungarian',
  hy: 'armenian',
  id: 'indonesian',
  it: 'italian',
  lt: 'lithuanian',
  ne: 'nepali',
  nl: 'dutch',
  no: 'norwegian',
  pt: 'portuguese',
  ro: 'romanian',
  ru: 'russian',
  sr: 'serbian',
  sv: 'swedish',
  ta: 'tamil',
  tr: 'turkish',
  yi: 'yiddish',
});

/** The configuration without stemming or stop words: every language's words as they are, lower-cased. */
export const SIMPLE_CONFIG = 'simple';

/**
 * The one configuration a pushed table's tsvector is made with, from the index's documents per
 * language (`und` unknown): the configuration of the language that holds at least ENGLISH_SHARE
 * (90%) of the documents whose language is known, the share at which `testbed index` itself
 * analyses a corpus as one language; `simple` for a mixed corpus, a language PostgreSQL has no
 * configuration for, or none detected. One per table, since a query is parsed with one.
 */
export function textSearchConfigFor(languages: Readonly<Record<string, number>>): { config: string; reason: string } {
  const known = Object.entries(languages).filter(([lang]) => lang !== 'und');
  const total = known.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return { config: SIMPLE_CONFIG, reason: 'no document language is known' };
  const [top, n] = known.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]!;
  const counted = `${n} of ${total} documents with a known language are ${top}`;
  if (n / total < ENGLISH_SHARE) return { config: SIMPLE_CONFIG, reason: `${counted} (< ${ENGLISH_SHARE * 100}%)` };
  const config = PG_TEXT_SEARCH_CONFIGS[top.toLowerCase().slice(0, 2)];
  if (config === undefined)
    return { config: SIMPLE_CONFIG, reason: `${counted}, a language PostgreSQL has no configuration for` };
  return { config, reason: `${counted} (>= ${ENGLISH_SHARE * 100}%)` };
}
