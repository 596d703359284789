import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Query } from '../../src/corpus/types.js';
import { createEmbedder } from '../../src/embedders/registry.js';
import { parsePipeline } from '../../src/pipeline/resolve-pipeline.js';
import type { FailedQuery } from '../../src/search/failed-query.js';
import { querySetWidth } from '../../src/search/query-set-width.js';
import { runQuerySet } from '../../src/search/run-query-set.js';
import { Searcher } from '../../src/search/searcher.js';
import { FakeOpenAIServer } from '../embedders/fake-openai-server.js';
import { buildTinyIndex } from '../helpers/tiny-index.js';
import { tmpDir } from '../helpers/tmp.js';

/**
 * The remote models of a pipeline under a query set: the query embedder of an index built with
 * `openai:` (the in-test OpenAI-style server) and an http reranker (an in-test /rerank server).
 * Both answer after DELAY_MS and count the requests they hold at once: a query set must keep
 * their `concurrency` (default 8) in flight, not embed or rerank one query after the other.
 */
const DELAY_MS = 200;
const fake = new FakeOpenAIServer();
let rerankServer: http.Server;
let rerankUrl = '';
let rerankInFlight = 0;
let rerankMax = 0;
let rerankRequests = 0;
let dense: Searcher;
let lexical: Searcher;

beforeAll(async () => {
  await fake.start();
  const dir = tmpDir('query-set-remote-models-');
  const spec = `openai:tiny@${fake.base}`;
  const { file } = await buildTinyIndex(dir, { chunker: 'doc', embedder: (await createEmbedder(spec))! });
  const loadEmbedder = async (id: string) => (await createEmbedder(id))!;
  dense = new Searcher('tiny-openai', file, loadEmbedder);
  lexical = new Searcher('tiny', (await buildTinyIndex(dir, { chunker: 'doc' })).file, () =>
    Promise.reject(new Error('no embedder in this test')),
  );
  rerankServer = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      rerankRequests++;
      rerankInFlight++;
      rerankMax = Math.max(rerankMax, rerankInFlight);
      const texts = (JSON.parse(raw) as { texts: string[] }).texts;
      setTimeout(() => {
        rerankInFlight--;
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(texts.map((_, index) => ({ index, score: -index }))));
      }, DELAY_MS);
    });
  });
  await new Promise<void>((r) => rerankServer.listen(0, '127.0.0.1', r));
  rerankUrl = `http://127.0.0.1:${(rerankServer.address() as AddressInfo).port}/rerank`;
});
afterAll(async () => {
  dense?.close();
  lexical?.close();
  await fake.close();
  await new Promise<void>((r) => rerankServer.close(() => r()));
  vi.unstubAllEnvs();
});

const queries = (n: number): Query[] =>
  Array.from({ length: n }, (_, i) => ({ id: `q${i}`, text: `install plans ${i}`, metadata: {} }));

describe('a query set through remote models', () => {
  it('embeds the queries of a dense leg 8 at a time through an openai: embedder (TESTBED_OPENAI_CONCURRENCY default 8)', async () => {
    fake.reset();
    fake.delayMs = DELAY_MS;
    const failed: FailedQuery[] = [];
    const pipeline = parsePipeline({ legs: [{ type: 'dense' }], level: 'doc', k: 3 });
    const t0 = performance.now();
    const results = await runQuerySet(dense, pipeline, queries(24), undefined, (f) => failed.push(f));
    const seconds = (performance.now() - t0) / 1000;
    expect(failed).toEqual([]);
    expect(results.map((r) => r.qid)).toEqual(queries(24).map((q) => q.id));
    // One request per query, each the query's own text (the probe that fixes dims aside).
    const sent = fake.inputs().filter((i) => !(i.length === 1 && i[0] === 'dims probe'));
    expect(sent.map((i) => i[0]).sort()).toEqual(
      queries(24)
        .map((q) => q.text)
        .sort(),
    );
    expect(fake.maxInFlight).toBe(8);
    // 24 queries of 200 ms, 8 at once: 3 waves (0.6 s), where one at a time takes 4.8 s.
    expect(seconds).toBeLessThan((24 * 0.2) / 2);
  });

  it('holds TESTBED_OPENAI_CONCURRENCY when set: 3 never sees a fourth request', async () => {
    vi.stubEnv('TESTBED_OPENAI_CONCURRENCY', '3');
    fake.reset();
    fake.delayMs = 50;
    const pipeline = parsePipeline({ legs: [{ type: 'dense' }], level: 'doc', k: 3 });
    expect(querySetWidth(pipeline, dense.meta.embedder!.id)).toBe(3);
    // A new searcher: the embedder reads its settings when it is made.
    const searcher = new Searcher('tiny-openai-3', dense.reader.file, async (id) => (await createEmbedder(id))!);
    await runQuerySet(searcher, pipeline, queries(12));
    searcher.close();
    vi.unstubAllEnvs();
    expect(fake.maxInFlight).toBe(3);
  });

  it('reranks through an http reranker 8 queries at a time (its concurrency, default 8)', async () => {
    rerankInFlight = rerankMax = rerankRequests = 0;
    const pipeline = parsePipeline({
      legs: [{ type: 'lexical' }],
      rerank: { type: 'http', url: rerankUrl, shape: 'tei', depth: 3 },
      level: 'doc',
      k: 3,
    });
    const failed: FailedQuery[] = [];
    const t0 = performance.now();
    const results = await runQuerySet(lexical, pipeline, queries(24), undefined, (f) => failed.push(f));
    const seconds = (performance.now() - t0) / 1000;
    expect(failed).toEqual([]);
    expect(results.length).toBe(24);
    expect(rerankRequests).toBe(24);
    expect(rerankMax).toBe(8);
    expect(seconds).toBeLessThan((24 * 0.2) / 2);
  });

  it('runs a dense leg over a model computed here one query at a time', () => {
    const pipeline = parsePipeline({ legs: [{ type: 'dense' }], level: 'doc', k: 3 });
    expect(querySetWidth(pipeline, 'hash:64')).toBe(1);
    expect(querySetWidth(pipeline, undefined)).toBe(1);
  });
});
