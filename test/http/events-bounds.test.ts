import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryLog } from '../../src/traffic/query-log.js';
import { readTraffic } from '../../src/traffic/read-traffic.js';
import { parseUbiEvents } from '../../src/traffic/ubi-events.js';
import { eventFromUbi, isRejection } from '../../src/traffic/ubi-records.js';
import { tmpDir } from '../helpers/tmp.js';
import { timeBudget } from '../helpers/time-budget.js';
import { webFixture, type WebFixture } from '../web/helpers/web-fixture.js';

// Issue 40 items 3 and 10: POST /events refuses what would cost the readers (dates thousands of
// years apart, which the summary once listed day by day) or what they would drop afterwards
// (object_id 1e308, ordinal 1e300), with a 400 naming the field and nothing written; and
// GET /traffic names a dropped line from the log folder, never by its absolute path.

const NOW = new Date('2024-03-05T10:00:00Z');
const DAY = '2024-03-05';
const DAY_MS = 24 * 60 * 60 * 1000;

let fx: WebFixture;
let log: QueryLog;
let logDir: string;
let queryId: string;

beforeAll(async () => {
  const root = tmpDir('events-bounds-');
  logDir = path.resolve(root, 'traffic');
  log = await QueryLog.open(logDir, { now: () => NOW });
  fx = await webFixture(root, { queryLog: log });
  const res = await fx.app.request('/search/bm25?index=tiny&q=harbor');
  queryId = ((await res.json()) as { query_id: string }).query_id;
}, timeBudget(60_000));
afterAll(async () => {
  await log.close();
  fx.catalog.close();
});

const eventsFile = () => path.join(logDir, `ubi_events-${DAY}.jsonl`);
const eventLines = () => (fs.existsSync(eventsFile()) ? fs.readFileSync(eventsFile(), 'utf8') : '');
const post = (body: unknown) =>
  fx.app.request('/events', {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
const click = (objectId: unknown, ordinal: unknown, extra: Record<string, unknown> = {}) => ({
  action_name: 'click',
  query_id: queryId,
  event_attributes: { object: { object_id: objectId }, position: { ordinal } },
  ...extra,
});

async function refused(body: unknown, field: string) {
  const before = eventLines();
  const res = await post(body);
  expect(res.status).toBe(400);
  const answer = (await res.json()) as { error: { code: string; message: string } };
  expect(answer.error.code).toBe('bad_input');
  expect(answer.error.message.startsWith(`(field "${field}"): `)).toBe(true);
  expect(eventLines()).toBe(before);
  return answer.error.message;
}

describe('POST /events: timestamps outside 2000-01-01 .. now + 1 day are a 400 naming the field', () => {
  it.each([
    '0001-01-01T00:00:00Z',
    '9999-12-31T00:00:00Z',
    '1999-12-31T23:59:59.999Z',
    // One millisecond past the server's clock plus a day.
    new Date(NOW.getTime() + DAY_MS + 1).toISOString(),
  ])('refuses %s, the whole request with it', async (timestamp) => {
    const message = await refused([click('d1', 1), click('d2', 2, { timestamp })], 'events[1].timestamp');
    expect(message).toContain('2000-01-01T00:00:00Z');
    expect(message).toContain(new Date(NOW.getTime() + DAY_MS).toISOString());
  });

  it('takes the window’s two ends', async () => {
    const ends = ['2000-01-01T00:00:00Z', new Date(NOW.getTime() + DAY_MS).toISOString()];
    const res = await post(ends.map((timestamp) => click('d1', 1, { timestamp })));
    expect(res.status).toBe(202);
    const written = eventLines()
      .trim()
      .split('\n')
      .slice(-2)
      .map((l) => (JSON.parse(l) as { timestamp: string }).timestamp);
    expect(written).toEqual(ends);
  });
});

describe('POST /events: numbers every reader would drop are a 400 naming the field', () => {
  it.each([
    [1e308, 1, 'events[0].event_attributes.object.object_id'],
    [2 ** 53, 1, 'events[0].event_attributes.object.object_id'],
    [-(2 ** 53), 1, 'events[0].event_attributes.object.object_id'],
    [1.5, 1, 'events[0].event_attributes.object.object_id'],
    ['d1', 1e300, 'events[0].event_attributes.position.ordinal'],
    ['d1', 2 ** 53, 'events[0].event_attributes.position.ordinal'],
    ['d1', 0, 'events[0].event_attributes.position.ordinal'],
    ['d1', 2.5, 'events[0].event_attributes.position.ordinal'],
  ])('object_id %s, ordinal %s', async (objectId, ordinal, field) => {
    await refused(click(objectId, ordinal), field);
  });

  it('the largest safe integers are taken, and read back by the readers', async () => {
    const res = await post(click(2 ** 53 - 1, 2 ** 53 - 1));
    expect(res.status).toBe(202);
    const traffic = await readTraffic([logDir]);
    const last = traffic.events.at(-1)!;
    expect([last.objectId, last.ordinal]).toEqual([String(2 ** 53 - 1), 2 ** 53 - 1]);
    expect(traffic.dropped).toEqual([]);
  });

  it('whatever number POST /events takes as object_id or ordinal, the readers take too (one definition)', () => {
    const from = { file: 'x', line: 1 };
    fc.assert(
      fc.property(
        fc.oneof(fc.double(), fc.integer(), fc.bigInt().map(Number), fc.string({ maxLength: 3 })),
        fc.oneof(fc.double(), fc.integer(), fc.bigInt().map(Number)),
        (objectId, ordinal) => {
          const event = click(objectId, ordinal, { timestamp: NOW.toISOString() });
          let accepted: boolean;
          try {
            parseUbiEvents([event], NOW);
            accepted = true;
          } catch {
            accepted = false;
          }
          const read = eventFromUbi(JSON.parse(JSON.stringify(event)) as Record<string, unknown>, from);
          expect(accepted).toBe(!isRejection(read));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('GET /traffic names dropped lines from the log folder', () => {
  it('shows ubi_events-DAY.jsonl:LINE, not the folder’s absolute path', async () => {
    // A line no reader takes, as an older server or a copied file could have left.
    fs.appendFileSync(eventsFile(), `${JSON.stringify(click(1e308, 1))}\n`);
    const line = eventLines().trim().split('\n').length;
    const res = await fx.app.request('/traffic');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain(logDir);
    const { dropped } = JSON.parse(text) as { dropped: { reason: string; examples: string[] }[] };
    expect(dropped.flatMap((d) => d.examples)).toEqual([
      expect.stringMatching(new RegExp(`^ubi_events-${DAY}\\.jsonl:${line}: event_attributes\\.object\\.object_id `)),
    ]);
  });
});
