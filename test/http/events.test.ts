import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/app.js';
import { QueryLog } from '../../src/traffic/query-log.js';
import { MAX_EVENTS_BODY_BYTES, MAX_EVENTS_PER_REQUEST } from '../../src/traffic/ubi-events.js';
import type { UbiEventRecord, UbiQueryRecord } from '../../src/traffic/types.js';
import { tmpDir } from '../helpers/tmp.js';
import { webFixture, type WebFixture } from '../web/helpers/web-fixture.js';
import { timeBudget } from '../helpers/time-budget.js';

/**
 * The server's own traffic log over the real app: searches answered with a query_id and logged
 * as UBI query records; POST /events writing UBI events for those ids; hostile event requests
 * refused with nothing written.
 */

const NOW = new Date('2024-03-05T10:00:00Z');
const DAY = '2024-03-05';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const FRONT = 'http://front.example';
const TOKEN = 'a-token-for-events-tests';

let fx: WebFixture;
let logDir: string;
let log: QueryLog;
/** The app as `testbed serve --log-queries` mounts it; `unlogged` without, `guarded` with a token, `cors` with --cors. */
let app: WebFixture['app'];
let unlogged: WebFixture['app'];
let guarded: WebFixture['app'];
let corsApp: WebFixture['app'];

beforeAll(async () => {
  const root = tmpDir('events-');
  logDir = path.join(root, 'traffic');
  log = await QueryLog.open(logDir, { now: () => NOW });
  fx = await webFixture(root, { queryLog: log });
  app = fx.app;
  const deps = { catalog: fx.catalog, corporaRoot: fx.corporaRoot, cacheDir: path.join(root, 'cache') };
  unlogged = createApp(deps);
  guarded = createApp({ ...deps, queryLog: log, token: TOKEN });
  corsApp = createApp({ ...deps, queryLog: log, corsOrigins: [FRONT] });
}, timeBudget(60_000));
afterAll(async () => {
  await log.close();
  fx.catalog.close();
});

const queriesFile = () => path.join(logDir, `ubi_queries-${DAY}.jsonl`);
const eventsFile = () => path.join(logDir, `ubi_events-${DAY}.jsonl`);
const lines = (file: string) =>
  fs.existsSync(file)
    ? fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .filter((l) => l)
        .map((l) => JSON.parse(l) as unknown)
    : [];
/** Every file of the log folder, name and bytes. */
const snapshot = () =>
  Object.fromEntries(fs.readdirSync(logDir).map((name) => [name, fs.readFileSync(path.join(logDir, name))]));

interface Answer {
  query_id: string;
  q: string;
  pipeline: unknown;
  hits: { id: string; doc_id: string }[];
}

async function search(target: WebFixture['app'], url: string, headers: Record<string, string> = {}) {
  const res = await target.request(url, { headers });
  expect(res.status).toBe(200);
  const text = await res.text();
  return { res, text, body: JSON.parse(text) as Answer };
}

const postEvents = (body: unknown, headers: Record<string, string> = {}, target = app) =>
  target.request('/events', {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });

const clickOn = (queryId: string, objectId: string, ordinal: number) => ({
  action_name: 'click',
  query_id: queryId,
  event_attributes: { object: { object_id: objectId }, position: { ordinal } },
});

