/**
 * Lucene's English stop set (`EnglishAnalyzer.ENGLISH_STOP_WORDS_SET`, 33 words), which
 * Anserini's default analyser removes. Using the same short list rather than a longer one
 * (wink-nlp-utils ships 153 words) keeps our BM25 comparable to Anserini's published runs:
 * every extra stop word changes document lengths and therefore scores.
 */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set([
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'but',
  'by',
  'for',
  'if',
  'in',
  'into',
  'is',
  'it',
  'no',
  'not',
  'of',
  'on',
  'or',
  'such',
  'that',
  'the',
  'their',
  'then',
  'there',
  'these',
  'they',
  'this',
  'to',
  'was',
  'will',
  'with',
]);
