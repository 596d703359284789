import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLexicalAnalyzer } from '../../src/analysis/english-analyzer.js';
import { MAX_TOKEN_LENGTH, splitLongToken } from '../../src/analysis/max-token-length.js';
import { analyzerFor, isPreAnalyzed, tokenizerNames } from '../../src/store/tokenizers.js';

// Every analyser an index can feed FTS5 (and wink) with: the table the build reads.
const PRE_ANALYSED = tokenizerNames().filter(isPreAnalyzed);
const LANGS = [undefined, 'en', 'de', 'fr', 'ru', 'ar', 'zh', 'ja', 'th'];

// Long runs of letters, digits, marks and astral letters (surrogate pairs) between short words.
const run = fc
  .tuple(
    fc.constantFrom('a', 'Z', '7', 'é', 'e\u0301', 'ж', '𝐀', 'ß', 'ﬁ', 'ء', 'ก', '中', 'ー'),
    fc.integer({ min: 1, max: 700 }),
  )
  .map(([unit, n]) => unit.repeat(n));
const text = fc
  .array(fc.oneof(run, fc.constantFrom(' ', 'the ', "cat's ", '-', '.', 'running ', '\n')), { maxLength: 8 })
  .map((parts) => parts.join(''));

describe('index terms are at most MAX_TOKEN_LENGTH (Lucene maxTokenLength 255)', () => {
  it('holds for every pre-analysed tokenizer, in every language, stemmed or not', () => {
    const analysers = PRE_ANALYSED.flatMap((name) => [analyzerFor(name)!, analyzerFor(name, { stem: false })!]);
    fc.assert(
      fc.property(text, fc.constantFrom(...LANGS), (t, lang) => {
        for (const analyse of analysers) {
          for (const term of analyse(t, lang)) expect(term.length).toBeLessThanOrEqual(MAX_TOKEN_LENGTH);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('cuts a long run into consecutive pieces, as Lucene does, rather than dropping it', () => {
    const analyse = createLexicalAnalyzer({ stem: false, stopwords: false });
    const terms = analyse(`short ${'q'.repeat(1000)} end`);
    expect(terms.map((t) => t.length)).toEqual([5, 255, 255, 255, 235, 3]);
    expect(terms.slice(1, 5).join('')).toBe('q'.repeat(1000));
  });

  it('never splits a surrogate pair between pieces', () => {
    const token = `a${'𝐀'.repeat(300)}`; // 601 code units: a cut at 255 would fall inside a pair
    const pieces = splitLongToken(token);
    expect(pieces.join('')).toBe(token);
    expect(pieces.map((p) => p.length)).toEqual([255, 254, 92]);
    // No piece ends with a high surrogate or starts with a low one.
    for (const p of pieces) expect(/^[\udc00-\udfff]|[\ud800-\udbff]$/.test(p)).toBe(false);
  });

  it('a 200k-character Han run is analysed without overflowing the call stack', () => {
    const analyse = analyzerFor('multilingual')!;
    expect(analyse('中文'.repeat(100_000), 'zh')).toHaveLength(199_999);
  });
});