describe('searches carry their query_id, and are logged with --log-queries', () => {
  it('a search answers with a fresh query_id first in the body and in X-Query-Id, and is logged as a UBI query record', async () => {
    const before = lines(queriesFile()).length;
    const { res, text, body } = await search(app, '/search/bm25?index=tiny&q=harbor&k=3&level=doc', {
      'x-client-id': 'web-7',
    });
    expect(body.query_id).toMatch(UUID);
    expect(res.headers.get('x-query-id')).toBe(body.query_id);
    // First field, and the text is plain JSON (what re-serialising the parsed body gives back).
    expect(text.startsWith(`{"query_id":"${body.query_id}",`)).toBe(true);
    expect(JSON.stringify(body)).toBe(text);
    expect(body.hits.length).toBeGreaterThan(0);
    const logged = lines(queriesFile());
    expect(logged).toHaveLength(before + 1);
    expect(logged.at(-1)).toEqual({
      query_id: body.query_id,
      client_id: 'web-7',
      user_query: 'harbor',
      index: 'tiny',
      query_attributes: { mode: 'bm25', k: 3, level: 'doc', pipeline: body.pipeline },
      // Doc level: the documents' ids, in rank order.
      query_response_hit_ids: body.hits.map((h) => h.doc_id),
      timestamp: NOW.toISOString(),
    } satisfies UbiQueryRecord);
    const again = await search(app, '/search/bm25?index=tiny&q=harbor&k=3&level=doc');
    expect(again.body.query_id).not.toBe(body.query_id);
    expect(lines(queriesFile()).at(-1)).not.toHaveProperty('client_id');
  });

  it('at chunk level the hit ids are the chunk ids; POST and pipeline searches are logged too', async () => {
    const chunks = await search(app, '/search/hybrid?index=tiny&q=harbor&k=4');
    expect((lines(queriesFile()).at(-1) as UbiQueryRecord).query_response_hit_ids).toEqual(
      chunks.body.hits.map((h) => h.id),
    );
    const res = await app.request('/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-client-id': 'svc' },
      body: JSON.stringify({ index: 'tiny', q: 'plans', legs: [{ type: 'lexical', engine: 'fts5' }], k: 2 }),
    });
    const body = (await res.json()) as Answer;
    const record = lines(queriesFile()).at(-1) as UbiQueryRecord;
    expect([record.query_id, record.client_id, record.user_query, record.query_attributes.mode]).toEqual([
      body.query_id,
      'svc',
      'plans',
      'pipeline',
    ]);
  });

  it('without --log-queries a search still carries its query_id, and nothing is written', async () => {
    const before = snapshot();
    const { res, body } = await search(unlogged, '/search/bm25?index=tiny&q=harbor');
    expect(body.query_id).toMatch(UUID);
    expect(res.headers.get('x-query-id')).toBe(body.query_id);
    expect(snapshot()).toEqual(before);
    const events = await postEvents(clickOn(body.query_id, body.hits[0]!.id, 1), {}, unlogged);
    expect(events.status).toBe(409);
    expect(((await events.json()) as { error: { message: string } }).error.message).toContain('--log-queries DIR');
    expect(snapshot()).toEqual(before);
  });

  it('an X-Client-Id over 100 characters is a 400 and nothing is logged', async () => {
    const before = snapshot();
    const res = await app.request('/search/bm25?index=tiny&q=harbor', { headers: { 'x-client-id': 'c'.repeat(101) } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/X-Client-Id/);
    expect(snapshot()).toEqual(before);
  });
});

