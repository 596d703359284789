import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePipeline } from '../../src/pipeline/resolve-pipeline.js';
import type { FilterSpec } from '../../src/schemas/filter-spec.js';
import type { Searcher } from '../../src/search/searcher.js';
import { lexicalSearcher } from '../helpers/lexical-fixtures.js';
import { tmpDir } from '../helpers/tmp.js';
import { buildFilterIndex, CHUNK_COUNT, chunksOf, FILTER_DOCS } from '../store/filter-fixture.js';
import { PG_URL, pushToPostgres, referenceRanking, tableName, testDatabase } from './pg-helpers.js';

/**
 * The postgres leg against a real server, over the filter fixture's index (7 documents, 12
 * chunks, every chunk saying "password"; mixed languages, so the `simple` configuration) pushed
 * as `testbed push --to postgres` would. The reference is the same server's ts_rank_cd over
 * every matching row, ordered by the test (pg-helpers.ts), never the leg's own statement.
 */
const TABLE = tableName('leg');
const db = testDatabase([TABLE]);
const CONFIG = 'simple';

describe('postgres leg', () => {
  let searcher: Searcher;
  beforeAll(async () => {
    const file = await buildFilterIndex(tmpDir('pg-leg-'), 'none');
    await pushToPostgres(file, TABLE, CONFIG);
    searcher = lexicalSearcher('filters', file);
  });
  afterAll(() => searcher.close());

  async function run(
    query: string,
    o: { normalization?: number; k?: number; level?: 'chunk' | 'doc'; filter?: FilterSpec; match?: 'any' } = {},
  ) {
    const pipeline = parsePipeline({
      legs: [
        {
          type: 'postgres',
          url: PG_URL,
          table: TABLE,
          config: CONFIG,
          ...(o.normalization !== undefined && { normalization: o.normalization }),
          ...(o.match && { match: o.match }),
        },
      ],
      k: o.k ?? 10,
      level: o.level ?? 'chunk',
      ...(o.filter && { filter: o.filter }),
    });
    const { hits } = await searcher.retrieve(await searcher.prepare(pipeline), query, { queryId: 'q1' });
    return hits.map((h) => ({ id: h.id, score: h.score }));
  }
  const ref = async (
    query: string,
    o: { normalization?: number; k?: number; level?: 'chunk' | 'doc'; where?: string; tsquery?: string } = {},
  ) =>
    (
      await referenceRanking(db, {
        table: TABLE,
        config: CONFIG,
        query,
        normalization: o.normalization ?? 0,
        k: o.k ?? 10,
        level: o.level ?? 'chunk',
        ...(o.where && { where: o.where }),
        ...(o.tsquery && { tsquery: o.tsquery }),
      })
    ).map((h) => ({ id: h.id, score: h.score }));

  it('ranks as the server ranks: ts_rank_cd per row, score descending, ties by id descending', async () => {
    for (const query of ['password', 'password help', '"password reset"', 'password -portal', 'ninety or policy']) {
      for (const k of [3, 10]) {
        const expected = await ref(query, { k });
        expect(expected.length, query).toBeGreaterThan(0);
        expect(await run(query, { k }), `${query} k=${k}`).toEqual(expected);
      }
    }
  });

  it('a worked example: for one query word each occurrence is a cover worth its weight, 0.1 (weight D), so a chunk scores 0.1 x its count', async () => {
    const hits = await run('password', { k: 100 });
    expect(hits.map((h) => h.id).sort()).toEqual(chunksOf(Object.keys(CHUNK_COUNT)).sort());
    const texts = await db.rows<{ id: string; text: string }>(`SELECT id, text FROM "${TABLE}"`);
    const count = new Map(texts.map((r) => [r.id, r.text.toLowerCase().match(/\bpassword\b/g)?.length ?? 0]));
    for (const h of hits) expect(h.score, h.id).toBeCloseTo(0.1 * count.get(h.id)!, 6);
    // d3#0 and d4#1 say it three times, the most: tied, the larger id first.
    expect(hits.slice(0, 2).map((h) => h.id)).toEqual(['d4#1', 'd3#0']);
  });

  it('the normalization is selectable: each documented bit, and combinations, as the server computes them', async () => {
    const plain = await run('password', { k: 100 });
    for (const normalization of [1, 2, 4, 8, 16, 32, 2 | 4, 1 | 32]) {
      const hits = await run('password', { normalization, k: 100 });
      expect(hits, `normalization ${normalization}`).toEqual(await ref('password', { normalization, k: 100 }));
      expect(hits, `normalization ${normalization} changes the scores`).not.toEqual(plain);
    }
    // 32 maps a rank r to r / (r + 1), so its scores are plain / (plain + 1), to float4 precision.
    const scaled = await run('password', { normalization: 32, k: 100 });
    const plainById = new Map(plain.map((h) => [h.id, h.score]));
    for (const h of scaled) {
      const r = plainById.get(h.id)!;
      expect(h.score).toBeCloseTo(r / (r + 1), 6);
    }
  });

  it('match any: a row needs one of the query words, not all, and is ranked as the server ranks the OR query', async () => {
    // "ninety" is in d7#1 only and "policy" in d3#0 only: ANDed they match nothing, ORed both.
    expect(await run('ninety policy')).toEqual([]);
    const any = await run('ninety policy', { match: 'any' });
    expect(any.map((h) => h.id).sort()).toEqual(['d3#0', 'd7#1']);
    expect(any).toEqual(await ref('ninety policy', { tsquery: "to_tsquery($1::regconfig, 'ninety | policy')" }));
    for (const normalization of [0, 2]) {
      expect(await run('password ninety policy', { match: 'any', normalization, k: 100 })).toEqual(
        await ref('password ninety policy', {
          normalization,
          k: 100,
          tsquery: "to_tsquery($1::regconfig, 'password | ninety | policy')",
        }),
      );
    }
  });

  it('document level: k documents, each by its best chunk', async () => {
    for (const k of [2, 5, 10]) {
      expect(await run('password', { level: 'doc', k })).toEqual(await ref('password', { level: 'doc', k }));
    }
    expect((await run('password', { level: 'doc', k: 10 })).length).toBe(FILTER_DOCS.length);
  });

  it('a query with no match, or no lexeme at all, answers no hits', async () => {
    expect(await run('zyxwvut')).toEqual([]);
    expect(await run('   ')).toEqual([]);
  });

  /**
   * Filters as worked out from FILTER_DOCS by hand: the documents each keeps, and the SQL of the
   * reference restricted to them. k is 2 while more rows match: a filter applied after LIMIT
   * would return fewer than 2 (or none), one pushed into the WHERE clause returns the best 2.
   */
  const FILTERS: [FilterSpec, string[]][] = [
    [{ year: 2020 }, ['d1']], // d2's "2020" is a string, d7's 2020.5 another number
    [{ year: '2020' }, ['d2']],
    [{ year: { gte: 2020, lt: 2021 } }, ['d1', 'd7']],
    [{ year: { gt: 2020.5 } }, ['d3', 'd4']],
    [{ type: { in: ['faq', 'news'] } }, ['d1', 'd3', 'd4', 'd7']], // d6's "FAQ" differs in case
    [{ draft: true }, ['d2', 'd3']], // d4's 1 is not true
    [{ draft: false, type: 'faq' }, ['d1']],
    [{ 'source.kind': 'web' }, ['d1']], // d4's source is the string "web", not an object
    [{ lang: 'de' }, ['d2', 'd6']],
    [{ lang: { in: ['EN', 'fr'] } }, ['d1', 'd3', 'd4', 'd7']],
    [{ 'source.kind': { in: ['book', 'tape'] } }, ['d2']],
    [{ year: { lt: 0 } }, []],
  ];

  it('filters are pushed into the statement: the best k of the passing documents, as the local filter passes them', async () => {
    for (const [filter, docs] of FILTERS) {
      const where = docs.length ? `doc_id IN (${docs.map((d) => `'${d}'`).join(', ')})` : 'FALSE';
      for (const level of ['chunk', 'doc'] as const) {
        const hits = await run('password', { filter, k: 2, level });
        const what = `${JSON.stringify(filter)} at ${level} level`;
        expect(hits, what).toEqual(await ref('password', { k: 2, level, where }));
        expect(hits.length, what).toBe(Math.min(2, level === 'doc' ? docs.length : chunksOf(docs).length));
      }
      // The local filter of the same spec passes the same documents (the leg re-checks its hits against it).
      expect([...searcher.reader.compileFilter(filter).docIds].sort(), JSON.stringify(filter)).toEqual(docs);
    }
  });

  it('queries run concurrently on the pool, each answered with its own ranking', async () => {
    const queries = ['password', 'password help', 'ninety', 'policy', 'password -portal', 'login'];
    const together = await Promise.all(queries.map((q) => run(q, { k: 5 })));
    for (const [i, q] of queries.entries()) expect(together[i], q).toEqual(await ref(q, { k: 5 }));
  });
});
