import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHashEmbedder } from '../../src/embedders/hash.js';
import { InputError } from '../../src/errors.js';
import { parsePipeline } from '../../src/pipeline/resolve-pipeline.js';
import { Searcher } from '../../src/search/searcher.js';
import { qdrantAnswer, searchAnswer, startFakeEngine, type FakeEngine } from '../retrievers/helpers/fake-engine.js';
import { buildFilterIndex } from '../store/filter-fixture.js';
import { tmpDir } from '../helpers/tmp.js';

/**
 * Engine legs whose base URL carries more than an origin: a path prefix (a cluster behind a
 * proxy), a query string every request must keep (OpenSearch's search_pipeline), userinfo (the
 * Elastic documentation's `http://elastic:PASSWORD@host`). The in-test engine records the
 * request line and headers it received.
 */
describe('engine legs: base URLs parsed once', () => {
  const embedder = createHashEmbedder(64);
  let searcher: Searcher;
  let engine: FakeEngine;
  beforeAll(async () => {
    searcher = new Searcher('vectors', await buildFilterIndex(tmpDir('base-url-'), embedder), async () => embedder);
    engine = await startFakeEngine((req) => {
      if (req.method === 'PUT') return { json: { acknowledged: true } };
      return req.path.includes('/points/')
        ? qdrantAnswer([{ id: 1, score: 0.5, payload: { doc_id: 'd3', chunk_id: 'd3#0' } }])
        : searchAnswer([{ _id: 'd3', _score: 2 }]);
    });
  });
  afterAll(async () => {
    searcher.close();
    await engine.close();
  });

  const run = async (leg: Record<string, unknown>) => {
    const pipeline = parsePipeline({ legs: [leg], k: 5, level: 'doc' });
    return searcher.retrieve(await searcher.prepare(pipeline), 'password reset', { queryId: 'q1' });
  };
  const host = () => engine.url.replace('http://', '');

  it('http://h/?search_pipeline=x sends POST /INDEX/_search?search_pipeline=x (it used to send POST /?search_pipeline=x/INDEX/_search)', async () => {
    const { hits } = await run({ type: 'opensearch', url: `${engine.url}/?search_pipeline=x`, index: 'docs' });
    expect(engine.seen.at(-1)).toMatchObject({ method: 'POST', path: '/docs/_search?search_pipeline=x' });
    expect(hits.map((h) => h.docId)).toEqual(['d3']);
  });

  it('a path prefix comes before the endpoint and the query string after it, for every engine', async () => {
    await run({ type: 'elasticsearch', url: `${engine.url}/proxy/es/?search_pipeline=x&a=1`, index: 'docs' });
    expect(engine.seen.at(-1)!.path).toBe('/proxy/es/docs/_search?search_pipeline=x&a=1');
    await run({ type: 'qdrant', url: `${engine.url}/qd?timeout=5`, collection: 'c' });
    expect(engine.seen.at(-1)!.path).toBe('/qd/collections/c/points/query?timeout=5');
  });

  it("opensearch-hybrid: its search pipeline's PUT and its search both under the prefix, the base's parameters before search_pipeline", async () => {
    const before = engine.seen.length;
    await run({
      type: 'opensearch-hybrid',
      url: `${engine.url}/proxy/?tenant=a`,
      index: 'docs',
      combination: 'rrf',
      pipeline_name: 'p1',
    });
    expect(engine.seen.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([
      'PUT /proxy/_search/pipeline/p1?tenant=a',
      'POST /proxy/docs/_search?tenant=a&search_pipeline=p1',
    ]);
  });

  it('URL userinfo goes as Authorization: Basic, and not in the request line', async () => {
    await run({ type: 'opensearch', url: `http://elastic:p%40ss%3Aword@${host()}/`, index: 'docs' });
    const seen = engine.seen.at(-1)!;
    expect(seen.path).toBe('/docs/_search');
    // RFC 7617: base64 of user ":" password, the percent-escapes decoded.
    expect(seen.headers.authorization).toBe(`Basic ${Buffer.from('elastic:p@ss:word').toString('base64')}`);
  });

  it.each([
    [
      { type: 'opensearch', url: 'http://h:9200/#main', index: 'docs' },
      /legs\.0\.url"\): .*http:\/\/h:9200\/ has a fragment \(#\.\.\.\), which is never sent to a server: remove it/,
    ],
    [
      {
        type: 'elasticsearch',
        url: 'http://elastic:CANARY-1@h:9200',
        index: 'docs',
        headers: { Authorization: 'ApiKey ${env:ES_KEY}' },
      },
      /legs\.0\.url"\): .*holds credentials \(user:password@\) and the headers set Authorization too: keep one/,
    ],
    [
      {
        type: 'http',
        url: 'http://u:CANARY-1@h/s?q={{query}}',
        headers: { authorization: 'x' },
        hits: '',
        id: 'id',
        score: 's',
      },
      /keep one/,
    ],
  ])('refuses %j when the pipeline is read, before any request', (leg, message) => {
    const before = engine.seen.length;
    let err: unknown;
    try {
      parsePipeline({ legs: [leg], k: 5, level: 'doc' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(InputError);
    expect((err as Error).message).toMatch(message);
    expect((err as Error).message).not.toContain('CANARY-1');
    expect(engine.seen.length).toBe(before);
  });
});
