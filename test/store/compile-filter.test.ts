import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { createFts5Retriever } from '../../src/retrievers/fts5-bm25.js';
import type { ChunkFilter, Level } from '../../src/retrievers/types.js';
import type { FilterSpec } from '../../src/schemas/filter-spec.js';
import { filterSql } from '../../src/store/filter-sql.js';
import { IndexReader } from '../../src/store/index-reader.js';
import { tmpDir } from '../helpers/tmp.js';
import { buildFilterIndex, CHUNK_COUNT, chunksOf, FILTER_DOCS as docs } from './filter-fixture.js';

describe('compileFilter', () => {
  const dir = tmpDir('compile-filter-');
  let reader: IndexReader;
  beforeAll(async () => {
    reader = IndexReader.open(await buildFilterIndex(dir, 'none'));
  });
  afterAll(() => reader.close());

  const passing = (filter: FilterSpec) => {
    const compiled = reader.compileFilter(filter);
    return { docs: [...compiled.docIds].sort(), chunks: [...compiled.chunkIds].sort() };
  };
  const expectDocs = (filter: FilterSpec, expected: string[]) => {
    expect(passing(filter)).toEqual({ docs: expected, chunks: chunksOf(expected) });
  };

  it('the fixture is chunked as the expectations assume', () => {
    expect(chunksOf(Object.keys(CHUNK_COUNT))).toEqual(docs.flatMap((d) => reader.chunksOf(d._id).map((c) => c.id)));
  });

  it('string equality is exact and case-sensitive', () => {
    expectDocs({ type: 'faq' }, ['d1', 'd3', 'd7']);
    expectDocs({ type: 'FAQ' }, ['d6']);
    // json_extract gives an object as its JSON text; a string must not equal that.
    expectDocs({ source: '{"kind":"web"}' }, []);
  });

  it('number equality matches numbers only: 2020 and "2020" are different values', () => {
    expectDocs({ year: 2020 }, ['d1']);
    expectDocs({ year: '2020' }, ['d2']);
    expectDocs({ year: 2020.5 }, ['d7']);
  });

  it('booleans match JSON true and false, not 1 and 0', () => {
    expectDocs({ draft: true }, ['d2', 'd3']);
    expectDocs({ draft: false }, ['d1']);
    expectDocs({ draft: 1 }, ['d4']);
    expectDocs({ draft: 0 }, []);
  });

  it('in: any of the values, each compared with its own JSON type', () => {
    expectDocs({ type: { in: ['faq', 'news'] } }, ['d1', 'd3', 'd4', 'd7']);
    expectDocs({ year: { in: [2020, '2020'] } }, ['d1', 'd2']);
    expectDocs({ draft: { in: [true, 1] } }, ['d2', 'd3', 'd4']);
    expectDocs({ year: { in: ['2021', 2022] } }, ['d4']);
  });

  it('each range bound, at the boundary; ranges match numbers only', () => {
    // Numeric years: d1 2020, d7 2020.5, d3 2021, d4 2022. d2's "2020" is a string, d6's null.
    expectDocs({ year: { gt: 2020 } }, ['d3', 'd4', 'd7']);
    expectDocs({ year: { gte: 2020 } }, ['d1', 'd3', 'd4', 'd7']);
    expectDocs({ year: { lt: 2021 } }, ['d1', 'd7']);
    expectDocs({ year: { lte: 2021 } }, ['d1', 'd3', 'd7']);
    expectDocs({ year: { gte: 2020.5, lt: 2022 } }, ['d3', 'd7']);
    expectDocs({ year: { gt: 2022 } }, []);
  });

  it('a dotted key is a nested field; a string where an object is expected has no such field', () => {
    expectDocs({ 'source.kind': 'web' }, ['d1']);
    expectDocs({ 'source.kind': { in: ['web', 'book'] } }, ['d1', 'd2']);
    expectDocs({ source: 'web' }, ['d4']);
  });

  it('a missing field, a null value and null metadata fail every condition', () => {
    expectDocs({ nothere: 'x' }, []);
    expectDocs({ nothere: { gte: 0 } }, []);
    // d5 has no metadata and d6 has year null: neither is in any range.
    expectDocs({ year: { gt: -1e9 } }, ['d1', 'd3', 'd4', 'd7']);
    expectDocs({ type: { in: ['faq', 'FAQ', 'howto', 'news'] } }, ['d1', 'd2', 'd3', 'd4', 'd6', 'd7']);
  });

  it('lang is the stored chunk language, compared lower-case; a chunk without one never passes', () => {
    expectDocs({ lang: 'en' }, ['d1', 'd3', 'd7']);
    expectDocs({ lang: 'EN' }, ['d1', 'd3', 'd7']);
    expectDocs({ lang: { in: ['de', 'fr'] } }, ['d2', 'd4', 'd6']);
    expectDocs({ lang: { in: ['xx'] } }, []);
    expect(() => reader.compileFilter({ lang: { gte: 1 } })).toThrow(InputError);
  });

  it('conditions AND; the empty filter passes everything', () => {
    expectDocs({ type: 'faq', draft: true }, ['d3']);
    expectDocs({ lang: 'en', year: { gte: 2020.5 } }, ['d3', 'd7']);
    expectDocs({ lang: 'de', type: 'faq' }, []);
    expectDocs({}, ['d1', 'd2', 'd3', 'd4', 'd5', 'd6', 'd7']);
  });

  it('field names with quotes or parentheses address the literal key and are never SQL', () => {
    expectDocs({ 'we"ird': 'x' }, ['d4']);
    expectDocs({ 'p)': 1 }, ['d4']);
    expectDocs({ "x') OR 1=1 --": 1 }, []);
    expectDocs({ 'a"]."b': { in: ['x', 1, true] } }, []);
    const { where, params } = filterSql({ "x') OR 1=1 --": 'v', year: { gte: 2020 } });
    expect(where).not.toMatch(/OR 1=1|year|2020|'v'/);
    expect(params).toEqual(['$."x\') OR 1=1 --"', '$."x\') OR 1=1 --"', 'v', '$."year"', '$."year"', 2020]);
  });

  it('filterSql: one condition per field in sorted order, values and paths as parameters', () => {
    expect(
      filterSql({ year: { gt: 2020, lte: 2022 }, lang: { in: ['DE', 'fr'] }, draft: true, type: { in: ['faq', 3] } }),
    ).toEqual({
      where:
        'json_type(d.metadata, ?) = ? AND lower(c.lang) IN (?, ?)' +
        " AND ((json_type(d.metadata, ?) = 'text' AND json_extract(d.metadata, ?) = ?) OR (json_type(d.metadata, ?) IN ('integer', 'real') AND json_extract(d.metadata, ?) = ?))" +
        " AND (json_type(d.metadata, ?) IN ('integer', 'real') AND json_extract(d.metadata, ?) > ? AND json_extract(d.metadata, ?) <= ?)",
      params: [
        '$."draft"',
        'true',
        'de',
        'fr',
        '$."type"',
        '$."type"',
        'faq',
        '$."type"',
        '$."type"',
        3,
        '$."year"',
        '$."year"',
        2020,
        '$."year"',
        2022,
      ],
    });
    expect(filterSql({})).toEqual({ where: '1', params: [] });
  });

  it('one compilation per distinct filter, whatever its key order', () => {
    const a = reader.compileFilter({ type: 'faq', year: { lte: 2021, gte: 2020 } });
    const b = reader.compileFilter({ year: { gte: 2020, lte: 2021 }, type: 'faq' });
    expect(b).toBe(a);
    expect(a.key).toBe('{"type":"faq","year":{"gte":2020,"lte":2021}}');
    expect(reader.compileFilter({ type: 'faq' })).not.toBe(a);
  });

  describe('FTS5 BM25 under a filter', () => {
    // Each filter with the documents that pass it, from the fixture.
    const cases: [FilterSpec, string[]][] = [
      [{ lang: 'en' }, ['d1', 'd3', 'd7']],
      [{ year: { gte: 2020 } }, ['d1', 'd3', 'd4', 'd7']],
      [{ draft: { in: [true, 1] }, lang: { in: ['de', 'fr'] } }, ['d2', 'd4']],
      [{ 'source.kind': 'web' }, ['d1']],
      [{ nothere: 1 }, []],
      [{}, ['d1', 'd2', 'd3', 'd4', 'd5', 'd6', 'd7']],
    ];
    const search = (level: Level, filter?: ChunkFilter) =>
      createFts5Retriever(reader).search('password', { k: 100, level, ...(filter && { filter }) });
    const scored = (hits: { id: string; chunkId: string; score: number }[]) =>
      hits.map(({ id, chunkId, score }) => ({ id, chunkId, score }));

    it.each(cases)(
      'is the unfiltered ranking restricted to the passing chunks or documents: %j',
      async (spec, passingDocs) => {
        const filter = reader.compileFilter(spec);
        const everyChunk = (await search('chunk')).hits;
        expect(everyChunk).toHaveLength(12);
        const kept = everyChunk.filter((h) => passingDocs.includes(h.docId));
        expect(scored((await search('chunk', filter)).hits)).toEqual(scored(kept));

        const everyDoc = (await search('doc')).hits;
        expect(everyDoc).toHaveLength(7);
        const keptDocs = everyDoc.filter((h) => passingDocs.includes(h.id));
        expect(scored((await search('doc', filter)).hits)).toEqual(scored(keptDocs));
      },
    );

    it('the limit applies after the filter: k hits from the passing chunks', async () => {
      const filter = reader.compileFilter({ lang: 'en' });
      const hits = (await createFts5Retriever(reader).search('password', { k: 3, level: 'chunk', filter })).hits;
      expect(hits).toHaveLength(3);
      for (const h of hits) expect(chunksOf(['d1', 'd3', 'd7'])).toContain(h.id);
    });
  });
});
