import { beforeAll, describe, expect, it } from 'vitest';
import { languageDetectorReady } from '../../src/analysis/detect-language.js';
import { createMultilingualAnalyzer } from '../../src/analysis/multilingual-analyzer.js';
import { createQueryLanguages } from '../../src/analysis/query-language.js';
import { createQueryTerms } from '../../src/analysis/query-terms.js';

// Queries on these indexes detect their language: the detector loads once, before the tests.
beforeAll(() => languageDetectorReady());

const analyze = createMultilingualAnalyzer();
// One document per language: no language has more than half of them.
const MIXED = { zh: 1, th: 1, de: 1, en: 1, ja: 1 };

describe('createQueryLanguages', () => {
  it('uses the given or detected language when the index holds documents in it', () => {
    expect(createQueryLanguages(MIXED)('Wie installiere ich Pakete?')).toEqual(['de']);
    expect(createQueryLanguages(MIXED)('passwords', 'en')).toEqual(['en']);
  });

  it('takes a short query to be in the majority language, when there is one', () => {
    // 4 of 5 documents are English: 4 > 5 / 2.
    expect(createQueryLanguages({ en: 4, de: 1 })('ERR42')).toEqual(['en']);
  });

  it('with no majority, an undetectable query is analysed unstemmed and in every language held', () => {
    // Sorted after the unstemmed analysis; `und` is the unstemmed one, not a language.
    expect(createQueryLanguages({ ...MIXED, und: 2 })('ERR42')).toEqual([undefined, 'de', 'en', 'ja', 'th', 'zh']);
  });

  it('with a majority, a query detected as a language no document is in is analysed unstemmed and in the majority language', () => {
    // The detector reads "passwords" as Italian; the index is 4/5 English.
    expect(createQueryLanguages({ en: 4, de: 1 })('passwords')).toEqual([undefined, 'en']);
    expect(createQueryTerms(analyze, { en: 4, de: 1 })('passwords')).toEqual(['passwords', 'password']);
  });

  it('a language the caller gives is trusted even when no document is in it', () => {
    expect(createQueryLanguages(MIXED)('passwords', 'it')).toEqual([undefined]);
  });
});

describe('createQueryTerms', () => {
  it('on a mixed index, "passwords" gives the unstemmed word and its English/German stem, once each', () => {
    // The detector reads "passwords" as Italian, which no document is in. Unstemmed, ja, th,
    // zh: passwords; Snowball English and German both strip the plural s: password.
    expect(createQueryTerms(analyze, MIXED)('passwords')).toEqual(['passwords', 'password']);
  });

  it('with one language the analyser output is returned as is (repeats kept)', () => {
    expect(createQueryTerms(analyze, MIXED)('Passwort Passwort', 'de')).toEqual(['passwort', 'passwort']);
  });
});
