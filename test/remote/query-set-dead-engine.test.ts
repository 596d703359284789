import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Searcher } from '../../src/search/searcher.js';
import { numberedQueries, runHttpLeg, searcherWithoutEmbedder } from './helpers/http-leg-query-set.js';

/**
 * Engines that never answer. /dead accepts every request and holds it forever; /half holds the
 * even queries forever and answers the odd ones 500 at once. `refused` is a port nothing
 * listens on. Each held request is counted, and counted again when its connection closes, so
 * a test sees the client give up on it.
 */
let server: http.Server;
let base: string;
let refused: string;
let searcher: Searcher;
let held = 0;
let closed = 0;
let requests = 0;
let runs = 0;

beforeAll(async () => {
  searcher = await searcherWithoutEmbedder('query-set-dead-engine-');
  server = http.createServer((req, res) => {
    req.resume();
    const url = new URL(req.url!, 'http://x');
    // A request of an earlier run may still arrive after it ended: only this run's are counted.
    const mine = url.searchParams.get('run') === String(runs);
    if (mine) requests++;
    const qid = Number(url.searchParams.get('qid')!.slice(1));
    if (url.pathname === '/half' && qid % 2 === 1)
      return res.writeHead(500, { 'Content-Type': 'application/json' }).end('{"error":"odd"}');
    if (!mine) return;
    held++;
    const run = runs;
    res.on('close', () => {
      if (run === runs) closed++;
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // A port that was listening a moment ago and no longer is: connections to it are refused.
  const probe = net.createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  refused = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
  await new Promise<void>((r) => probe.close(() => r()));
});
afterAll(async () => {
  searcher?.close();
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

async function run(url: string, n: number, extra: Record<string, unknown> = {}) {
  held = closed = requests = 0;
  runs++;
  return runHttpLeg(searcher, `${url}?run=${runs}&qid={{query_id}}`, n, extra);
}

describe('a dead engine fails the leg in seconds, not hours', () => {
  it('refusing connections, with every default: 225 queries fail in about the 5 first queries retries, not 225 of them', async () => {
    // Each query: 3 attempts, backoff 200 ms then 400 ms (x 0.75..1.25): at most 0.75 s. Eight
    // at once, the breaker open at the fifth failure: one round. Without it, 29 rounds (~17 s).
    const { failed, seconds } = await run(`${refused}/search`, 225);
    expect(failed.map((f) => f.queryId)).toEqual(numberedQueries(225).map((q) => q.id));
    expect(failed[0]!.message).toContain('ECONNREFUSED');
    expect(failed[224]!.message).toMatch(/not called: the engine failed 5 queries in a row/);
    expect(seconds).toBeLessThan(3);
  });

  it('accepting and never answering: 100 queries fail in one round of timeouts (the one setting shortened: timeout_ms 300)', async () => {
    // Each query: 3 attempts of 300 ms plus backoff, about 1.5 s; 8 at once, so one round of
    // ~1.5 s, where without the breaker 13 rounds would take ~20 s (with the 30 s default
    // timeout: ~90 s for the round, against 5.6 hours for 225 queries one at a time).
    const { failed, seconds } = await run(`${base}/dead`, 100, { timeout_ms: 300 });
    expect(failed.length).toBe(100);
    expect(failed[0]!.message).toContain('no answer within 300 ms (after 3 attempts)');
    expect(failed[99]!.message).toMatch(/not called: the engine failed 5 queries in a row/);
    // The first 8 queries and at most 4 more (one per failure before the fifth), 3 attempts each.
    expect(requests).toBeLessThanOrEqual(12 * 3);
    expect(seconds).toBeLessThan(4);
  });

  it('cancels the requests in flight when the breaker opens: held ones end at once, not at their 30 s timeout', async () => {
    // /half: the odd queries fail at once and open the breaker (5 in a row, the even ones being
    // still in flight); the even ones are held and would each wait out the default 30 s timeout.
    const { failed, seconds } = await run(`${base}/half`, 40, { retries: 0 });
    expect(failed.length).toBe(40);
    const cancelled = failed.filter((f) => f.message.includes('cancelled in flight'));
    expect(cancelled.length).toBeGreaterThan(0);
    // No even query waited for its timeout: each was cancelled in flight or never called.
    for (const f of failed.filter((f) => Number(f.queryId.slice(1)) % 2 === 0))
      expect(f.message).toMatch(/: (cancelled in flight|not called): /);
    expect(cancelled[0]!.message).toContain('the engine failed 5 queries in a row');
    expect(seconds).toBeLessThan(2);
    // Every held request's connection is closed by the client, within moments (not 30 s).
    for (let waited = 0; closed < held && waited < 2000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    expect(held).toBeGreaterThan(0);
    expect(closed).toBe(held);
  });
});
