import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHashEmbedder } from '../../src/embedders/hash.js';
import { RemoteError } from '../../src/remote/remote-error.js';
import { Searcher } from '../../src/search/searcher.js';
import { parsePipeline } from '../../src/pipeline/resolve-pipeline.js';
import { tmpDir } from '../helpers/tmp.js';
import { buildFilterIndex } from '../store/filter-fixture.js';
import { qdrantAnswer, searchAnswer, startFakeEngine, type FakeEngine } from '../retrievers/helpers/fake-engine.js';

/**
 * OpenSearch, Elasticsearch and Qdrant legs against in-test servers that answer the engines'
 * documented shapes (`hits.hits[]` of _search, `result.points[]` of Qdrant's query API), over the
 * filter fixture's index (7 documents, d1 d2 d4 d5 d7 in two chunks each, d3 d6 in one).
 */
describe('search-engine legs', () => {
  const embedder = createHashEmbedder(64);
  let searcher: Searcher;
  let lexicalOnly: Searcher;
  let engine: FakeEngine;
  const QUERY = 'password reset';
  let queryVector: number[];

  beforeAll(async () => {
    searcher = new Searcher('vectors', await buildFilterIndex(tmpDir('engine-legs-'), embedder), async () => embedder);
    lexicalOnly = new Searcher(
      'none',
      await buildFilterIndex(tmpDir('engine-legs-none-'), 'none'),
      async () => embedder,
    );
    engine = await startFakeEngine();
    queryVector = Array.from((await embedder.embed([QUERY], 'query')).vectors[0]!);
  });
  afterAll(async () => {
    searcher.close();
    lexicalOnly.close();
    await engine.close();
  });

  async function run(
    leg: Record<string, unknown>,
    options: { level?: 'doc' | 'chunk'; k?: number; filter?: unknown; on?: Searcher } = {},
  ) {
    const pipeline = parsePipeline({
      legs: [{ url: engine.url, ...leg }],
      k: options.k ?? 5,
      level: options.level ?? 'chunk',
      ...(options.filter !== undefined && { filter: options.filter }),
    });
    const on = options.on ?? searcher;
    return on.retrieve(await on.prepare(pipeline), QUERY, { queryId: 'q7' });
  }
  const lastRequest = () => engine.seen.at(-1)!;
  const ranked = (hits: { id: string; docId: string; chunkId: string; score: number; rank: number }[]) =>
    hits.map((h) => [h.id, h.chunkId, h.score, h.rank]);

  it('opensearch bm25: POSTs a multi_match over title and text to INDEX/_search and ranks the _ids as documents', async () => {
    engine.answer(() =>
      searchAnswer([
        { _id: 'd3', _score: 2.5 },
        { _id: 'd1', _score: 1.25 },
        { _id: 'd7', _score: 1.25 },
      ]),
    );
    const { hits, timings } = await run({ type: 'opensearch', index: 'docs' }, { level: 'doc' });
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/docs/_search' });
    expect(lastRequest().body).toEqual({
      size: 5,
      query: { multi_match: { query: QUERY, fields: ['title', 'text'] } },
      _source: { excludes: ['vector'] },
    });
    // d1 and d7 tie at 1.25: our tie-break puts the larger id (d7) first. A hit without a chunk id stands as its document's first chunk.
    expect(ranked(hits)).toEqual([
      ['d3', 'd3#0', 2.5, 1],
      ['d7', 'd7#0', 1.25, 2],
      ['d1', 'd1#0', 1.25, 3],
    ]);
    expect(timings.remote).toBeGreaterThan(0);
  });

  it("opensearch knn: the query embedded by the index's embedder in a knn query, chunk ids read from _source", async () => {
    engine.answer(() =>
      searchAnswer([
        { _id: 'd1#1', _score: 0.9, _source: { doc_id: 'd1', chunk_id: 'd1#1' } },
        { _id: 'd1#0', _score: 0.8, _source: { doc_id: 'd1', chunk_id: 'd1#0' } },
        { _id: 'd4#0', _score: 0.7, _source: { doc_id: 'd4', chunk_id: 'd4#0' } },
      ]),
    );
    const leg = {
      type: 'opensearch',
      index: 'chunks',
      query: 'knn',
      vector_field: 'emb',
      id: '_source.doc_id',
      chunk_id: '_source.chunk_id',
    };
    const chunks = await run(leg, { k: 3 });
    expect(lastRequest().body).toEqual({
      size: 3,
      query: { knn: { emb: { vector: queryVector, k: 3 } } },
      _source: { excludes: ['emb'] },
    });
    expect(ranked(chunks.hits)).toEqual([
      ['d1#1', 'd1#1', 0.9, 1],
      ['d1#0', 'd1#0', 0.8, 2],
      ['d4#0', 'd4#0', 0.7, 3],
    ]);
    expect(chunks.timings.embed).toBeGreaterThanOrEqual(0);
    // At document level the same answer collapses to documents, each scored as its best chunk.
    const docs = await run(leg, { k: 3, level: 'doc' });
    expect(ranked(docs.hits)).toEqual([
      ['d1', 'd1#1', 0.9, 1],
      ['d4', 'd4#0', 0.7, 2],
    ]);
  });

  it('elasticsearch knn: the knn search option with num_candidates 1.5 × k (or as set); bm25 with boosted fields', async () => {
    engine.answer(() => searchAnswer([{ _id: 'd2', _score: 0.5 }], 'Elasticsearch'));
    await run({ type: 'elasticsearch', index: 'docs', query: 'knn' }, { k: 10 });
    expect(lastRequest().body).toEqual({
      size: 10,
      knn: { field: 'vector', query_vector: queryVector, k: 10, num_candidates: 15 },
      _source: { excludes: ['vector'] },
    });
    await run({ type: 'elasticsearch', index: 'docs', query: 'knn', num_candidates: 50 }, { k: 10 });
    expect((lastRequest().body as { knn: { num_candidates: number } }).knn.num_candidates).toBe(50);
    const { hits } = await run(
      { type: 'elasticsearch', index: 'a,b', fields: ['title^2', 'text'] },
      { k: 4, level: 'doc' },
    );
    expect(lastRequest().path).toBe('/a,b/_search');
    expect(lastRequest().body).toEqual({
      size: 4,
      query: { multi_match: { query: QUERY, fields: ['title^2', 'text'] } },
      _source: { excludes: ['vector'] },
    });
    expect(hits.map((h) => h.id)).toEqual(['d2']);
  });

  it('qdrant: POST /collections/NAME/points/query with the vector, limit and with_payload, the api-key from the environment, ids from the payload', async () => {
    process.env.ENGINE_LEG_TEST_KEY = 'sekret-123';
    engine.answer(() =>
      qdrantAnswer([
        { id: 4, score: 0.61, payload: { doc_id: 'd2', chunk_id: 'd2#1' } },
        { id: 9, score: 0.83, payload: { doc_id: 'd5', chunk_id: 'd5#0' } },
        { id: 10, score: 0.44, payload: { doc_id: 'd5', chunk_id: 'd5#1' } },
      ]),
    );
    const leg = {
      type: 'qdrant',
      name: 'qd',
      collection: 'testbed-chunks',
      using: 'dense',
      headers: { 'api-key': '${env:ENGINE_LEG_TEST_KEY}' },
    };
    const { hits } = await run(leg, { k: 8 });
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/collections/testbed-chunks/points/query' });
    expect(lastRequest().headers['api-key']).toBe('sekret-123');
    expect(lastRequest().body).toEqual({ query: queryVector, limit: 8, with_payload: true, using: 'dense' });
    expect(ranked(hits)).toEqual([
      ['d5#0', 'd5#0', 0.83, 1],
      ['d2#1', 'd2#1', 0.61, 2],
      ['d5#1', 'd5#1', 0.44, 3],
    ]);
    const docs = await run(leg, { k: 8, level: 'doc' });
    expect(ranked(docs.hits)).toEqual([
      ['d5', 'd5#0', 0.83, 1],
      ['d2', 'd2#1', 0.61, 2],
    ]);
  });

  it("qdrant with its own body: the server's prefetch + fusion, filled with our vector, k and filter", async () => {
    engine.answer(() => qdrantAnswer([{ id: 1, score: 0.5, payload: { doc_id: 'd1' } }]));
    const body = {
      prefetch: [
        { query: '{{vector}}', using: 'dense', limit: 50 },
        { query: { text: 'q: {{query}}' }, using: 'bm25', limit: 50 },
      ],
      query: { fusion: 'rrf' },
      limit: '{{k}}',
      filter: '{{filter}}',
      with_payload: true,
    };
    const { hits } = await run(
      { type: 'qdrant', collection: 'c', body, chunk_id: '' },
      { k: 6, level: 'doc', filter: { type: 'faq' } },
    );
    expect(lastRequest().body).toEqual({
      prefetch: [
        { query: queryVector, using: 'dense', limit: 50 },
        { query: { text: `q: ${QUERY}` }, using: 'bm25', limit: 50 },
      ],
      query: { fusion: 'rrf' },
      limit: 6,
      filter: { must: [{ key: 'metadata.type', match: { value: 'faq' } }] },
      with_payload: true,
    });
    expect(hits.map((h) => [h.id, h.chunkId])).toEqual([['d1', 'd1#0']]);
  });

  describe("a pipeline filter, in each engine's syntax", () => {
    // lang en, type faq or howto, year >= 2020: d1, d3 and d7 pass (filter-fixture.ts).
    const filter = { lang: 'en', type: { in: ['faq', 'howto'] }, year: { gte: 2020 } };
    const types = (f: string) => ({ terms: { [f]: ['faq', 'howto'] } });
    const clauses = [
      { term: { lang: 'en' } },
      { bool: { should: [types('metadata.type'), types('metadata.type.keyword')], minimum_should_match: 1 } },
      { range: { 'metadata.year': { gte: 2020 } } },
    ];
    const sameClauses = (got: unknown) => {
      expect(got).toHaveLength(clauses.length);
      expect(got).toEqual(expect.arrayContaining(clauses));
    };

    it('bm25: the multi_match in bool.must, the conditions as term / terms / range in bool.filter; hits outside it dropped', async () => {
      engine.answer(() =>
        searchAnswer([
          { _id: 'd2', _score: 3 },
          { _id: 'd3', _score: 2 },
        ]),
      );
      const { hits } = await run({ type: 'opensearch', index: 'docs' }, { level: 'doc', filter });
      const body = lastRequest().body as { query: { bool: { must: unknown[]; filter: unknown[] } } };
      expect(body.query.bool.must).toEqual([{ multi_match: { query: QUERY, fields: ['title', 'text'] } }]);
      sameClauses(body.query.bool.filter);
      // d2 is German: the engine ignored the filter, our compiled filter still holds.
      expect(hits.map((h) => h.id)).toEqual(['d3']);
    });

    it('knn: inside the OpenSearch knn query, in the Elasticsearch knn option', async () => {
      engine.answer(() => searchAnswer([{ _id: 'd1', _score: 1 }]));
      await run({ type: 'opensearch', index: 'docs', query: 'knn' }, { filter });
      sameClauses(
        (lastRequest().body as { query: { knn: { vector: { filter: { bool: { filter: unknown[] } } } } } }).query.knn
          .vector.filter.bool.filter,
      );
      await run({ type: 'elasticsearch', index: 'docs', query: 'knn' }, { filter });
      sameClauses((lastRequest().body as { knn: { filter: { bool: { filter: unknown[] } } } }).knn.filter.bool.filter);
    });

    it('qdrant: filter.must with match value / match any / range on the payload keys', async () => {
      engine.answer(() => qdrantAnswer([{ id: 1, score: 0.5, payload: { doc_id: 'd1', chunk_id: 'd1#0' } }]));
      await run({ type: 'qdrant', collection: 'c' }, { filter });
      const must = (lastRequest().body as { filter: { must: unknown[] } }).filter.must;
      expect(must).toHaveLength(3);
      expect(must).toEqual(
        expect.arrayContaining([
          { key: 'lang', match: { value: 'en' } },
          { key: 'metadata.type', match: { any: ['faq', 'howto'] } },
          { key: 'metadata.year', range: { gte: 2020 } },
        ]),
      );
    });

    it('refuses a filter that a user body has no {{filter}} for, instead of dropping it', async () => {
      await expect(
        run(
          { type: 'opensearch', index: 'docs', body: { size: '{{k}}', query: { match: { text: '{{query}}' } } } },
          { filter },
        ),
      ).rejects.toThrow(/leg "opensearch": the pipeline has a filter and the leg's body has no \{\{filter\}\}/);
    });
  });

  describe('bad answers and bad legs: errors naming the leg, the query id and the status', () => {
    const failure = async (leg: Record<string, unknown>, level: 'doc' | 'chunk' = 'doc'): Promise<RemoteError> => {
      const err = await run(leg, { level }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(RemoteError);
      return err as RemoteError;
    };

    it('an answer without hits.hits', async () => {
      engine.answer(() => ({ json: { took: 1, timed_out: false } }));
      const err = await failure({ type: 'opensearch', name: 'os', index: 'docs' });
      expect(err.message).toMatch(
        /^leg "os", query q7: POST http:\/\/127\.0\.0\.1:\d+\/docs\/_search answered 200: the answer has no hits\.hits/,
      );
    });

    it('a 5xx, after the retries, with no header secret in the message', async () => {
      process.env.ENGINE_LEG_TEST_KEY = 'sekret-456';
      engine.answer(() => ({ status: 503, json: { error: 'overloaded' } }));
      const before = engine.seen.length;
      const err = await failure({
        type: 'elasticsearch',
        name: 'es',
        index: 'docs',
        retries: 1,
        headers: { Authorization: 'ApiKey ${env:ENGINE_LEG_TEST_KEY}' },
      });
      expect(engine.seen.length - before).toBe(2);
      expect(err.message).toMatch(
        /^leg "es", query q7: POST http:\/\/127\.0\.0\.1:\d+\/docs\/_search answered 503: .*overloaded.*\(after 2 attempts\)/,
      );
      expect(err.message).not.toContain('sekret-456');
    });

    it('a document the index does not hold, and a Qdrant point without the id path', async () => {
      engine.answer(() =>
        searchAnswer([
          { _id: 'd1', _score: 2 },
          { _id: 'not-in-corpus', _score: 1 },
        ]),
      );
      expect((await failure({ type: 'opensearch', name: 'os', index: 'docs' })).message).toMatch(
        /^leg "os", query q7: .* answered 200: hit 1: document "not-in-corpus" is not in the index/,
      );
      engine.answer(() => qdrantAnswer([{ id: 7, score: 0.3, payload: { title: 'x' } }]));
      expect((await failure({ type: 'qdrant', name: 'qd', collection: 'c' })).message).toMatch(
        /^leg "qd", query q7: POST .*\/collections\/c\/points\/query answered 200: result\.points\[0\]\.payload\.doc_id \(the id path\) is missing/,
      );
    });

    it('a body that is not JSON', async () => {
      engine.answer(() => ({ text: '<html>gateway</html>' }));
      expect((await failure({ type: 'opensearch', name: 'os', index: 'docs' })).message).toMatch(
        /^leg "os", query q7: .* answered 200: the body is not JSON/,
      );
    });

    it('a vector leg over an index built with --embedder none is refused before any request; a bm25 leg runs there', async () => {
      const before = engine.seen.length;
      await expect(run({ type: 'qdrant', name: 'qd', collection: 'c' }, { on: lexicalOnly })).rejects.toThrow(
        /leg "qd" sends the query as a vector, and this index was built without embeddings \(--embedder none\)/,
      );
      await expect(
        run({ type: 'opensearch', name: 'os', index: 'docs', query: 'knn' }, { on: lexicalOnly }),
      ).rejects.toThrow(/built without embeddings/);
      expect(engine.seen.length).toBe(before);
      engine.answer(() => searchAnswer([{ _id: 'd6', _score: 1 }]));
      expect(
        (await run({ type: 'opensearch', index: 'docs' }, { on: lexicalOnly, level: 'doc' })).hits.map((h) => h.id),
      ).toEqual(['d6']);
    });

    it('a body naming a placeholder we never fill, an id path that does not parse, and a key missing from the environment', async () => {
      await expect(run({ type: 'opensearch', name: 'os', index: 'docs', body: { size: '{{size}}' } })).rejects.toThrow(
        /leg "os": the body names \{\{size\}\}; its placeholders are \{\{query\}\}, \{\{k\}\}, \{\{vector\}\}, \{\{filter\}\}/,
      );
      await expect(run({ type: 'opensearch', name: 'os', index: 'docs', id: '_source..x' })).rejects.toThrow(
        /leg "os" id: cannot read/,
      );
      delete process.env.ENGINE_LEG_TEST_MISSING;
      await expect(
        run({ type: 'qdrant', name: 'qd', collection: 'c', headers: { 'api-key': '${env:ENGINE_LEG_TEST_MISSING}' } }),
      ).rejects.toThrow(/header api-key needs the environment variable ENGINE_LEG_TEST_MISSING/);
    });

    it('refuses a leg spelled wrong, naming the field', () => {
      expect(() =>
        parsePipeline({ legs: [{ type: 'opensearch', url: engine.url, index: 'docs', num_candidates: 10 }] }),
      ).toThrow(/unknown parameter "num_candidates"/);
      expect(() => parsePipeline({ legs: [{ type: 'qdrant', url: 'ftp://x', collection: 'c' }] })).toThrow(
        /an http\(s\) base URL/,
      );
      expect(() =>
        parsePipeline({ legs: [{ type: 'elasticsearch', url: engine.url, index: 'docs', query: 'sparse' }] }),
      ).toThrow(/legs\.0\.query|bm25|knn/);
    });
  });
});
