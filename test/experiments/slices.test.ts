import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Query } from '../../src/corpus/types.js';
import { InputError } from '../../src/errors.js';
import { NO_VALUE, pairedSliceGap, sliceMean, sliceQueries, sliceValues } from '../../src/experiments/slices.js';

const q = (id: string, metadata: Record<string, unknown>): Query => ({ id, text: `query ${id}`, metadata });

const queries = [
  q('q1', { type: 'identifier', tags: ['billing', 'sso'], source: 'real', year: 2024 }),
  q('q2', { type: 'conceptual', tags: ['billing'], source: 'synthetic', year: 2023 }),
  q('q3', { type: 'identifier', tags: [], source: 'real' }),
  q('q4', { type: 'howto', tags: 'sso', source: 'synthetic', year: null }),
  q('q5', { type: 'identifier', tags: ['sso', 'sso'], source: 'synthetic', head: true }),
];

// q4 has no score: it was not run, or its score is missing.
const perQuery = new Map([
  ['q1', 0.5],
  ['q2', 1],
  ['q3', 0.25],
  ['q5', 0],
]);

const brief = (field: string, fields = [field]) => sliceQueries(queries, fields).map((s) => [s.label, s.queryIds]);

describe('sliceQueries', () => {
  it('one slice per distinct value, larger slices first, ties by value', () => {
    // identifier 3; conceptual and howto 1 each, so alphabetical.
    expect(brief('type')).toEqual([
      ['type=identifier', ['q1', 'q3', 'q5']],
      ['type=conceptual', ['q2']],
      ['type=howto', ['q4']],
    ]);
  });

  it('puts a query in one slice per list element, once each; an empty list counts as no value', () => {
    expect(brief('tags')).toEqual([
      ['tags=sso', ['q1', 'q4', 'q5']],
      ['tags=billing', ['q1', 'q2']],
      ['tags=(none)', ['q3']],
    ]);
  });

  it('stringifies numbers and booleans; missing and null go to (none)', () => {
    expect(brief('year')).toEqual([
      ['year=(none)', ['q3', 'q4', 'q5']],
      ['year=2023', ['q2']],
      ['year=2024', ['q1']],
    ]);
    expect(brief('head')).toEqual([
      ['head=(none)', ['q1', 'q2', 'q3', 'q4']],
      ['head=true', ['q5']],
    ]);
  });

  it('keeps the fields in the order given and fills in field, value and label', () => {
    const slices = sliceQueries(queries, ['source', 'type']);
    expect(slices.map((s) => s.label)).toEqual([
      'source=synthetic',
      'source=real',
      'type=identifier',
      'type=conceptual',
      'type=howto',
    ]);
    expect(slices[0]).toEqual({
      field: 'source',
      value: 'synthetic',
      label: 'source=synthetic',
      queryIds: ['q2', 'q4', 'q5'],
    });
  });

  it('a field no query has gives one (none) slice with every query', () => {
    expect(brief('language')).toEqual([['language=(none)', ['q1', 'q2', 'q3', 'q4', 'q5']]]);
  });

  it('returns nothing without queries or fields', () => {
    expect(sliceQueries([], ['type'])).toEqual([]);
    expect(sliceQueries(queries, [])).toEqual([]);
  });

  it('rejects a field listed twice', () => {
    expect(() => sliceQueries(queries, ['type', 'type'])).toThrow(InputError);
  });

  it('covers every query in every field', () => {
    const value = fc.oneof(
      fc.constantFrom('a', 'b', 'c'),
      fc.integer({ min: 0, max: 3 }),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.constantFrom('a', 'b', 'x'), { maxLength: 3 }),
    );
    const metas = fc.array(fc.record({ f: value, g: value }, { requiredKeys: [] }), { maxLength: 12 });
    fc.assert(
      fc.property(metas, (ms) => {
        const qs = ms.map((m, i) => q(`q${i}`, m));
        const slices = sliceQueries(qs, ['f', 'g']);
        for (const field of ['f', 'g']) {
          const own = slices.filter((s) => s.field === field);
          expect(new Set(own.flatMap((s) => s.queryIds))).toEqual(new Set(qs.map((x) => x.id)));
          for (const s of own) expect(new Set(s.queryIds).size).toBe(s.queryIds.length);
          // Sizes never increase down the list.
          own.forEach((s, i) => i > 0 && expect(s.queryIds.length).toBeLessThanOrEqual(own[i - 1]!.queryIds.length));
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('sliceValues', () => {
  it('maps raw metadata values to slice values', () => {
    expect(sliceValues('identifier')).toEqual(['identifier']);
    expect(sliceValues(3)).toEqual(['3']);
    expect(sliceValues(false)).toEqual(['false']);
    expect(sliceValues(undefined)).toEqual([NO_VALUE]);
    expect(sliceValues([])).toEqual([NO_VALUE]);
    expect(sliceValues(['b', 'a', 'b', 1, null])).toEqual(['b', 'a', '1', NO_VALUE]);
    expect(sliceValues({ lang: 'en' })).toEqual(['{"lang":"en"}']);
  });
});

describe('sliceMean', () => {
  const slices = sliceQueries(queries, ['type', 'tags']);
  const byLabel = (label: string) => slices.find((s) => s.label === label)!;

  it('averages over the slice queries that have a score', () => {
    // identifier: q1 0.5, q3 0.25, q5 0 -> 0.75 / 3.
    expect(sliceMean(perQuery, byLabel('type=identifier'))).toEqual({ mean: 0.25, n: 3 });
    // sso: q1 0.5, q4 unscored, q5 0 -> 0.5 / 2.
    expect(sliceMean(perQuery, byLabel('tags=sso'))).toEqual({ mean: 0.25, n: 2 });
  });

  it('gives NaN and n = 0 when no query of the slice has a score', () => {
    expect(sliceMean(perQuery, byLabel('type=howto'))).toEqual({ mean: NaN, n: 0 });
  });
});

describe('pairedSliceGap', () => {
  const slices = sliceQueries(queries, ['type', 'source']);

  it('defaults to synthetic minus real on the source field', () => {
    // real: q1 0.5, q3 0.25 -> 0.375; synthetic: q2 1, q5 0 (q4 unscored) -> 0.5.
    expect(pairedSliceGap(perQuery, slices)).toEqual({
      a: { mean: 0.375, n: 2 },
      b: { mean: 0.5, n: 2 },
      gap: 0.125,
    });
  });

  it('takes any field and pair of values', () => {
    // identifier 0.25 (n 3), conceptual 1 (n 1).
    expect(pairedSliceGap(perQuery, slices, 'type', 'identifier', 'conceptual')).toEqual({
      a: { mean: 0.25, n: 3 },
      b: { mean: 1, n: 1 },
      gap: 0.75,
    });
  });

  it('is undefined unless both values have scored queries', () => {
    expect(pairedSliceGap(perQuery, slices, 'source', 'real', 'human')).toBeUndefined();
    expect(pairedSliceGap(perQuery, sliceQueries(queries, ['type']))).toBeUndefined();
    // howto exists but its only query is unscored.
    expect(pairedSliceGap(perQuery, slices, 'type', 'identifier', 'howto')).toBeUndefined();
  });
});
