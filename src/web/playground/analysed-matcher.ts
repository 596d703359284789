import type { MultilingualAnalyzer } from '../../analysis/multilingual-analyzer.js';
import { createQueryTerms } from '../../analysis/query-terms.js';
import { analyzerFor, type TokenizerName } from '../../store/tokenizers.js';
import { isFunctionWord } from './function-words.js';
import type { TermMatcher } from './highlight.js';

/** What the matcher needs to know of an index: how it analyses, and its documents per language. */
export interface AnalysedIndex {
  tokenizer: TokenizerName;
  languages: Record<string, number>;
}

// One analyser per tokenizer for the process: its stemmer caches then serve every request.
const analyzers = new Map<TokenizerName, MultilingualAnalyzer | undefined>();
const segmenters = new Map<string, Intl.Segmenter>();

function analyzer(tokenizer: TokenizerName): MultilingualAnalyzer | undefined {
  if (!analyzers.has(tokenizer)) analyzers.set(tokenizer, analyzerFor(tokenizer));
  return analyzers.get(tokenizer);
}

function segmenter(lang: string | undefined): Intl.Segmenter {
  const locale = lang ?? 'und';
  let s = segmenters.get(locale);
  if (!s) {
    // A language code the index took from metadata may not be a valid locale tag.
    try {
      s = new Intl.Segmenter(locale, { granularity: 'word' });
    } catch {
      s = new Intl.Segmenter('und', { granularity: 'word' });
    }
    segmenters.set(locale, s);
  }
  return s;
}

/**
 * A word of an English (or unknown-language) passage that is never marked (function-words.ts:
 * Lucene's English stop list and the other function words of questions). Other languages mark every word: stopwords-iso's lists hold content
 * words too (Thai ผ่าน "pass" as in รหัสผ่าน "password", English "page" and "problem").
 */
function isStopWord(word: string, lang: string | undefined): boolean {
  const english = !lang || lang.toLowerCase().startsWith('en');
  return english && isFunctionWord(word);
}

/**
 * The matcher for an index built with a pre-analysed tokenizer (`multilingual`), or undefined
 * for any other. The query gets the terms FTS5 searched for (createQueryTerms, which every
 * lexical engine over such an index shares); the passage is cut into words by Unicode word
 * segmentation in its own language, each word is analysed as the index analysed it, and a word
 * is marked when any of its terms is a query term. So "Kennwörter" is marked for "Kennwort"
 * (folded and stemmed alike), and a Chinese word for a query sharing one of its bigrams.
 * Stop words are never marked, as in termMatcher: "in" and "a" in every line hide the words
 * that matter, even where the index keeps them.
 */
export function analysedMatcher(
  query: string,
  index: AnalysedIndex,
  queryLang?: string,
  analysedTerms: Iterable<string> = [],
): TermMatcher | undefined {
  const analyze = analyzer(index.tokenizer);
  if (!analyze) return undefined;
  // analysedTerms: terms the index's analysis made already (an expansion leg's), marked as well.
  const terms = new Set([...createQueryTerms(analyze, index.languages)(query, queryLang), ...analysedTerms]);
  return {
    terms,
    *find(text, lang) {
      for (const s of segmenter(lang).segment(text)) {
        if (!s.isWordLike || isStopWord(s.segment, lang)) continue;
        if (analyze(s.segment, lang).some((t) => terms.has(t))) yield { index: s.index, word: s.segment };
      }
    },
  };
}
