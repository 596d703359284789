import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FailedQuery } from '../../src/search/failed-query.js';
import { runQuerySet } from '../../src/search/run-query-set.js';
import type { Searcher } from '../../src/search/searcher.js';
import { countFetches, WaveGate } from '../helpers/request-waves.js';
import { httpLegPipeline, numberedQueries, searcherWithoutEmbedder } from './helpers/http-leg-query-set.js';

/**
 * A fake engine on 127.0.0.1 that holds every search until a full wave is waiting (WaveGate:
 * no clock). A query set run through it (runQuerySet, the loop behind `testbed retrieve` and
 * every experiment cell) must keep `concurrency` requests in flight, no more: fewer and the
 * wave never fills (the test times out), more and the count of fetches in flight shows it.
 */
let server: http.Server;
let base: string;
let searcher: Searcher;
let gate: WaveGate;
let requests = 0;

beforeAll(async () => {
  searcher = await searcherWithoutEmbedder('query-set-concurrency-');
  server = http.createServer((req, res) => {
    requests++;
    req.resume();
    void gate.hold().then(() => {
      // The query id comes back as the best hit's score, so each answer is traceable to its query.
      const qid = Number(new URL(req.url!, 'http://x').searchParams.get('qid')!.slice(1));
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(
        JSON.stringify({
          items: [
            { doc: 'plans', s: qid },
            { doc: 'install-mac', s: -1 },
          ],
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  vi.restoreAllMocks();
  searcher?.close();
  await new Promise<void>((r) => server.close(() => r()));
});

const pipeline = (extra: Record<string, unknown>) =>
  httpLegPipeline(`${base}/search?qid={{query_id}}&q={{query}}`, { retries: 0, ...extra });

describe('a query set against a remote leg', () => {
  it('keeps `concurrency` requests in flight: 100 queries at 8 take ceil(100 / 8) = 13 waves, in query order', async () => {
    requests = 0;
    gate = new WaveGate(8, 100);
    const fetches = countFetches();
    const failed: FailedQuery[] = [];
    const seen: string[] = [];
    // The default concurrency: 8.
    const results = await runQuerySet(
      searcher,
      pipeline({}),
      numberedQueries(100),
      (r) => seen.push(r.qid),
      (f) => failed.push(f),
    );
    expect(failed).toEqual([]);
    expect(requests).toBe(100);
    // Exactly the limit: not one at a time (the waves would never fill), and never more than asked.
    expect(gate.waves).toBe(Math.ceil(100 / 8));
    expect(fetches.peak()).toBe(8);
    // Results, and the onQuery calls a run file is written from, come in query order, each with its own answer.
    const order = numberedQueries(100).map((q) => q.id);
    expect(results.map((r) => r.qid)).toEqual(order);
    expect(seen).toEqual(order);
    for (const [i, r] of results.entries()) expect(r.hits[0]!.score).toBe(i);
  });

  it('holds a smaller limit: concurrency 3 never starts a fourth request', async () => {
    requests = 0;
    gate = new WaveGate(3, 12);
    const fetches = countFetches();
    await runQuerySet(searcher, pipeline({ concurrency: 3, name: 'three' }), numberedQueries(12));
    expect(gate.waves).toBe(12 / 3);
    expect(fetches.peak()).toBe(3);
  });
});
