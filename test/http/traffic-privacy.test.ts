import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/app.js';
import type { TrafficSummary } from '../../src/traffic/traffic-summary.js';
import { tmpDir } from '../helpers/tmp.js';
import { timeBudget } from '../helpers/time-budget.js';
import { webFixture, type WebFixture } from '../web/helpers/web-fixture.js';
import { servedTrafficOf } from '../../src/serving/traffic-summary/served-traffic.js';

// Issue 40 item 6: the home page and GET /traffic showed raw top and zero-hit queries (card and
// phone numbers) to anyone who could reach the server, without a token. They show masked texts
// unless the operator passes --show-raw-queries, and need the token whenever one is set.

const TOKEN = 'a-token-for-traffic-privacy';
const CARD = '4111  1111  1111  1111';
const PHONE = '+44 20 7946 0958';
let fx: WebFixture;
let root: string;
let logDir: string;

beforeAll(async () => {
  root = tmpDir('traffic-privacy-');
  logDir = path.join(root, 'traffic');
  fs.mkdirSync(logDir, { recursive: true });
  const record = (id: string, q: string, hits: string[]) =>
    JSON.stringify({ query_id: id, user_query: q, timestamp: '2024-03-05T10:00:00Z', query_response_hit_ids: hits });
  fs.writeFileSync(
    path.join(logDir, 'ubi_queries-2024-03-05.jsonl'),
    `${[record('a', `card ${CARD}`, ['d1']), record('b', `card ${CARD}`, []), record('c', `call ${PHONE}`, [])].join('\n')}\n`,
  );
  fx = await webFixture(root, { traffic: servedTrafficOf(logDir) });
}, timeBudget(60_000));
afterAll(() => fx.catalog.close());

const appWith = (deps: { token?: string; showRawQueries?: boolean }) =>
  createApp({
    catalog: fx.catalog,
    corporaRoot: fx.corporaRoot,
    cacheDir: path.join(root, 'cache'),
    traffic: servedTrafficOf(logDir),
    ...deps,
  });

const texts = (summary: TrafficSummary) => [
  summary.topQueries.map((r) => r.query),
  summary.zeroHitQueries.map((r) => r.query),
];

describe('query texts are masked unless --show-raw-queries', () => {
  it('GET /traffic masks the top and zero-hit queries', async () => {
    const res = await fx.app.request('/traffic');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(texts(JSON.parse(text) as TrafficSummary)).toEqual([
      ['card <number>', 'call <phone>'],
      ['call <phone>', 'card <number>'],
    ]);
    expect(text).not.toContain('4111');
    expect(text).not.toContain('7946');
  });

  it('the home page masks them too', async () => {
    const res = await fx.app.request('/', { headers: { accept: 'text/html' } });
    const html = await res.text();
    expect(html).toContain('card &lt;number&gt;');
    expect(html).not.toContain('4111');
    expect(html).not.toContain('7946');
  });

  it('--show-raw-queries shows them as typed', async () => {
    const raw = appWith({ showRawQueries: true });
    const summary = (await (await raw.request('/traffic')).json()) as TrafficSummary;
    expect(texts(summary)[0]).toEqual([`card ${CARD}`, `call ${PHONE}`]);
    const html = await (await raw.request('/', { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('4111  1111');
  });
});

describe('with a token set (no --protect-search), the summary needs it', () => {
  it('GET /traffic is 401 without it, 403 with a wrong one, 200 (masked) with it', async () => {
    const guarded = appWith({ token: TOKEN });
    expect((await guarded.request('/traffic')).status).toBe(401);
    expect((await guarded.request('/traffic', { headers: { authorization: 'Bearer wrong-token-here' } })).status).toBe(
      403,
    );
    const ok = await guarded.request('/traffic', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
    expect(texts((await ok.json()) as TrafficSummary)[0]).toEqual(['card <number>', 'call <phone>']);
  });

  it('the home page leaves the traffic out and says it needs the token', async () => {
    const html = await (await appWith({ token: TOKEN }).request('/', { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('read with the token only');
    expect(html).not.toContain('card ');
    expect(html).not.toContain('4111');
  });
});
