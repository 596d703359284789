import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryLog } from '../../src/traffic/query-log.js';
import type { TrafficSummary } from '../../src/traffic/traffic-summary.js';
import { tmpDir } from '../helpers/tmp.js';
import { timeBudget } from '../helpers/time-budget.js';
import { webFixture, type WebFixture } from '../web/helpers/web-fixture.js';

// Issue 40 item 3: two events dated 0001-01-01 and 9999-12-31 in the log (written by an older
// server, or copied in: POST /events now refuses them) made GET /traffic answer 164 MB, one
// row per day between them, and the home page build the same. Both are now bounded.

let fx: WebFixture;
let log: QueryLog;

beforeAll(async () => {
  const root = tmpDir('traffic-bounded-');
  const logDir = path.join(root, 'traffic');
  fs.mkdirSync(logDir, { recursive: true });
  const click = (timestamp: string) => ({
    action_name: 'click',
    query_id: 'q1',
    timestamp,
    event_attributes: { object: { object_id: 'd1' }, position: { ordinal: 1 } },
  });
  fs.writeFileSync(
    path.join(logDir, 'ubi_queries-2024-03-05.jsonl'),
    `${JSON.stringify({ query_id: 'q1', user_query: 'reset password', timestamp: '2024-03-05T10:00:00Z', query_response_hit_ids: ['d1'] })}\n`,
  );
  fs.writeFileSync(
    path.join(logDir, 'ubi_events-2024-03-05.jsonl'),
    `${JSON.stringify(click('0001-01-01T00:00:00Z'))}\n${JSON.stringify(click('9999-12-31T00:00:00Z'))}\n`,
  );
  log = await QueryLog.open(logDir);
  fx = await webFixture(root, { queryLog: log });
}, timeBudget(60_000));
afterAll(async () => {
  await log.close();
  fx.catalog.close();
});

describe('a log spanning 0001-01-01 to 9999-12-31', () => {
  it('GET /traffic lists three day rows, says perDay was capped, and stays under 10 kB', async () => {
    const res = await fx.app.request('/traffic', { signal: AbortSignal.timeout(timeBudget(30_000)) });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(Buffer.byteLength(text)).toBeLessThan(10_000);
    const summary = JSON.parse(text) as TrafficSummary;
    expect(summary.perDay.map((d) => d.day)).toEqual(['0001-01-01', '2024-03-05', '9999-12-31']);
    expect(summary.capped.map((c) => [c.field, c.maxBuckets, c.buckets])).toEqual([['perDay', 1000, 3_652_059]]);
  });

  it('the home page shows the span and the cap, and stays under 100 kB', async () => {
    const res = await fx.app.request('/', {
      headers: { accept: 'text/html' },
      signal: AbortSignal.timeout(timeBudget(30_000)),
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(Buffer.byteLength(html)).toBeLessThan(100_000);
    // three days with a search or click, however far apart
    expect(html).toContain('over 3 days with data, between 0001-01-01 and 9999-12-31');
    expect(html).toContain('data-traffic-capped="perDay"');
  });
});
