import snowball from 'snowball-stemmers';
import { createRequire } from 'node:module';
import { ENGLISH_STOP_WORDS } from './english-stop-words.js';
import { splitLongToken } from './max-token-length.js';

export interface LexicalAnalyzerOptions {
  /** Stemming. Default true. */
  stem?: boolean;
  /**
   * Which English stemmer: `porter` is Porter's 1980 algorithm, what Lucene's PorterStemFilter
   * (and so Anserini's default analyser) applies; `porter2` is Snowball's revision of it
   * (wink-porter2-stemmer). Default `porter2`.
   */
  stemmer?: EnglishStemmer;
  /** Drop Lucene's English stop words. Default true. */
  stopwords?: boolean;
}

export type EnglishStemmer = 'porter' | 'porter2';

const STEMMERS: Record<EnglishStemmer, () => (word: string) => string> = {
  porter: () => {
    const s = snowball.newStemmer('porter');
    return (w) => s.stem(w);
  },
  // The stemmer alone (wink-nlp-utils, which wraps it, takes 0.35 s to load its other helpers),
  // loaded by the first English analyser: a multilingual index's search never needs it.
  porter2: () => createRequire(import.meta.url)('wink-porter2-stemmer') as typeof import('wink-porter2-stemmer'),
};

/** Text -> index terms. The same function must run on documents and on queries. */
export type LexicalAnalyzer = (text: string) => string[];

// Runs of letters, digits and combining marks: Unicode-aware, so "café", "β-catenin" and
// Cyrillic words survive, while every punctuation or operator character (FTS5 or otherwise)
// is just a separator, so no query syntax can reach the engine.
const TOKEN = /[\p{L}\p{N}\p{M}]+/gu;
// English possessive, as Lucene's EnglishPossessiveFilter drops it: "patient's" -> "patient"
// rather than "patient" + a stray "s" term.
const POSSESSIVE = /(?<=[\p{L}\p{N}\p{M}])['\u2019]s(?![\p{L}\p{N}\p{M}])/gu;
// Porter2 costs microseconds a word and dominates indexing time, while a corpus repeats a
// small vocabulary: memoise stems, bounded so endless novel queries cannot grow it forever.
const STEM_CACHE_LIMIT = 200_000;

/**
 * Builds the lexical analyser: NFKC + lower-case, drop possessive 's, split into runs of
 * letters/digits (a run over MAX_TOKEN_LENGTH is cut into pieces, as Lucene's StandardTokenizer
 * does), drop stop words, stem. Stop words are matched before stemming (as Lucene
 * does), so "is" is dropped but a word that merely stems to a stop word is kept.
 */
export function createLexicalAnalyzer(options: LexicalAnalyzerOptions = {}): LexicalAnalyzer {
  const stem = options.stem ?? true;
  const stopwords = options.stopwords ?? true;
  const stemWord = STEMMERS[options.stemmer ?? 'porter2']();
  const stems = new Map<string, string>();
  const stemOf = (token: string): string => {
    let stemmed = stems.get(token);
    if (stemmed === undefined) {
      stemmed = stemWord(token);
      if (stems.size < STEM_CACHE_LIMIT) stems.set(token, stemmed);
    }
    return stemmed;
  };
  return (text) => {
    const normalised = text.normalize('NFKC').toLowerCase().replace(POSSESSIVE, '');
    const terms: string[] = [];
    for (const [run] of normalised.matchAll(TOKEN)) {
      for (const token of splitLongToken(run)) {
        if (stopwords && ENGLISH_STOP_WORDS.has(token)) continue;
        terms.push(stem ? stemOf(token) : token);
      }
    }
    return terms;
  };
}
