import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RemoteError } from '../../src/remote/remote-error.js';
import { runQuerySet } from '../../src/search/run-query-set.js';
import { Searcher } from '../../src/search/searcher.js';
import type { FailedQuery } from '../../src/search/failed-query.js';
import { parsePipeline } from '../../src/pipeline/resolve-pipeline.js';
import { buildTinyIndex } from '../helpers/tiny-index.js';
import { tmpDir } from '../helpers/tmp.js';

/**
 * A search API of our own making over the tiny index's ids, whose routes misbehave on purpose.
 * /ok answers hits in an order of its own (lowest score first), so the leg's ranking is ours.
 * Every request (method, URL, body, headers) is kept for the assertions.
 */
interface Seen {
  method: string;
  url: string;
  body: unknown;
  headers: http.IncomingHttpHeaders;
}
const seen: Seen[] = [];
const calls = new Map<string, number>();
let server: http.Server;
const SLOW_MS = 500;
let base: string;
let searcher: Searcher;

beforeAll(async () => {
  const { file } = await buildTinyIndex(tmpDir('http-leg-'), { chunker: 'doc' });
  searcher = new Searcher('tiny', file, () => Promise.reject(new Error('no embedder in this test')));
  server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (d: Buffer) => (text += d.toString()));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://x');
      seen.push({
        method: req.method!,
        url: req.url!,
        body: text ? JSON.parse(text) : undefined,
        headers: req.headers,
      });
      const send = (status: number, body: string, type = 'application/json') =>
        res.writeHead(status, { 'Content-Type': type }).end(body);
      const key = `${url.pathname}?${url.searchParams.get('qid')}`;
      const n = (calls.get(key) ?? 0) + 1;
      calls.set(key, n);
      const ok = () =>
        send(
          200,
          JSON.stringify({
            result: {
              items: [
                { doc: 'plans', s: 0.5 },
                { doc: 'error-e1042', s: 2 },
                { doc: 'install-mac', s: 0.5 },
              ],
            },
          }),
        );
      switch (url.pathname) {
        case '/ok':
          return ok();
        case '/html':
          return send(200, '<html>search is down</html>', 'text/html');
        case '/nohits':
          return send(200, JSON.stringify({ result: { total: 0 } }));
        case '/unknown':
          return send(
            200,
            JSON.stringify({
              result: {
                items: [
                  { doc: 'plans', s: 1 },
                  { doc: 'not-in-corpus', s: 0.5 },
                ],
              },
            }),
          );
        case '/429-once':
          return n === 1
            ? res
                .writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '0' })
                .end('{"error":"slow down"}')
            : ok();
        case '/503':
          return send(503, '{"error":"overloaded"}');
        case '/slow':
          return void setTimeout(ok, SLOW_MS);
        default:
          return send(404, '{}');
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  searcher?.close();
  await new Promise<void>((r) => server.close(() => r()));
});

const leg = (path: string, extra: Record<string, unknown> = {}) => ({
  type: 'http',
  name: 'api',
  url: `${base}${path}?qid={{query_id}}&q={{query}}&k={{k}}`,
  hits: 'result.items',
  id: 'doc',
  score: 's',
  retries: 0,
  ...extra,
});

async function search(path: string, extra: Record<string, unknown> = {}, pipelineExtra: Record<string, unknown> = {}) {
  const parts = await searcher.prepare(
    parsePipeline({ legs: [leg(path, extra)], level: 'doc', k: 10, ...pipelineExtra }),
  );
  return searcher.retrieve(parts, 'session & token?', { queryId: 'q7', queryLang: 'en' });
}

async function failure(path: string, extra: Record<string, unknown> = {}): Promise<RemoteError> {
  const err = await search(path, extra).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(RemoteError);
  const message = (err as RemoteError).message;
  // Every failure names the leg and the query.
  expect(message).toContain('leg "api"');
  expect(message).toContain('query q7');
  return err as RemoteError;
}

