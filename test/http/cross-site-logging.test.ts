import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/app.js';
import { QueryLog } from '../../src/traffic/query-log.js';
import { tmpDir } from '../helpers/tmp.js';
import { timeBudget } from '../helpers/time-budget.js';
import { webFixture, type WebFixture } from '../web/helpers/web-fixture.js';

// Issue 40 item 7: any page could make a visitor's browser search here (a GET needs no
// preflight) and so write to the query log, skewing sampling, click judgements and the home
// page's top queries. A search from another site is answered, and not logged.

const NOW = new Date('2024-03-05T10:00:00Z');
const FRONT = 'http://front.example';
let fx: WebFixture;
let log: QueryLog;
let logDir: string;
let corsApp: WebFixture['app'];

beforeAll(async () => {
  const root = tmpDir('cross-site-log-');
  logDir = path.join(root, 'traffic');
  log = await QueryLog.open(logDir, { now: () => NOW });
  fx = await webFixture(root, { queryLog: log });
  corsApp = createApp({
    catalog: fx.catalog,
    corporaRoot: fx.corporaRoot,
    cacheDir: path.join(root, 'cache'),
    queryLog: log,
    corsOrigins: [FRONT],
  });
}, timeBudget(60_000));
afterAll(async () => {
  await log.close();
  fx.catalog.close();
});

const loggedQueries = () => {
  const file = path.join(logDir, 'ubi_queries-2024-03-05.jsonl');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).length : 0;
};

async function searchWith(headers: Record<string, string>, app = fx.app) {
  const before = loggedQueries();
  const res = await app.request('/search/bm25?index=tiny&q=harbor', { headers });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { query_id: string; hits: unknown[] };
  expect(body.hits.length).toBeGreaterThan(0);
  expect(res.headers.get('x-query-id')).toBe(body.query_id);
  return loggedQueries() - before;
}

describe('searches from another site are answered but not logged', () => {
  it.each([
    [{ 'sec-fetch-site': 'cross-site' }],
    [{ 'sec-fetch-site': 'same-site' }],
    [{ origin: 'http://evil.example' }],
    [{ origin: 'http://localhost:5173' }],
    [{ origin: 'null' }],
    [{ origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' }],
  ])('%j', async (headers) => {
    expect(await searchWith(headers)).toBe(0);
  });
});

describe('searches from the server’s own pages, a --cors front end, or no browser are logged', () => {
  it.each([
    [{}],
    [{ 'sec-fetch-site': 'same-origin' }],
    [{ 'sec-fetch-site': 'none' }],
    [{ origin: 'http://localhost', 'sec-fetch-site': 'same-origin' }],
  ])('%j', async (headers) => {
    expect(await searchWith(headers)).toBe(1);
  });

  it('a --cors origin, cross-site by Sec-Fetch-Site, is the operator’s own front end', async () => {
    expect(await searchWith({ origin: FRONT, 'sec-fetch-site': 'cross-site' }, corsApp)).toBe(1);
    // The same page on a server without --cors is another site.
    expect(await searchWith({ origin: FRONT, 'sec-fetch-site': 'cross-site' })).toBe(0);
  });
});
