import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../src/http/start-server.js';
import { tmpDir } from '../helpers/tmp.js';
import { timeBudget } from '../helpers/time-budget.js';

// POST /events under random timestamps (far past and future, invalid), nesting depths up to
// 10,000 and numeric fields at and past what the readers take, over a real socket (issue 40
// items 3, 5 and 10): never a 5xx, always answered, and GET /traffic still answers after, small.

const root = tmpDir('fuzz-events-');
const logDir = path.join(root, 'traffic');
let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  fs.mkdirSync(logDir, { recursive: true });
  fs.mkdirSync(path.join(root, 'data'));
  fs.writeFileSync(
    path.join(logDir, 'ubi_queries-2024-03-05.jsonl'),
    `${JSON.stringify({ query_id: 'q1', user_query: 'reset password', timestamp: '2024-03-05T10:00:00Z', query_response_hit_ids: ['d1', 'd2'] })}\n`,
  );
  server = await startServer({ dataDir: path.join(root, 'data'), corporaRoot: root, port: 0, logQueries: logDir });
}, timeBudget(60_000));
afterAll(async () => {
  await server?.close();
});

const timestamp = fc.oneof(
  fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z') }).map((d) => d.toISOString()),
  fc.constantFrom(
    '0001-01-01T00:00:00Z',
    '9999-12-31T00:00:00Z',
    '1999-12-31T23:59:59Z',
    'yesterday',
    '',
    '2024-13-45T99:99:99Z',
  ),
  fc.string({ maxLength: 30 }),
);
const number = fc.oneof(fc.double(), fc.integer(), fc.constantFrom(1e308, 1e300, 2 ** 53, 2 ** 53 - 1, -1, 0, 1, 1.5));
const nested = fc.integer({ min: 0, max: 10_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);

const event = fc
  .record({
    timestamp: fc.option(timestamp, { nil: undefined }),
    objectId: fc.oneof(number, fc.string({ maxLength: 10 })),
    ordinal: number,
    extra: nested,
    action: fc.constantFrom('click', 'impression', 'hover'),
  })
  .map(
    ({ timestamp: t, objectId, ordinal, extra, action }) =>
      `{"action_name":${JSON.stringify(action)},"query_id":"q1"${t === undefined ? '' : `,"timestamp":${JSON.stringify(t)}`},"event_attributes":{"object":{"object_id":${JSON.stringify(objectId)}},"position":{"ordinal":${JSON.stringify(ordinal)}},"extra":${extra}}}`,
  );
const body = fc.array(event, { minLength: 1, maxLength: 3 }).map((events) => `[${events.join(',')}]`);

describe('POST /events under random timestamps, depths and numbers', () => {
  it(
    'answers each with a status below 500, and GET /traffic still answers with a bounded size',
    async () => {
      await fc.assert(
        fc.asyncProperty(body, async (b) => {
          const res = await fetch(`${server.url}/events`, {
            method: 'POST',
            body: b,
            headers: { 'content-type': 'application/json' },
            signal: AbortSignal.timeout(timeBudget(5000)),
          });
          await res.arrayBuffer();
          if (res.status >= 500) throw new Error(`POST /events ${b.slice(0, 200)} -> ${res.status}`);
        }),
        { numRuns: 300 },
      );
      const res = await fetch(`${server.url}/traffic`, { signal: AbortSignal.timeout(timeBudget(30_000)) });
      expect(res.status).toBe(200);
      const text = await res.text();
      // At most 1,000 day rows of about 50 bytes, 100 action names, ten dropped examples a reason.
      expect(Buffer.byteLength(text)).toBeLessThan(200_000);
      const summary = JSON.parse(text) as { perDay: unknown[]; dropped: unknown[] };
      expect(summary.perDay.length).toBeLessThanOrEqual(1000);
      expect(summary.dropped).toEqual([]);
      const health = await fetch(`${server.url}/health`, { signal: AbortSignal.timeout(timeBudget(5000)) });
      expect(health.status).toBe(200);
    },
    timeBudget(240_000),
  );
});
