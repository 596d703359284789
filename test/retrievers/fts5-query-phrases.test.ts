import fc from 'fast-check';
import { languageDetectorReady } from '../../src/analysis/detect-language.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { createQueryTerms } from '../../src/analysis/query-terms.js';
import { queryPhrases } from '../../src/store/bm25-sql.js';
import { analysisIgnoresLanguage, analyzerFor, tokenizerNames } from '../../src/store/tokenizers.js';

// Queries on these indexes detect their language: the detector loads once, before the tests.
beforeAll(() => languageDetectorReady());

/**
 * The FTS5 leg on an `english` index analyses a query once and never detects its language
 * (issue 14: detection cost a fifth of the analysis of a SciFact query and changed nothing).
 * That is only sound because the English analyser ignores the language it is given, so the
 * phrases must be the ones the language-aware path (createQueryTerms) gives, whatever the index's
 * languages and the query's given language.
 */
describe('FTS5 query phrases on an english index', () => {
  const words = fc.constantFrom(
    'The',
    "patient's",
    'cells',
    'Zellen',
    'installieren',
    'reset',
    'password',
    'café',
    'β-catenin',
    '如何',
    'increases',
    'E1042',
    'passwords',
    'of',
    'a',
  );
  const query = fc.oneof(
    fc.array(words, { maxLength: 12 }).map((w) => w.join(' ')),
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 20 }),
  );
  const given = fc.constantFrom(undefined, 'en', 'de', 'fr', 'zh', 'xx');

  it('only the english tokenizer is marked as ignoring the language', () => {
    expect(tokenizerNames().filter(analysisIgnoresLanguage)).toEqual(['english']);
  });

  it('the English analyser gives the same terms in every language', () => {
    const analyze = analyzerFor('english')!;
    fc.assert(
      fc.property(query, given, (q, lang) => {
        expect(analyze(q, lang)).toEqual(analyze(q));
      }),
    );
  });

  it('one analysis gives the phrases of the language-aware path, with or without a majority language', () => {
    const analyze = analyzerFor('english')!;
    const indexes: Record<string, number>[] = [{ en: 5183 }, { en: 3, de: 3, zh: 3, und: 1 }, { de: 10, en: 2 }, {}];
    for (const languages of indexes) {
      const languageAware = createQueryTerms(analyze, languages);
      fc.assert(
        fc.property(query, given, (q, lang) => {
          expect(queryPhrases(analyze(q))).toEqual(queryPhrases(languageAware(q, lang)));
        }),
      );
    }
  });
});
