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
import { countFetches, WaveGate } from '../helpers/request-waves.js';
import { buildTinyIndex } from '../helpers/tiny-index.js';
import { tmpDir } from '../helpers/tmp.js';

/**
 * The remote models of a pipeline under a query set: the query embedder of an index built with
 * `openai:` (the in-test OpenAI-style server) and an http reranker (an in-test /rerank server).
 * Both hold each request until a full wave is waiting (WaveGate, no clock): a query set must keep
 * their `concurrency` (default 8) in flight, not embed or rerank one query after the other (the
 * wave would never fill), and never more (the count of fetches in flight would show it).
 */
const fake = new FakeOpenAIServer();
let rerankServer: http.Server;
let rerankUrl = '';
let rerankGate = new WaveGate(1, 0);
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
      const texts = (JSON.parse(raw) as { texts: string[] }).texts;
      void rerankGate.hold().then(() => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(texts.map((_, index) => ({ index, score: -index }))));
      });
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
  vi.restoreAllMocks();
});

/** The searcher makes its embedder at its first query: that probe is answered at once, outside the waves. */
const wavesAfterProbe =
  (gate: WaveGate) =>
  (input: unknown): Promise<void> | undefined =>
    Array.isArray(input) && input[0] === 'dims probe' ? undefined : gate.hold();

const queries = (n: number): Query[] =>
  Array.from({ length: n }, (_, i) => ({ id: `q${i}`, text: `install plans ${i}`, metadata: {} }));

describe('a query set through remote models', () => {
  it('embeds the queries of a dense leg 8 at a time through an openai: embedder (TESTBED_OPENAI_CONCURRENCY default 8)', async () => {
    fake.reset();
    const gate = new WaveGate(8, 24);
    fake.hold = wavesAfterProbe(gate);
    const fetches = countFetches();
    const failed: FailedQuery[] = [];
    const pipeline = parsePipeline({ legs: [{ type: 'dense' }], level: 'doc', k: 3 });
    const results = await runQuerySet(dense, pipeline, queries(24), undefined, (f) => failed.push(f));
    expect(failed).toEqual([]);
    expect(results.map((r) => r.qid)).toEqual(queries(24).map((q) => q.id));
    // One request per query, each the query's own text (the probe that fixes dims aside).
    const sent = fake.inputs().filter((i) => !(i.length === 1 && i[0] === 'dims probe'));
    expect(sent.map((i) => i[0]).sort()).toEqual(
      queries(24)
        .map((q) => q.text)
        .sort(),
    );
    // 24 queries, 8 at once: 3 waves.
    expect(gate.waves).toBe(24 / 8);
    expect(fetches.peak()).toBe(8);
  });

  it('holds TESTBED_OPENAI_CONCURRENCY when set: 3 never sees a fourth request', async () => {
    vi.stubEnv('TESTBED_OPENAI_CONCURRENCY', '3');
    fake.reset();
    const pipeline = parsePipeline({ legs: [{ type: 'dense' }], level: 'doc', k: 3 });
    expect(querySetWidth(pipeline, dense.meta.embedder!.id)).toBe(3);
    // A new searcher: the embedder reads its settings when it is made (the probe is answered at once).
    const searcher = new Searcher('tiny-openai-3', dense.reader.file, async (id) => (await createEmbedder(id))!);
    const gate = new WaveGate(3, 12);
    const fetches = countFetches();
    fake.hold = wavesAfterProbe(gate);
    await runQuerySet(searcher, pipeline, queries(12));
    searcher.close();
    vi.unstubAllEnvs();
    expect(gate.waves).toBe(12 / 3);
    expect(fetches.peak()).toBe(3);
  });

  it('reranks through an http reranker 8 queries at a time (its concurrency, default 8)', async () => {
    rerankRequests = 0;
    rerankGate = new WaveGate(8, 24);
    const fetches = countFetches();
    const pipeline = parsePipeline({
      legs: [{ type: 'lexical' }],
      rerank: { type: 'http', url: rerankUrl, shape: 'tei', depth: 3 },
      level: 'doc',
      k: 3,
    });
    const failed: FailedQuery[] = [];
    const results = await runQuerySet(lexical, pipeline, queries(24), undefined, (f) => failed.push(f));
    expect(failed).toEqual([]);
    expect(results.length).toBe(24);
    expect(rerankRequests).toBe(24);
    expect(rerankGate.waves).toBe(24 / 8);
    expect(fetches.peak()).toBe(8);
  });

  it('runs a dense leg over a model computed here one query at a time', () => {
    const pipeline = parsePipeline({ legs: [{ type: 'dense' }], level: 'doc', k: 3 });
    expect(querySetWidth(pipeline, 'hash:64')).toBe(1);
    expect(querySetWidth(pipeline, undefined)).toBe(1);
  });
});