describe('an http leg', () => {
  it("fills the URL (URL-encoded) and ranks the answer by our tie-break, each hit on its document's first chunk", async () => {
    seen.length = 0;
    const r = await search('/ok');
    expect(seen[0]!.method).toBe('GET');
    const sent = new URL(seen[0]!.url, base);
    expect(sent.searchParams.get('q')).toBe('session & token?');
    expect(sent.searchParams.get('qid')).toBe('q7');
    expect(sent.searchParams.get('k')).toBe('10');
    // error-e1042 (2) first; plans and install-mac tie at 0.5: the larger id in byte order first.
    expect(r.hits.map((h) => [h.id, h.rank, h.score])).toEqual([
      ['error-e1042', 1, 2],
      ['plans', 2, 0.5],
      ['install-mac', 3, 0.5],
    ]);
    expect(r.hits[0]!.chunkId).toBe(searcher.reader.chunksOf('error-e1042')[0]!.id);
    expect(r.timings.remote).toBeGreaterThan(0);
  });

  it('POSTs the body template: a whole placeholder as its value (k a number, the filter an object, qlang), others spliced in; headers from the environment', async () => {
    seen.length = 0;
    process.env.HTTP_LEG_TEST_KEY = 'sekret-123';
    const body = {
      query: { text: 'q: {{query}}' },
      size: '{{k}}',
      where: '{{filter}}',
      lang: '{{qlang}}',
      level: '{{level}}',
      id: '{{query_id}}',
    };
    await search(
      '/ok',
      { body, headers: { Authorization: 'Bearer ${env:HTTP_LEG_TEST_KEY}' } },
      { filter: { lang: 'en' } },
    );
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.body).toEqual({
      query: { text: 'q: session & token?' },
      size: 10,
      where: { lang: 'en' },
      lang: 'en',
      level: 'doc',
      id: 'q7',
    });
    expect(seen[0]!.headers.authorization).toBe('Bearer sekret-123');
    delete process.env.HTTP_LEG_TEST_KEY;
  });

  it('a body that is not JSON: an error with the status', async () => {
    const err = await failure('/html');
    expect(err.httpStatus).toBe(200);
    expect(err.message).toMatch(/answered 200: the body is not JSON: <html>search is down/);
  });

  it('no hits path in the answer: an error naming the path, never an empty result', async () => {
    expect((await failure('/nohits')).message).toMatch(
      /answered 200: the answer has no result\.items \(the hits path\)/,
    );
  });

  it('a document the index does not hold: an error naming it', async () => {
    expect((await failure('/unknown')).message).toMatch(
      /answered 200: hit 1: document "not-in-corpus" is not in the index/,
    );
  });

  it('a 429 is retried, and the answer after it used', async () => {
    calls.clear();
    const r = await search('/429-once', { retries: 2 });
    expect(calls.get('/429-once?q7')).toBe(2);
    expect(r.hits.map((h) => h.id)).toEqual(['error-e1042', 'plans', 'install-mac']);
  });

  it('a persistent 503: an error with the status after the retries', async () => {
    calls.clear();
    const err = await failure('/503', { retries: 1 });
    expect(calls.get('/503?q7')).toBe(2);
    expect(err.httpStatus).toBe(503);
    expect(err.message).toMatch(/answered 503: \{"error":"overloaded"\} \(after 2 attempts\)/);
  });

  it('no answer in time: an error naming the timeout', async () => {
    expect((await failure('/slow', { timeout_ms: 100 })).message).toMatch(/no answer within 100 ms/);
  });

  it('in a query set, a failing query is handed over and the others still run', async () => {
    const parts = parsePipeline({ legs: [leg('/503', { retries: 0 })], level: 'doc', k: 5 });
    const failed: FailedQuery[] = [];
    const results = await runQuerySet(
      searcher,
      parts,
      [
        { id: 'a', text: 'x', metadata: {} },
        { id: 'b', text: 'y', metadata: {} },
      ],
      undefined,
      (f) => failed.push(f),
    );
    expect(results).toEqual([]);
    expect(failed.map((f) => [f.queryId, f.by, f.status])).toEqual([
      ['a', 'leg "api"', 503],
      ['b', 'leg "api"', 503],
    ]);
    // Without a failure handler, the first failure ends the run (retrieve over one query, search).
    await expect(runQuerySet(searcher, parts, [{ id: 'a', text: 'x', metadata: {} }])).rejects.toBeInstanceOf(
      RemoteError,
    );
  });

  it('shares one client, and so its concurrency limit, across the queries of a factory', async () => {
    const pipeline = parsePipeline({ legs: [leg('/slow', { concurrency: 1, timeout_ms: 5000 })], level: 'doc', k: 5 });
    const parts = await searcher.prepare(pipeline);
    const again = await searcher.prepare(pipeline);
    seen.length = 0;
    const t0 = performance.now();
    // Two queries at once through two preparations of the same leg: with one slot, the second waits for the first.
    await Promise.all([
      searcher.retrieve(parts, 'a', { queryId: 'c1' }),
      searcher.retrieve(again, 'b', { queryId: 'c2' }),
    ]);
    expect(performance.now() - t0).toBeGreaterThan(2 * SLOW_MS - 50);
  });
});
