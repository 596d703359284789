import snowball from 'snowball-stemmers';
import { cjkBigrams } from './cjk-bigrams.js';
import { rulesFor } from './language-table.js';
import { MAX_TOKEN_LENGTH, splitLongToken } from './max-token-length.js';
import { normalizeText } from './normalize-text.js';
import { segmentWords } from './segment-words.js';
import { stopWordsFor } from './stop-words.js';

export interface MultilingualOptions {
  /** Snowball stemming for languages that have a stemmer. Default true. */
  stem?: boolean;
  /** Han/kana words as dictionary words or as overlapping bigrams. Default bigrams. */
  cjk?: 'words' | 'bigrams';
  /**
   * Drop the language's stop words (stopwords-iso), matched on normalised words before
   * stemming; never in Han/kana text (see stop-words.ts). Default false: on XQuAD-R it costs
   * 0.0086 nDCG@10 on average and helps only Arabic and Turkish (BENCHMARKS.md, Languages).
   */
  stopwords?: boolean;
}

/** Text (and its language, when known) -> index terms; the same function for documents and queries. */
export type MultilingualAnalyzer = (text: string, lang?: string) => string[];

const PIECES = /[\p{L}\p{N}\p{M}]+/gu;
// In bigram mode a whole run of Han/kana is bigrammed, before the dictionary can split it.
const CJK_RUNS =
  /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー々]+)|[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー々]+/gu;
const STEM_CACHE_LIMIT = 200_000;

/**
 * The language-aware analyser: normalise (NFKC, lower case, accents folded per language),
 * segment into words with Unicode word segmentation (so Chinese, Japanese and Thai get words),
 * split words on inner punctuation (as FTS5 would: `sync.interval` -> sync, interval), cut a
 * piece over MAX_TOKEN_LENGTH into shorter ones (as Lucene's StandardTokenizer does), turn
 * Han/kana words into bigrams, optionally drop the language's stop words, and stem with the
 * language's Snowball stemmer. The output is fed to FTS5 as space-separated terms, so FTS5's
 * own bm25() still does the scoring.
 */
export function createMultilingualAnalyzer(options: MultilingualOptions = {}): MultilingualAnalyzer {
  const stem = options.stem ?? true;
  const bigrams = (options.cjk ?? 'bigrams') === 'bigrams';
  const stopwords = options.stopwords ?? false;
  const stemmers = new Map<string, (w: string) => string>();
  const stemmerFor = (algorithm: string) => {
    let fn = stemmers.get(algorithm);
    if (!fn) {
      const s = snowball.newStemmer(algorithm);
      const cache = new Map<string, string>();
      fn = (w) => {
        let out = cache.get(w);
        if (out === undefined) {
          out = s.stem(w);
          if (cache.size < STEM_CACHE_LIMIT) cache.set(w, out);
        }
        return out;
      };
      stemmers.set(algorithm, fn);
    }
    return fn;
  };
  return (text, lang) => {
    const rules = rulesFor(lang);
    const stemWord = stem && rules.stemmer ? stemmerFor(rules.stemmer) : undefined;
    const stop = stopwords ? stopWordsFor(lang) : undefined;
    const terms: string[] = [];
    const add = (words: Iterable<string>) => {
      for (const word of words) {
        for (const [run] of word.matchAll(PIECES)) {
          for (const piece of splitLongToken(run)) {
            if (stop?.has(piece)) continue;
            const term = stemWord ? stemWord(piece) : piece;
            // A stemmer can lengthen a word (German ß -> ss): cut again so the bound holds.
            if (term.length <= MAX_TOKEN_LENGTH) terms.push(term);
            else for (const part of splitLongToken(term)) terms.push(part);
          }
        }
      }
    };
    const normalized = normalizeText(text, rules.keepDiacritics);
    if (!bigrams) {
      add(segmentWords(normalized, lang));
      return terms;
    }
    for (const [part, cjk] of normalized.matchAll(CJK_RUNS)) {
      // A loop, not push(...): spreading a long Han run's bigrams overflows the call stack.
      if (cjk) for (const bigram of cjkBigrams(cjk)) terms.push(bigram);
      else add(segmentWords(part, lang));
    }
    return terms;
  };
}
