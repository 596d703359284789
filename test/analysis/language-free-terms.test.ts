import { describe, expect, it } from 'vitest';
import { languageDetectorLoaded } from '../../src/analysis/detect-language.js';
import { createMultilingualAnalyzer } from '../../src/analysis/multilingual-analyzer.js';
import { createQueryTerms, languageFreeTerms } from '../../src/analysis/query-terms.js';
import { readyForQuery } from '../../src/store/tokenizers.js';

/**
 * A query whose terms are the same in every language an index holds needs no language
 * detection, so a one-off search of it need not load the detector; any other query still
 * detects, and fails loudly when the detector was not loaded for it. This file never loads the
 * detector up front: each state below is reached by the calls it makes.
 */
const analyze = createMultilingualAnalyzer();
const DEMO_LANGUAGES = { en: 224, de: 13, es: 11, fr: 11, ja: 11 };

describe('languageFreeTerms', () => {
  it('an error code and a number read the same in every language: the unstemmed terms', () => {
    expect(languageFreeTerms(analyze, DEMO_LANGUAGES, 'error E1042')).toEqual(analyze('error E1042'));
  });

  it('a word English stems otherwise is not language-free', () => {
    // The premise: English stemming changes "running", so the language matters.
    expect(analyze('running', 'en')).not.toEqual(analyze('running'));
    expect(languageFreeTerms(analyze, DEMO_LANGUAGES, 'running')).toBeUndefined();
  });

  it('a term twice is not: one analysis keeps it twice, a union of several once', () => {
    expect(languageFreeTerms(analyze, DEMO_LANGUAGES, 'E1042 E1042')).toBeUndefined();
  });
});

describe('queries on an index before the detector is loaded', () => {
  it('a language-free query is analysed, and readyForQuery leaves the detector unloaded', async () => {
    await readyForQuery('multilingual', DEMO_LANGUAGES, 'error E1042');
    expect(languageDetectorLoaded()).toBe(false);
    expect(createQueryTerms(analyze, DEMO_LANGUAGES)('error E1042')).toEqual(analyze('error E1042'));
  });

  it('a query that depends on its language throws without the detector; readyForQuery loads it', async () => {
    expect(() => createQueryTerms(analyze, DEMO_LANGUAGES)('running shoes')).toThrow(/not loaded/);
    await readyForQuery('multilingual', DEMO_LANGUAGES, 'running shoes');
    expect(languageDetectorLoaded()).toBe(true);
    expect(createQueryTerms(analyze, DEMO_LANGUAGES)('running shoes')).toEqual(analyze('running shoes', 'en'));
  });
});
