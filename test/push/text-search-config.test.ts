import { describe, expect, it } from 'vitest';
import { PG_TEXT_SEARCH_CONFIGS, textSearchConfigFor } from '../../src/push/text-search-config.js';

describe("a pushed table's text search configuration", () => {
  it("is the language's own when it holds at least 90% of the documents with a known language", () => {
    expect(textSearchConfigFor({ en: 900, de: 100, und: 500 }).config).toBe('english');
    expect(textSearchConfigFor({ de: 10 }).config).toBe('german');
    expect(textSearchConfigFor({ pt: 95, en: 5 }).config).toBe('portuguese');
  });

  it('is simple for a mixed corpus, a language PostgreSQL has no configuration for, or none known', () => {
    // The demo corpus: 224 of 270 English, 83%.
    expect(textSearchConfigFor({ en: 224, de: 13, es: 11, fr: 11, ja: 11 })).toEqual({
      config: 'simple',
      reason: '224 of 270 documents with a known language are en (< 90%)',
    });
    expect(textSearchConfigFor({ zh: 10 }).config).toBe('simple');
    expect(textSearchConfigFor({ cs: 10 }).config).toBe('simple');
    expect(textSearchConfigFor({ und: 10 }).config).toBe('simple');
    expect(textSearchConfigFor({}).config).toBe('simple');
  });

  it('maps only to configurations named by language (the server test checks each exists)', () => {
    for (const config of Object.values(PG_TEXT_SEARCH_CONFIGS)) expect(config).toMatch(/^[a-z]+$/);
  });
});
