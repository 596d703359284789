import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Query } from '../../src/corpus/types.js';
import type { Searcher } from '../../src/search/searcher.js';
import { runHttpLeg, searcherWithoutEmbedder } from './helpers/http-leg-query-set.js';

/**
 * A failing engine: /429 throttles every request for a second (Retry-After: 1), /500 fails at
 * once, /flaky fails the queries with an odd number and answers the others. It keeps the query
 * id of every request it sees, so a test can tell which queries reached it.
 */
let server: http.Server;
let base: string;
let searcher: Searcher;
const reached: string[] = [];
let runs = 0;

beforeAll(async () => {
  searcher = await searcherWithoutEmbedder('query-set-fail-fast-');
  server = http.createServer((req, res) => {
    req.resume();
    const url = new URL(req.url!, 'http://x');
    const qid = url.searchParams.get('qid')!;
    // A request cancelled by an earlier run may still arrive after it: only this run's count.
    if (url.searchParams.get('run') === String(runs)) reached.push(qid);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(body));
    if (url.pathname === '/429') return send(429, { error: 'too many requests' }, { 'Retry-After': '1' });
    if (url.pathname === '/500') return send(500, { error: 'shard failure' });
    if (Number(qid.slice(1)) % 2 === 1) return send(500, { error: 'odd query' });
    return send(200, { items: [{ doc: 'plans', s: 1 }] });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  searcher?.close();
  await new Promise<void>((r) => server.close(() => r()));
});

const queries = (n: number): Query[] =>
  Array.from({ length: n }, (_, i) => ({ id: `q${i}`, text: `query ${i}`, metadata: {} }));
const ids = (n: number) => queries(n).map((q) => q.id);

async function run(path: string, n: number, extra: Record<string, unknown>) {
  reached.length = 0;
  runs++;
  const out = await runHttpLeg(searcher, `${base}${path}?run=${runs}&qid={{query_id}}`, n, extra);
  return { ...out, reached: [...reached] };
}

describe('a query set against a failing engine', () => {
  it('stops calling a leg after 5 failed queries in a row: the other 15 fail fast, named, in query order', async () => {
    const { results, failed, reached } = await run('/500', 20, { retries: 0, concurrency: 1 });
    expect(results).toEqual([]);
    // One at a time, so exactly the threshold reaches the engine.
    expect(reached).toEqual(ids(5));
    expect(failed.map((f) => f.queryId)).toEqual(ids(20));
    expect(failed.every((f) => f.by === 'leg "engine"')).toBe(true);
    for (const f of failed.slice(0, 5)) expect(f.status).toBe(500);
    for (const f of failed.slice(5)) {
      expect(f.message).toContain(`leg "engine", query ${f.queryId}: not called`);
      expect(f.message).toContain('failed 5 queries in a row');
      // The last error the engine gave, whole: query q4's 500.
      expect(f.message).toContain(failed[4]!.message);
    }
  });

  it('a throttling engine fails 100 queries in one round of retries, not 100 x 2 s / 8: the rest uncalled or cancelled', async () => {
    // Each query: 3 attempts, 1 s apart (Retry-After), so 2 s; without the breaker 13 rounds of 8, about 26 s.
    const { failed, seconds, reached } = await run('/429', 100, { retries: 2, concurrency: 8 });
    expect(failed.map((f) => f.queryId)).toEqual(ids(100));
    // Reached: the 8 first queries, and at most one more per failure before the fifth (its slot
    // freed, a worker started the next query): at most 5 - 1 + 8 = 12, the first ones.
    const distinct = [...new Set(reached)];
    expect(distinct.length).toBeGreaterThanOrEqual(8);
    expect(distinct.length).toBeLessThanOrEqual(12);
    expect(new Set(distinct)).toEqual(new Set(ids(distinct.length)));
    // Five of them failed after their 3 attempts and opened the breaker; the requests of the
    // others in flight then were cancelled, so no query was tried more than 3 times.
    const answered429 = failed.filter((f) => f.status === 429);
    expect(answered429.length).toBeGreaterThanOrEqual(5);
    for (const f of answered429) expect(reached.filter((q) => q === f.queryId).length).toBe(3);
    for (const q of distinct) expect(reached.filter((r) => r === q).length).toBeLessThanOrEqual(3);
    const rest = failed.filter((f) => f.status === undefined);
    expect(rest.length).toBe(100 - answered429.length);
    for (const f of rest)
      expect(f.message).toMatch(/: (not called|cancelled in flight): the engine failed 5 queries in a row/);
    // One round of 2 s, the queries started after the first failures cancelled with it, against 26 s.
    expect(seconds).toBeLessThan(4);
    expect(failed[99]!.message).toContain('answered 429');
  });

  it('a query answered resets the count: an engine failing every other query is called for each', async () => {
    const { results, failed, reached } = await run('/flaky', 20, { retries: 0, concurrency: 1 });
    expect(reached).toEqual(ids(20));
    expect(results.map((r) => r.qid)).toEqual(ids(20).filter((_, i) => i % 2 === 0));
    expect(failed.map((f) => f.queryId)).toEqual(ids(20).filter((_, i) => i % 2 === 1));
  });

  it('takes the threshold from fail_after: 2 calls twice, 0 never stops calling', async () => {
    const two = await run('/500', 10, { retries: 0, concurrency: 1, fail_after: 2 });
    expect(two.reached).toEqual(ids(2));
    expect(two.failed[9]!.message).toContain('failed 2 queries in a row');
    const never = await run('/500', 10, { retries: 0, concurrency: 1, fail_after: 0 });
    expect(never.reached).toEqual(ids(10));
  });
});
