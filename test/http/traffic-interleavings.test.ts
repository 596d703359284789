import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/app.js';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { type ServedTraffic, servedTrafficOf } from '../../src/serving/traffic-summary/served-traffic.js';
import { SummaryGate } from '../../src/serving/traffic-summary/summary-gate.js';
import { timeBudget } from '../helpers/time-budget.js';
import { readServedLog } from '../../src/traffic/read-served-log.js';
import { runCli } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';
import { twoInterleavingsLog } from '../traffic/interleaving/two-interleavings.js';

const catalog = new IndexCatalog(tmpDir('http-interleavings-'));
afterAll(() => catalog.close());
const corporaRoot = tmpDir('http-interleavings-corpora-');
const log = twoInterleavingsLog(path.join(tmpDir('http-interleavings-log-'), 'log'));
const served = (): ServedTraffic => ({ dir: log, load: () => readServedLog(log) });

describe('GET /traffic/interleavings', () => {
  it('answers what testbed interleave --json prints for the same log', async () => {
    const app = createApp({ catalog, corporaRoot, traffic: served() });
    for (const [query, flags] of [
      ['', []],
      ['?name=td', ['--name', 'td']],
    ] as const) {
      const res = await app.request(`/traffic/interleavings${query}`);
      expect(res.status, query).toBe(200);
      const cli = await runCli(['interleave', log, '--json', ...flags]);
      expect(cli.code, cli.err).toBe(0);
      // The CLI names the click it could not credit by its file's path, the server from its folder.
      const text = await res.text();
      expect(text).not.toContain(log);
      const fromCli = JSON.parse(cli.out.split(`${log}${path.sep}`).join(''));
      expect(fromCli.ignored[0].examples).toEqual(['ubi_events-2026-01-02.jsonl:16 never-shown']);
      expect(JSON.parse(text), query).toEqual(fromCli);
    }
  });

  it('refuses an unknown name or parameter with a 400, and answers 409 when the server logs nothing', async () => {
    const app = createApp({ catalog, corporaRoot, traffic: served() });
    const unknown = await app.request('/traffic/interleavings?name=nope');
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toMatch(/it has ml, td/);
    expect((await app.request('/traffic/interleavings?top=3')).status).toBe(400);
    const off = createApp({ catalog, corporaRoot });
    const res = await off.request('/traffic/interleavings');
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain('--log-queries DIR');
  });

  it('needs the token whenever the server has one, as GET /traffic does', async () => {
    const tokenOnly = createApp({ catalog, corporaRoot, token: 'secret', traffic: served() });
    expect((await tokenOnly.request('/traffic/interleavings')).status).toBe(401);
    const auth = { headers: { authorization: 'Bearer secret' } };
    expect((await tokenOnly.request('/traffic/interleavings', auth)).status).toBe(200);
    const locked = createApp({ catalog, corporaRoot, token: 'secret', protectSearch: true, traffic: served() });
    expect((await locked.request('/traffic/interleavings')).status).toBe(401);
    expect((await locked.request('/traffic/interleavings', auth)).status).toBe(200);
  });

  it(
    'is credited in a summary worker, as the server runs it: the same answer, /health answering meanwhile',
    async () => {
      const gate = new SummaryGate();
      const inWorker = servedTrafficOf(log, { gate });
      const app = createApp({ catalog, corporaRoot, traffic: inWorker });
      const inProcess = createApp({ catalog, corporaRoot, traffic: served() });
      try {
        const asked = app.request('/traffic/interleavings');
        await gate.arrived();
        // The worker is held at the gate, as a very large log would keep it busy.
        expect((await app.request('/health')).status).toBe(200);
        gate.open();
        const res = await asked;
        expect(res.status).toBe(200);
        const answer = await res.json();
        expect(answer).toEqual(await (await inProcess.request('/traffic/interleavings')).json());
        expect(JSON.stringify(answer)).not.toContain(log);
        // An unknown name is the same 400 from the worker as in-process.
        const [worker, before] = await Promise.all([
          app.request('/traffic/interleavings?name=nope'),
          inProcess.request('/traffic/interleavings?name=nope'),
        ]);
        expect(worker.status).toBe(400);
        expect(await worker.json()).toEqual(await before.json());
      } finally {
        await inWorker.close?.();
      }
    },
    timeBudget(60_000),
  );
});