describe('POST /events', () => {
  it('writes the events of a request as UBI event lines: one object, an array, or {events}', async () => {
    const { body } = await search(app, '/search/bm25?index=tiny&q=harbor&k=3&level=doc');
    const [first, second] = body.hits;
    const before = lines(eventsFile()).length;
    const one = await postEvents({ ...clickOn(body.query_id, first!.id, 1), client_id: 'web-7' });
    expect(one.status).toBe(202);
    expect(await one.json()).toEqual({ accepted: 1 });
    const two = await postEvents([
      clickOn(body.query_id, second!.id, 2),
      { action_name: 'add_to_cart', query_id: body.query_id, timestamp: '2024-03-05T09:59:00Z' },
    ]);
    expect(await two.json()).toEqual({ accepted: 2 });
    const wrapped = await postEvents({ events: [{ ...clickOn(body.query_id, '17', 3), session_id: 's' }] });
    expect(await wrapped.json()).toEqual({ accepted: 1 });
    const at = NOW.toISOString();
    expect(lines(eventsFile()).slice(before)).toEqual([
      { ...clickOn(body.query_id, first!.id, 1), client_id: 'web-7', timestamp: at },
      { ...clickOn(body.query_id, second!.id, 2), timestamp: at },
      { action_name: 'add_to_cart', query_id: body.query_id, timestamp: '2024-03-05T09:59:00Z' },
      { ...clickOn(body.query_id, '17', 3), session_id: 's', timestamp: at },
    ] satisfies UbiEventRecord[]);
  });

  describe('a batch', () => {
    it('a batch of 1,000 clicks as a page sends them fits in one body, over the 64 kB every other route allows', async () => {
      // 1,000 clicks over ten searches, each as a front end posts it: the search's UUID
      // query_id, a document id, its ordinal, the client and the time.
      const ids: string[] = [];
      for (let i = 0; i < 10; i++) ids.push((await search(app, `/search/bm25?index=tiny&q=harbor+${i}`)).body.query_id);
      const clicks = Array.from({ length: MAX_EVENTS_PER_REQUEST }, (_, i) => ({
        ...clickOn(ids[i % ids.length]!, `troubleshoot-sync-conflicts-${i}`, 1 + (i % 10)),
        client_id: `web-${(0x32bb07e3 + i).toString(16)}`,
        timestamp: new Date(NOW.getTime() + i * 1000).toISOString(),
      }));
      const body = JSON.stringify(clicks);
      expect(Buffer.byteLength(body)).toBeGreaterThan(64 * 1024);
      expect(Buffer.byteLength(body)).toBeLessThan(MAX_EVENTS_BODY_BYTES);
      const before = lines(eventsFile()).length;
      const res = await postEvents(body);
      expect(res.status, await res.clone().text()).toBe(202);
      expect(await res.json()).toEqual({ accepted: MAX_EVENTS_PER_REQUEST });
      expect(lines(eventsFile()).length - before).toBe(MAX_EVENTS_PER_REQUEST);
    });
  });

  describe('hostile requests are refused with nothing written', () => {
    let queryId = '';
    beforeAll(async () => {
      queryId = (await search(app, '/search/bm25?index=tiny&q=harbor')).body.query_id;
    });

    /** Sends the request, expects `status`, and checks the log folder is byte for byte as before. */
    async function refused(send: () => Response | Promise<Response>, status: number, message?: RegExp) {
      const before = snapshot();
      const res = await send();
      expect(res.status).toBe(status);
      const body = (await res.json()) as { error: { message: string } };
      if (message) expect(body.error.message).toMatch(message);
      expect(snapshot()).toEqual(before);
    }

    const good = () => clickOn(queryId, 'plans', 1);

    it('an unknown query_id: 404 naming it', async () => {
      await refused(() => postEvents([good(), clickOn('not-a-search', 'plans', 1)]), 404, /events\[1\].*not-a-search/);
    });

    it('a 10 MB batch: 413, with a Content-Length or streamed', async () => {
      const huge = JSON.stringify(Array.from({ length: 40_000 }, () => ({ ...good(), message: 'x'.repeat(250) })));
      expect(huge.length).toBeGreaterThan(10_000_000);
      await refused(() => postEvents(huge, { 'content-length': String(Buffer.byteLength(huge)) }), 413);
      const stream = new ReadableStream({
        start(controller) {
          for (let i = 0; i < huge.length; i += 1_000_000)
            controller.enqueue(Buffer.from(huge.slice(i, i + 1_000_000)));
          controller.close();
        },
      });
      await refused(
        () =>
          app.request('/events', {
            method: 'POST',
            body: stream,
            headers: { 'content-type': 'application/json' },
            duplex: 'half',
          } as RequestInit),
        413,
      );
    });

    it('a body over the events limit: JSON 413 naming it; the other routes keep 64 kB', async () => {
      // 1,000 events (the count allowed), each carrying a 400-character message: over the bytes.
      const padded = JSON.stringify(
        Array.from({ length: MAX_EVENTS_PER_REQUEST }, () => ({ ...good(), message: 'x'.repeat(400) })),
      );
      expect(Buffer.byteLength(padded)).toBeGreaterThan(MAX_EVENTS_BODY_BYTES);
      await refused(() => postEvents(padded), 413, new RegExp(`over ${MAX_EVENTS_BODY_BYTES} bytes`));
      // A search body of the size a batch of clicks may have is refused: only /events takes batches.
      const search = await app.request('/search', {
        method: 'POST',
        body: JSON.stringify({ index: 'tiny', q: 'x'.repeat(100 * 1024) }),
        headers: { 'content-type': 'application/json' },
      });
      expect(search.status).toBe(413);
      expect(((await search.json()) as { error: { message: string } }).error.message).toContain(
        `over ${64 * 1024} bytes`,
      );
    });

    it('1,001 events: 413 saying at most 1000', async () => {
      // Short ids (a seeded log's, say), so that the batch is under the body limit: the count is what is refused.
      await log.writeQuery({
        query_id: 'q7',
        user_query: 'harbor',
        index: 'tiny',
        query_attributes: { mode: 'bm25', k: 10, level: 'chunk', pipeline: {} },
        query_response_hit_ids: [],
        timestamp: NOW.toISOString(),
      });
      const many = Array.from({ length: 1001 }, () => ({ action_name: 'v', query_id: 'q7' }));
      expect(JSON.stringify(many).length).toBeLessThan(MAX_EVENTS_BODY_BYTES);
      await refused(() => postEvents(many), 413, /1001 events.*at most 1000/);
      expect((await postEvents(many.slice(1))).status).toBe(202);
    });

    it('wrong types: ordinal "3", an object as object_id, a 500-character action_name', async () => {
      const at = (attrs: object) => ({ ...good(), event_attributes: attrs });
      await refused(
        () => postEvents(at({ object: { object_id: 'plans' }, position: { ordinal: '3' } })),
        400,
        /events\[0\]\.event_attributes\.position\.ordinal/,
      );
      await refused(
        () => postEvents(at({ object: { object_id: { id: 'plans' } }, position: { ordinal: 3 } })),
        400,
        /events\[0\]\.event_attributes\.object\.object_id/,
      );
      await refused(() => postEvents({ ...good(), action_name: 'a'.repeat(500) }), 400, /events\[0\]\.action_name/);
    });

    it('a missing query_id, a batch where only the last event is bad, no events, not JSON', async () => {
      const { query_id: _, ...noId } = good();
      await refused(() => postEvents(noId), 400, /events\[0\]\.query_id/);
      await refused(
        () =>
          postEvents([good(), good(), good(), good(), { ...good(), event_attributes: { object: { object_id: 'x' } } }]),
        400,
        /events\[4\]\.event_attributes\.position\.ordinal/,
      );
      await refused(() => postEvents([]), 400, /no events/);
      await refused(() => postEvents('{"action_name": '), 400, /not valid JSON/);
    });

    it('a cross-site Origin without --cors: 403; a text/plain body: 415', async () => {
      await refused(() => postEvents(good(), { origin: 'http://evil.example' }), 403);
      await refused(() => postEvents(good(), { 'sec-fetch-site': 'cross-site' }), 403);
      await refused(
        () =>
          app.request('/events', {
            method: 'POST',
            body: JSON.stringify(good()),
            headers: { 'content-type': 'text/plain' },
          }),
        415,
      );
    });

    it('no token, or a wrong one, when the server has one: 401, 403; with it, accepted', async () => {
      await refused(() => postEvents(good(), {}, guarded), 401);
      await refused(() => postEvents(good(), { authorization: 'Bearer wrong-token-for-events' }, guarded), 403);
      const ok = await postEvents(good(), { authorization: `Bearer ${TOKEN}` }, guarded);
      expect(ok.status).toBe(202);
    });
  });

  it('a --cors front end can read X-Query-Id and send clicks: the preflight passes and the POST answers with CORS headers', async () => {
    const searched = await corsApp.request('/search/bm25?index=tiny&q=harbor', { headers: { origin: FRONT } });
    expect(searched.headers.get('access-control-allow-origin')).toBe(FRONT);
    expect(searched.headers.get('access-control-expose-headers')).toMatch(/X-Query-Id/i);
    const queryId = searched.headers.get('x-query-id')!;
    const preflight = await corsApp.request('/events', {
      method: 'OPTIONS',
      headers: {
        origin: FRONT,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(FRONT);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('content-type');
    const before = lines(eventsFile()).length;
    const posted = await postEvents(
      clickOn(queryId, 'plans', 1),
      { origin: FRONT, 'sec-fetch-site': 'cross-site' },
      corsApp,
    );
    expect(posted.status).toBe(202);
    expect(posted.headers.get('access-control-allow-origin')).toBe(FRONT);
    expect(lines(eventsFile()).slice(before)).toEqual([
      { ...clickOn(queryId, 'plans', 1), timestamp: NOW.toISOString() },
    ]);
  });
});
