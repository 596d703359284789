import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../src/http/json-depth.js';
import { QueryLog } from '../../src/traffic/query-log.js';
import { tmpDir } from '../helpers/tmp.js';
import { timeBudget } from '../helpers/time-budget.js';
import { webFixture, type WebFixture } from '../web/helpers/web-fixture.js';

// Issue 40 item 5: a body nested thousands deep made code that walks it (the log writer's
// JSON.stringify) throw, a 500. Every route taking a JSON body refuses it at parse with a 400
// naming the limit, and nothing is written.

let fx: WebFixture;
let log: QueryLog;
let logDir: string;

beforeAll(async () => {
  const root = tmpDir('json-depth-');
  logDir = path.join(root, 'traffic');
  log = await QueryLog.open(logDir);
  fx = await webFixture(root, { queryLog: log });
}, timeBudget(60_000));
afterAll(async () => {
  await log.close();
  fx.catalog.close();
});

const post = (url: string, body: string) =>
  fx.app.request(url, { method: 'POST', body, headers: { 'content-type': 'application/json' } });

/** `{"a":{"a":...{"a":1}...}}`, `depth` objects deep. */
const nestedObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const nestedArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

const ROUTES = [
  '/events',
  '/search',
  '/search/bm25',
  '/gold',
  '/gold/queries',
  '/indexes',
  '/experiments',
  '/traffic/samples',
  '/traffic/judgements',
];

describe('JSON bodies nested deeper than the limit are a 400 naming it, on every route that takes one', () => {
  it.each(ROUTES)('POST %s with 5,000 nested arrays or objects', async (route) => {
    for (const body of [nestedArray(5000), nestedObject(5000), `{"q":"x","legs":${nestedArray(MAX_JSON_DEPTH)}}`]) {
      const res = await post(route, body);
      expect(res.status).toBe(400);
      const answer = (await res.json()) as { error: { code: string; message: string } };
      expect(answer.error.code).toBe('bad_input');
      expect(answer.error.message).toContain(`at most ${MAX_JSON_DEPTH}`);
    }
  });

  it('an event whose attributes nest 5,000 deep is refused and nothing is logged; one within the limit is written', async () => {
    const search = await fx.app.request('/search/bm25?index=tiny&q=harbor');
    const { query_id } = (await search.json()) as { query_id: string };
    const files = () => fs.readdirSync(logDir).filter((f) => f.startsWith('ubi_events'));
    const event = (attributes: string) =>
      `{"action_name":"hover","query_id":${JSON.stringify(query_id)},"event_attributes":{"extra":${attributes}}}`;
    const deep = await post('/events', event(nestedObject(5000)));
    expect(deep.status).toBe(400);
    expect(files()).toEqual([]);
    // The event object and event_attributes are two levels; the attribute fills the rest.
    const fits = await post('/events', event(nestedObject(MAX_JSON_DEPTH - 2)));
    expect(fits.status).toBe(202);
    expect(files()).toHaveLength(1);
  });

  it('brackets inside strings are not nesting', async () => {
    const q = `${'[{'.repeat(100)}\\"${'"['.repeat(100)}`;
    const res = await post('/search', JSON.stringify({ index: 'tiny', q, mode: 'bm25' }));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { q: string }).q).toBe(q);
  });
});
