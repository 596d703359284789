/**
 * Issue 40 item 3: two UBI events dated 0001-01-01 and 9999-12-31 against a server on
 * 127.0.0.1 (`testbed serve --log-queries`), then the time and size of GET /traffic and of the
 * home page, and the process's resident memory. Before the fix the summary listed one row per
 * day between the two dates; after it the events are refused (400) and the summary's day rows
 * are capped, so the answers stay small whatever the log holds.
 *
 *   npx tsx bench/traffic-far-dates.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../src/http/start-server.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-far-dates-'));
const logDir = path.join(tmp, 'log');
fs.mkdirSync(logDir, { recursive: true });
fs.mkdirSync(path.join(tmp, 'data'));
// One logged search for the events to name (the server learns its id when it opens the log).
const today = new Date().toISOString().slice(0, 10);
fs.writeFileSync(
  path.join(logDir, `ubi_queries-${today}.jsonl`),
  `${JSON.stringify({ query_id: 'q1', user_query: 'reset password', timestamp: new Date().toISOString(), query_response_hit_ids: ['d1'] })}\n`,
);
const server = await startServer({ dataDir: path.join(tmp, 'data'), corporaRoot: tmp, port: 0, logQueries: logDir });
const event = (timestamp: string) => ({
  action_name: 'click',
  query_id: 'q1',
  timestamp,
  event_attributes: { object: { object_id: 'd1' }, position: { ordinal: 1 } },
});
const posted = await fetch(`${server.url}/events`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify([event('0001-01-01T00:00:00Z'), event('9999-12-31T00:00:00Z')]),
});
console.log(`POST /events: ${posted.status} ${(await posted.text()).slice(0, 200)}`);
// Whatever the server refused, the log may hold such lines anyway (an older server, a copied file).
fs.writeFileSync(
  path.join(logDir, `ubi_events-${today}.jsonl`),
  `${JSON.stringify(event('0001-01-01T00:00:00Z'))}\n${JSON.stringify(event('9999-12-31T00:00:00Z'))}\n`,
  { flag: 'a' },
);
const rss = () => `${Math.round(process.memoryUsage().rss / 2 ** 20)} MB`;
console.log(`RSS before: ${rss()}`);
for (const [name, url, headers] of [
  ['GET /traffic', '/traffic', {}],
  ['GET / (home page)', '/', { accept: 'text/html' }],
] as const) {
  const start = performance.now();
  const res = await fetch(`${server.url}${url}`, { headers });
  const bytes = (await res.arrayBuffer()).byteLength;
  const ms = performance.now() - start;
  console.log(`${name}: ${res.status}, ${(ms / 1000).toFixed(2)} s, ${bytes.toLocaleString('en')} bytes, RSS ${rss()}`);
}
await server.close();
fs.rmSync(tmp, { recursive: true, force: true });
