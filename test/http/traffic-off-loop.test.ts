import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../src/http/app.js';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { readServedLog } from '../../src/traffic/read-served-log.js';
import { servedTrafficOf } from '../../src/serving/traffic-summary/served-traffic.js';
import { SummaryGate } from '../../src/serving/traffic-summary/summary-gate.js';
import type { TrafficSummary } from '../../src/traffic/traffic-summary.js';
import { timeBudget } from '../helpers/time-budget.js';
import { tmpDir } from '../helpers/tmp.js';

// Issue 40: GET /traffic and the home page built the traffic summary on the event loop, so a
// large log held /health and every other request while it was read. It is now built in a worker
// thread. The gate holds the worker, as a very large log would keep it busy, until the test lets
// it go on: what is asked meanwhile is answered while the summary is certainly still being built.

const catalog = new IndexCatalog(tmpDir('traffic-off-loop-'));
afterAll(() => catalog.close());
const corporaRoot = tmpDir('traffic-off-loop-corpora-');

const search = (id: string, q: string, hits: string[]) =>
  `${JSON.stringify({ query_id: id, user_query: q, query_response_hit_ids: hits, timestamp: '2025-01-02T03:04:05Z' })}\n`;

/** A log folder of three searches: "reset password" twice, "lost invoice" once with no hit. */
function logFolder(): string {
  const dir = tmpDir('traffic-off-loop-log-');
  fs.writeFileSync(
    path.join(dir, 'ubi_queries-2025-01-02.jsonl'),
    search('a', 'reset password', ['d1']) + search('b', 'Reset password', ['d1']) + search('c', 'lost invoice', []),
  );
  return dir;
}

/** Whether `promise` has settled by now: a microtask later than anything already settled. */
async function settled(promise: Response | Promise<Response>): Promise<boolean> {
  let done = false;
  void Promise.resolve(promise).then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('the traffic summary is built off the event loop', () => {
  it(
    'GET /health answers while GET /traffic is still being built; then /traffic answers the summary',
    async () => {
      const gate = new SummaryGate();
      const served = servedTrafficOf(logFolder(), { gate });
      const app = createApp({ catalog, corporaRoot, traffic: served });
      try {
        const traffic = app.request('/traffic');
        await gate.arrived();
        // The summary's worker is held at the gate: /health must not wait for it.
        const health = await app.request('/health');
        expect(health.status).toBe(200);
        expect(await settled(traffic)).toBe(false);
        // The home page asks for the same summary (same log, same options): it waits for the
        // same build rather than starting a second worker.
        const page = app.request('/', { headers: { accept: 'text/html' } });
        expect(await settled(page)).toBe(false);
        gate.open();
        const [res, home] = await Promise.all([traffic, page]);
        expect((await home.text()).replace(/<[^>]+>/g, '')).toContain('3 searches, 2 distinct queries on 2025-01-02');
        expect(res.status).toBe(200);
        const summary = (await res.json()) as TrafficSummary;
        // 3 searches, 2 distinct ("reset password" in two cases), "lost invoice" found nothing
        expect(summary).toMatchObject({ searches: 3, distinctQueries: 2, clicks: 0 });
        expect(summary.zeroHitQueries.map((r) => [r.query, r.zeroHit])).toEqual([['lost invoice', 1]]);
      } finally {
        await served.close?.();
      }
    },
    timeBudget(60_000),
  );

  it(
    'a log the worker cannot read answers the same 400 as the summary built in-process',
    async () => {
      const dir = logFolder();
      // A JSON file must hold an array: read-traffic.ts says which file is malformed.
      fs.writeFileSync(path.join(dir, 'export.json'), '[{"query_id": ');
      const served = servedTrafficOf(dir);
      const inWorker = createApp({ catalog, corporaRoot, traffic: served });
      // Without `summarize`, the summary is built in-process, as before.
      const inProcess = createApp({ catalog, corporaRoot, traffic: { dir, load: () => readServedLog(dir) } });
      try {
        const [worker, before] = await Promise.all([inWorker.request('/traffic'), inProcess.request('/traffic')]);
        expect(worker.status).toBe(400);
        expect(before.status).toBe(400);
        const body = (await worker.json()) as { error: { code: string; message: string } };
        expect(body).toEqual(await before.json());
        expect(body.error.code).toBe('bad_input');
        expect(body.error.message).toMatch(/export\.json: malformed JSON array/);
      } finally {
        await served.close?.();
      }
    },
    timeBudget(60_000),
  );

  it(
    'a worker that dies without answering is a 500 that says no more than "internal error", its cause logged',
    async () => {
      const gate = new SummaryGate();
      const served = servedTrafficOf(logFolder(), { gate });
      const app = createApp({ catalog, corporaRoot, traffic: served });
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        const traffic = app.request('/traffic');
        await gate.arrived();
        gate.crash();
        const res = await traffic;
        expect(res.status).toBe(500);
        expect(await res.json()).toEqual({ error: { code: 'internal', message: 'internal error' } });
        // the cause is in the server's log
        expect(String(logged.mock.calls[0]?.[0])).toMatch(/traffic summary worker exited with code 1 before answering/);
      } finally {
        logged.mockRestore();
        await served.close?.();
      }
    },
    timeBudget(60_000),
  );

  it(
    'the server stopping ends a summary being built: its request answers 503, and close() does not wait for it',
    async () => {
      const gate = new SummaryGate();
      const served = servedTrafficOf(logFolder(), { gate });
      const app = createApp({ catalog, corporaRoot, traffic: served });
      const traffic = app.request('/traffic');
      await gate.arrived();
      // Never opened: close() has to end the held worker itself.
      await served.close?.();
      const res = await traffic;
      expect(res.status).toBe(503);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('unavailable');
      expect(body.error.message).toMatch(/the server is stopping/);
      // and a summary asked for afterwards is refused the same way, without starting a worker
      expect((await app.request('/traffic')).status).toBe(503);
    },
    timeBudget(60_000),
  );
});
