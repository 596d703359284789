import { createLexicalAnalyzer } from '../analysis/english-analyzer.js';
import {
  createMultilingualAnalyzer,
  type MultilingualAnalyzer,
  type MultilingualOptions,
} from '../analysis/multilingual-analyzer.js';

/** What a caller may change in a pre-analysed tokenizer's analyser (stemming off, for the nostem comparisons). */
export type AnalyzerOverrides = Pick<MultilingualOptions, 'stem'>;

/**
 * One tokenizer an index can be built with. The name is what users type and what the index
 * records; the index's FTS5 table is made with `fts5` as its `tokenize` argument. A pre-analysed
 * tokenizer has an `analyzer`: documents and queries both get theirs from this one row, so a
 * reopened index analyses queries exactly as its documents were, and FTS5 gets the terms
 * separated by spaces (its bm25() still does the scoring).
 */
export interface TokenizerRow {
  name: string;
  fts5: string;
  /** A new analyser, for pre-analysed tokenizers only. */
  analyzer?: (overrides: AnalyzerOverrides) => MultilingualAnalyzer;
  /** The analyser gives the same terms in every language, so a query needs no language detection. */
  ignoresLanguage?: boolean;
}

/**
 * Every built-in tokenizer, in the order `testbed index --help` lists them; tokenizers.ts serves
 * these rows and any registered at run time. `auto` (the default) is not a tokenizer of its own:
 * the build picks `english` or `multilingual` from the corpus' detected languages
 * (resolveAutoTokenizer) and records that.
 */
export const TOKENIZER_TABLE = [
  // Words split on Unicode separators, case- and diacritic-folded (FTS5's default, but with
  // remove_diacritics 2 so "café" also matches "cafe" when the accent is a combining mark).
  { name: 'unicode61', fts5: 'unicode61 remove_diacritics 2' },
  // The same, then Porter-stemmed (English): "configuring" matches "configuration".
  { name: 'porter', fts5: 'porter unicode61 remove_diacritics 2' },
  // Every 3-character substring: finds parts of identifiers and text without spaces, but terms
  // shorter than 3 characters match nothing.
  { name: 'trigram', fts5: 'trigram' },
  // Our language-aware analyser (src/analysis), at index and query time alike: word
  // segmentation for Chinese/Japanese/Thai, accents folded per language, Snowball stemming in
  // the document's language.
  {
    name: 'multilingual',
    fts5: 'unicode61 remove_diacritics 0',
    analyzer: (o: AnalyzerOverrides) => createMultilingualAnalyzer({ ...o }),
  },
  // The same, and the stop words of the text's language (stopwords-iso) dropped from documents
  // and queries alike (not in Chinese/Japanese, which are bigrammed). Opt-in: on XQuAD-R it
  // helps Arabic and Turkish and costs the rest (BENCHMARKS.md, Languages).
  {
    name: 'multilingual-stop',
    fts5: 'unicode61 remove_diacritics 0',
    analyzer: (o: AnalyzerOverrides) => createMultilingualAnalyzer({ stopwords: true, ...o }),
  },
  // `multilingual` without Snowball stemming (segmentation, normalisation and CJK bigrams only),
  // for text where stems conflate words that should stay apart (names, codes) and to measure
  // what stemming is worth per language (BENCHMARKS.md, Languages).
  {
    name: 'multilingual-nostem',
    fts5: 'unicode61 remove_diacritics 0',
    analyzer: (o: AnalyzerOverrides) => createMultilingualAnalyzer({ stem: false, ...o }),
  },
  // Lucene's EnglishAnalyzer, Anserini's default and so the BM25 that IR papers compare
  // against: possessive 's dropped, lower case, Lucene's 33 English stop words dropped at index
  // and query time, Porter's (1980) stemmer. One analysis for every language: Lucene's English
  // chain ignores the text's language.
  {
    name: 'english',
    fts5: 'unicode61 remove_diacritics 0',
    analyzer: (o: AnalyzerOverrides) => {
      const analyze = createLexicalAnalyzer({ stemmer: 'porter', stopwords: true, ...o });
      return (text: string) => analyze(text);
    },
    ignoresLanguage: true,
  },
] as const satisfies readonly TokenizerRow[];

/** The built-in tokenizer names. A tokenizer registered at run time is named by a plain string. */
export type TokenizerName = (typeof TOKENIZER_TABLE)[number]['name'];
