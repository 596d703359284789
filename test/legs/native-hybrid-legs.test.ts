import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHashEmbedder } from '../../src/embedders/hash.js';
import { pipelineUrls } from '../../src/pipeline/pipeline-urls.js';
import { parsePipeline } from '../../src/pipeline/resolve-pipeline.js';
import { Searcher } from '../../src/search/searcher.js';
import { tmpDir } from '../helpers/tmp.js';
import { type FakeEngine, qdrantAnswer, searchAnswer, startFakeEngine } from '../retrievers/helpers/fake-engine.js';
import { buildFilterIndex } from '../store/filter-fixture.js';

/**
 * The engines' own hybrid search as legs (opensearch-hybrid, elasticsearch-rrf, qdrant-fusion)
 * and the engines' knobs as leg fields, against an in-test server. Each expected request body is
 * written out from the engine's documentation (the page is named above it), not from our code;
 * the hits must come back in the order the engine ranked them.
 */
describe('native hybrid legs and engine knobs', () => {
  const embedder = createHashEmbedder(64);
  let searcher: Searcher;
  let engine: FakeEngine;
  const QUERY = 'password reset';
  let v: number[];

  beforeAll(async () => {
    searcher = new Searcher('vectors', await buildFilterIndex(tmpDir('hybrid-legs-'), embedder), async () => embedder);
    engine = await startFakeEngine();
    v = Array.from((await embedder.embed([QUERY], 'query')).vectors[0]!);
  });
  afterAll(async () => {
    searcher.close();
    await engine.close();
  });

  async function run(leg: Record<string, unknown>, options: { k?: number; filter?: unknown } = {}) {
    const pipeline = parsePipeline({
      legs: [{ url: engine.url, ...leg }],
      k: options.k ?? 5,
      level: 'doc',
      ...(options.filter !== undefined && { filter: options.filter }),
    });
    return searcher.retrieve(await searcher.prepare(pipeline), QUERY, { queryId: 'q1' });
  }
  const since = (n: number) => engine.seen.slice(n).map((r) => ({ method: r.method, path: r.path, body: r.body }));
  const ids = (hits: { id: string; rank: number }[]) => hits.map((h) => [h.id, h.rank]);
  // The engine's fused order, deliberately not the order of the ids.
  const fused = [
    { _id: 'd5', _score: 0.91 },
    { _id: 'd2', _score: 0.62 },
    { _id: 'd7', _score: 0.3 },
  ];
  const searchOrPipeline = (product?: 'Elasticsearch') =>
    engine.answer((req) => (req.method === 'PUT' ? { json: { acknowledged: true } } : searchAnswer(fused, product)));

  describe('opensearch-hybrid', () => {
    it('creates the normalization-processor pipeline it describes (PUT /_search/pipeline/NAME, once), then sends the hybrid query through it', async () => {
      searchOrPipeline();
      const before = engine.seen.length;
      const leg = {
        type: 'opensearch-hybrid',
        index: 'docs',
        normalization: 'min_max',
        combination: 'arithmetic_mean',
        weights: [0.3, 0.7],
        pipeline_name: 'nlp-search-pipeline',
      };
      const { hits } = await run(leg, { k: 4 });
      await run(leg, { k: 4 });
      const [put, search, again] = since(before);
      expect(since(before)).toHaveLength(3);
      // normalization-processor.md, "Creating a search pipeline": min_max, arithmetic_mean, weights 0.3 / 0.7.
      expect(put).toEqual({
        method: 'PUT',
        path: '/_search/pipeline/nlp-search-pipeline',
        body: {
          description: 'created by retrieval-testbed for an opensearch-hybrid leg',
          phase_results_processors: [
            {
              'normalization-processor': {
                normalization: { technique: 'min_max' },
                combination: { technique: 'arithmetic_mean', parameters: { weights: [0.3, 0.7] } },
              },
            },
          ],
        },
      });
      // normalization-processor.md, "Using a search pipeline" and query-dsl/compound/hybrid.md: the
      // pipeline in the query string, the sub-queries in hybrid.queries (k-NN query: knn.FIELD.{vector, k}).
      expect(search).toEqual({
        method: 'POST',
        path: '/docs/_search?search_pipeline=nlp-search-pipeline',
        body: {
          size: 4,
          query: {
            hybrid: {
              queries: [
                { multi_match: { query: QUERY, fields: ['title', 'text'] } },
                { knn: { vector: { vector: v, k: 4 } } },
              ],
            },
          },
          _source: { excludes: ['vector'] },
        },
      });
      expect(again!.method).toBe('POST');
      expect(ids(hits)).toEqual([
        ['d5', 1],
        ['d2', 2],
        ['d7', 3],
      ]);
    });

    it('combination rrf: the score-ranker-processor with its rank_constant, under a name hashed from the settings', async () => {
      searchOrPipeline();
      const before = engine.seen.length;
      await run({ type: 'opensearch-hybrid', index: 'docs', combination: 'rrf', rank_constant: 40 });
      const [put, search] = since(before);
      // score-ranker-processor.md, "Tuning the search pipeline using custom parameters".
      expect(put!.body).toEqual({
        description: 'created by retrieval-testbed for an opensearch-hybrid leg',
        phase_results_processors: [
          { 'score-ranker-processor': { combination: { technique: 'rrf', rank_constant: 40 } } },
        ],
      });
      const name = /^\/_search\/pipeline\/(testbed-hybrid-[0-9a-f]{12})$/.exec(put!.path)![1];
      expect(search!.path).toBe(`/docs/_search?search_pipeline=${name}`);
      // Other settings, another pipeline: they never overwrite each other.
      await run({ type: 'opensearch-hybrid', index: 'docs', combination: 'rrf', rank_constant: 20 });
      expect(engine.seen.at(-2)!.path).not.toBe(put!.path);
    });

    it("a pipeline of the user's own: no PUT; ef_search in the knn sub-query's method_parameters; the filter inside both sub-queries", async () => {
      searchOrPipeline();
      const before = engine.seen.length;
      await run(
        { type: 'opensearch-hybrid', index: 'docs', search_pipeline: 'mine', ef_search: 100 },
        { k: 3, filter: { lang: 'en' } },
      );
      expect(since(before)).toEqual([
        {
          method: 'POST',
          path: '/docs/_search?search_pipeline=mine',
          body: {
            size: 3,
            query: {
              hybrid: {
                queries: [
                  {
                    bool: {
                      must: [{ multi_match: { query: QUERY, fields: ['title', 'text'] } }],
                      filter: [{ term: { lang: 'en' } }],
                    },
                  },
                  // k-NN query docs, "Specifying method parameters in the query".
                  {
                    knn: {
                      vector: {
                        vector: v,
                        k: 3,
                        filter: { bool: { filter: [{ term: { lang: 'en' } }] } },
                        method_parameters: { ef_search: 100 },
                      },
                    },
                  },
                ],
              },
            },
            _source: { excludes: ['vector'] },
          },
        },
      ]);
    });

    it('lists the PUT it makes beside the search, for the allow-list and the report', () => {
      const pipeline = parsePipeline({
        legs: [{ type: 'opensearch-hybrid', url: 'http://os:9200', index: 'docs', pipeline_name: 'p' }],
      });
      expect(pipelineUrls(pipeline).map((u) => [u.role, u.method, u.url])).toEqual([
        ['setup', 'PUT', 'http://os:9200/_search/pipeline/p'],
        ['search', 'POST', 'http://os:9200/docs/_search?search_pipeline=p'],
      ]);
    });

    it('a cluster that refuses the pipeline fails the leg before any query is sent', async () => {
      engine.answer((req) =>
        req.method === 'PUT'
          ? { status: 400, json: { error: { type: 'illegal_argument_exception', reason: 'no neural-search plugin' } } }
          : searchAnswer(fused),
      );
      const before = engine.seen.length;
      await expect(
        run({ type: 'opensearch-hybrid', name: 'osh', index: 'docs', normalization: 'l2', retries: 0 }),
      ).rejects.toThrow(
        /leg "osh".*PUT .*\/_search\/pipeline\/testbed-hybrid-.* answered 400.*no neural-search plugin/,
      );
      expect(engine.seen.slice(before).map((r) => r.method)).toEqual(['PUT']);
    });
  });

  it('elasticsearch-rrf: the rrf retriever over a standard and a knn retriever, window, rank constant, num_candidates and filter as documented', async () => {
    // English documents only (the filter below; filter-fixture.ts), in the engine's order.
    const english = [
      { _id: 'd7', _score: 0.05 },
      { _id: 'd1', _score: 0.04 },
      { _id: 'd3', _score: 0.03 },
    ];
    engine.answer(() => searchAnswer(english, 'Elasticsearch'));
    const before = engine.seen.length;
    const { hits } = await run(
      {
        type: 'elasticsearch-rrf',
        index: 'docs',
        rank_window_size: 50,
        rank_constant: 20,
        num_candidates: 100,
        fields: ['title^2', 'text'],
      },
      { k: 10, filter: { lang: 'en' } },
    );
    // retriever.asciidoc, "RRF Retriever" / "Example: Hybrid search": rrf.retrievers [standard, knn], rank_constant, rank_window_size.
    expect(since(before)).toEqual([
      {
        method: 'POST',
        path: '/docs/_search',
        body: {
          size: 10,
          retriever: {
            rrf: {
              retrievers: [
                {
                  standard: {
                    query: {
                      bool: {
                        must: [{ multi_match: { query: QUERY, fields: ['title^2', 'text'] } }],
                        filter: [{ term: { lang: 'en' } }],
                      },
                    },
                  },
                },
                {
                  knn: {
                    field: 'vector',
                    query_vector: v,
                    k: 50,
                    num_candidates: 100,
                    filter: { bool: { filter: [{ term: { lang: 'en' } }] } },
                  },
                },
              ],
              rank_window_size: 50,
              rank_constant: 20,
            },
          },
          _source: { excludes: ['vector'] },
        },
      },
    ]);
    expect(ids(hits)).toEqual([
      ['d7', 1],
      ['d1', 2],
      ['d3', 3],
    ]);
    // Without settings: the window is k, RRF's k Elasticsearch's default 60, num_candidates 1.5 × the window.
    await run({ type: 'elasticsearch-rrf', index: 'docs' }, { k: 10 });
    const rrf = (engine.seen.at(-1)!.body as { retriever: { rrf: Record<string, unknown> } }).retriever.rrf;
    expect(rrf.rank_window_size).toBe(10);
    expect(rrf.rank_constant).toBe(60);
    expect((rrf.retrievers as [unknown, { knn: { k: number; num_candidates: number } }])[1].knn).toMatchObject({
      k: 10,
      num_candidates: 15,
    });
  });

  it("qdrant-fusion: a server-side BM25 prefetch and our vector's prefetch (with hnsw_ef, exact), fused by dbsf; the filter in each prefetch", async () => {
    engine.answer(() =>
      qdrantAnswer([
        { id: 3, score: 0.8, payload: { doc_id: 'd3', chunk_id: 'd3#0' } },
        { id: 1, score: 0.5, payload: { doc_id: 'd1', chunk_id: 'd1#1' } },
      ]),
    );
    const before = engine.seen.length;
    const { hits } = await run(
      {
        type: 'qdrant-fusion',
        collection: 'docs',
        using: 'dense',
        lexical_using: 'bm25',
        fusion: 'dbsf',
        prefetch_limit: 20,
        hnsw_ef: 128,
        exact: false,
      },
      { k: 6, filter: { lang: 'en' } },
    );
    const filter = { must: [{ key: 'lang', match: { value: 'en' } }] };
    // hybrid-queries.md, "Hybrid Search" (prefetch [..], query {fusion}), inference.md (a Document
    // {text, model} where a vector goes, qdrant/bm25 made on the server), the query API's params.
    expect(since(before)).toEqual([
      {
        method: 'POST',
        path: '/collections/docs/points/query',
        body: {
          prefetch: [
            { query: { nearest: { text: QUERY, model: 'qdrant/bm25' } }, using: 'bm25', limit: 20, filter },
            { query: v, using: 'dense', limit: 20, filter, params: { hnsw_ef: 128, exact: false } },
          ],
          query: { fusion: 'dbsf' },
          limit: 6,
          with_payload: true,
        },
      },
    ]);
    expect(ids(hits)).toEqual([
      ['d3', 1],
      ['d1', 2],
    ]);
  });

  it("qdrant-fusion lexical: text: BM25 over the payload field's text index ({text} with using, Qdrant 1.20), fused by rrf by default", async () => {
    engine.answer(() => qdrantAnswer([{ id: 1, score: 0.5, payload: { doc_id: 'd1', chunk_id: 'd1#0' } }]));
    await run({ type: 'qdrant-fusion', collection: 'docs', lexical: 'text', lexical_using: 'text' }, { k: 4 });
    // The qdrant-js v1.20.0 release notes: query({query: {text: 'vector search'}, using: 'title'}).
    expect(engine.seen.at(-1)!.body).toEqual({
      prefetch: [
        { query: { text: QUERY }, using: 'text', limit: 4 },
        { query: v, limit: 4 },
      ],
      query: { fusion: 'rrf' },
      limit: 4,
      with_payload: true,
    });
  });

  describe('knobs on the plain legs, where each engine documents them', () => {
    it('opensearch knn: ef_search in method_parameters', async () => {
      engine.answer(() => searchAnswer(fused));
      await run({ type: 'opensearch', index: 'docs', query: 'knn', ef_search: 256 }, { k: 2 });
      expect(engine.seen.at(-1)!.body).toEqual({
        size: 2,
        query: { knn: { vector: { vector: v, k: 2, method_parameters: { ef_search: 256 } } } },
        _source: { excludes: ['vector'] },
      });
    });

    it('qdrant: hnsw_ef and exact in params', async () => {
      engine.answer(() => qdrantAnswer([{ id: 1, score: 0.5, payload: { doc_id: 'd1', chunk_id: 'd1#0' } }]));
      await run({ type: 'qdrant', collection: 'c', exact: true }, { k: 3 });
      expect(engine.seen.at(-1)!.body).toEqual({ query: v, limit: 3, with_payload: true, params: { exact: true } });
      await run({ type: 'qdrant', collection: 'c', hnsw_ef: 64 }, { k: 3 });
      expect(engine.seen.at(-1)!.body).toEqual({ query: v, limit: 3, with_payload: true, params: { hnsw_ef: 64 } });
    });
  });

  describe('refusals, naming the field', () => {
    const refused = (leg: Record<string, unknown>) => () =>
      parsePipeline({ legs: [{ url: 'http://127.0.0.1:9', ...leg }] });
    const osh = { type: 'opensearch-hybrid', index: 'docs' };

    it('a named search pipeline beside the settings of one the leg would create', () => {
      expect(refused({ ...osh, search_pipeline: 'mine', normalization: 'l2' })).toThrow(
        /legs\.0\.normalization.*search_pipeline names a pipeline you made, and normalization describe one the leg creates: give one or the other/,
      );
    });

    it('rrf with a normalization, rank_constant without rrf, z_score with another mean, weights that do not sum to 1', () => {
      expect(refused({ ...osh, combination: 'rrf', normalization: 'min_max' })).toThrow(
        /legs\.0\.normalization.*normalizes nothing/,
      );
      expect(refused({ ...osh, rank_constant: 60 })).toThrow(/legs\.0\.rank_constant.*needs combination: rrf/);
      expect(refused({ ...osh, normalization: 'z_score', combination: 'geometric_mean' })).toThrow(
        /legs\.0\.combination.*z_score.*arithmetic_mean only \(not geometric_mean\)/,
      );
      expect(refused({ ...osh, weights: [0.5, 0.6] })).toThrow(/legs\.0\.weights.*must sum to 1.*1\.1/);
      expect(refused({ ...osh, weights: [1] })).toThrow(/legs\.0\.weights/);
    });

    it('a knob the request would not carry: ef_search on a bm25 leg, num_candidates on bm25, any knob beside a body of your own', () => {
      expect(refused({ type: 'opensearch', index: 'docs', ef_search: 10 })).toThrow(
        /legs\.0\.ef_search.*tune the k-NN search: they need query: knn/,
      );
      expect(refused({ type: 'elasticsearch', index: 'docs', num_candidates: 10 })).toThrow(
        /legs\.0\.num_candidates.*need query: knn/,
      );
      expect(refused({ type: 'qdrant', collection: 'c', hnsw_ef: 10, body: { query: '{{vector}}' } })).toThrow(
        /legs\.0\.hnsw_ef.*this leg sends its own body: put them in the body instead/,
      );
      expect(refused({ type: 'qdrant-fusion', collection: 'c' })).toThrow(/legs\.0\.lexical_using/);
      expect(
        refused({ type: 'qdrant-fusion', collection: 'c', lexical: 'text', lexical_using: 'text', lexical_model: 'm' }),
      ).toThrow(/legs\.0\.lexical_model.*has no model/);
    });

    it('a window below k: Elasticsearch and Qdrant could not return k hits, so the query is refused, not sent', async () => {
      const before = engine.seen.length;
      await expect(
        run({ type: 'elasticsearch-rrf', name: 'es', index: 'docs', rank_window_size: 5 }, { k: 10 }),
      ).rejects.toThrow(/leg "es": rank_window_size 5 is below k 10/);
      await expect(
        run(
          { type: 'elasticsearch-rrf', name: 'es', index: 'docs', rank_window_size: 20, num_candidates: 10 },
          { k: 10 },
        ),
      ).rejects.toThrow(/leg "es": num_candidates 10 is below the knn retriever's k \(rank_window_size 20\)/);
      await expect(
        run({ type: 'qdrant-fusion', name: 'qf', collection: 'c', lexical_using: 'bm25', prefetch_limit: 3 }, { k: 5 }),
      ).rejects.toThrow(/leg "qf": prefetch_limit 3 is below k 5/);
      expect(engine.seen.length).toBe(before);
    });
  });
});
