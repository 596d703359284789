import { describe, expect, it } from 'vitest';
import { payloadIndexes } from '../../src/push/qdrant-payload-indexes.js';

describe('Qdrant payload indexes for filter fields', () => {
  it('one schema per kind of value, at the payload path push writes; mixed kinds get none', () => {
    expect(
      payloadIndexes([
        { key: 'lang', types: ['string'] },
        { key: 'type', types: ['string'] },
        { key: 'year', types: ['integer'] },
        { key: 'score', types: ['real'] },
        { key: 'rating', types: ['integer', 'real'] },
        { key: 'draft', types: ['boolean'] },
        { key: 'source.kind', types: ['string'] },
        // "2020" beside 2020: a keyword index would leave the numbers out, an integer one the strings.
        { key: 'when', types: ['integer', 'string'] },
        { key: 'flag', types: ['boolean', 'integer'] },
      ]),
    ).toEqual([
      { field_name: 'lang', field_schema: 'keyword' },
      { field_name: 'metadata.type', field_schema: 'keyword' },
      { field_name: 'metadata.year', field_schema: 'integer' },
      { field_name: 'metadata.score', field_schema: 'float' },
      { field_name: 'metadata.rating', field_schema: 'float' },
      { field_name: 'metadata.draft', field_schema: 'bool' },
      { field_name: 'metadata.source.kind', field_schema: 'keyword' },
    ]);
  });
});
