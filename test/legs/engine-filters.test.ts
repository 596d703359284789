import { describe, expect, it } from 'vitest';
import { qdrantFilter, searchEngineFilter } from '../../src/legs/engine/engine-filters.js';

describe("pipeline filters in the engines' syntax", () => {
  it('OpenSearch / Elasticsearch: lang at the top, metadata fields under metadata., booleans and nested keys as written', () => {
    const either = (clause: (f: string) => object, field: string) => ({
      bool: { should: [clause(field), clause(`${field}.keyword`)], minimum_should_match: 1 },
    });
    expect(
      searchEngineFilter({
        lang: { in: ['de', 'fr'] },
        draft: false,
        'source.kind': 'web',
        type: { in: ['faq', 2] },
        n: { in: [1, 2] },
        year: { gt: 2019, lte: 2022 },
      }),
    ).toEqual({
      bool: {
        filter: [
          { terms: { lang: ['de', 'fr'] } },
          { term: { 'metadata.draft': false } },
          // A string on metadata: the dynamically mapped text field or its keyword sub-field.
          either((f) => ({ term: { [f]: 'web' } }), 'metadata.source.kind'),
          either((f) => ({ terms: { [f]: ['faq', 2] } }), 'metadata.type'),
          { terms: { 'metadata.n': [1, 2] } },
          { range: { 'metadata.year': { gt: 2019, lte: 2022 } } },
        ],
      },
    });
    // No filter: a bool that matches everything, so a body's {{filter}} always has a query to hold.
    expect(searchEngineFilter(undefined)).toEqual({ bool: { filter: [] } });
  });

  it('Qdrant: match value / any for keywords, integers and booleans; a fractional number as the range [v, v], since Qdrant does not match floats', () => {
    expect(
      qdrantFilter({ year: 2020.5, type: { in: ['faq', 3] }, draft: true, score: { in: [0.5, 'x'] }, lang: 'en' }),
    ).toEqual({
      must: [
        { key: 'metadata.year', range: { gte: 2020.5, lte: 2020.5 } },
        { key: 'metadata.type', match: { any: ['faq', 3] } },
        { key: 'metadata.draft', match: { value: true } },
        {
          should: [
            { key: 'metadata.score', range: { gte: 0.5, lte: 0.5 } },
            { key: 'metadata.score', match: { value: 'x' } },
          ],
        },
        { key: 'lang', match: { value: 'en' } },
      ],
    });
    expect(qdrantFilter(undefined)).toEqual({ must: [] });
  });
});
