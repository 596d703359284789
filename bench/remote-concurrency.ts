/**
 * Remote legs at production speed and safety (issue 25): a fake engine on 127.0.0.1 driven
 * through the real http leg and the query-set loop behind `testbed retrieve` and every
 * experiment cell (runQuerySet), over Cranfield's 225 queries (the demo's when the shared
 * collections are absent):
 *
 *   npx tsx bench/remote-concurrency.ts [--corpus /work/shared/corpora/cranfield] [--delay-ms 500]
 *
 * Engines, each a path of one in-process server: `slow` answers every search after --delay-ms
 * with ten of the collection's documents; `429` throttles every request (no Retry-After, so our
 * own backoff); `429-retry-after` throttles with `Retry-After: 1`; `dead` accepts the request
 * and never answers; `refused` is a port nothing listens on. Every leg runs with the defaults
 * (concurrency 8, timeout 30 s, 2 retries, fail_after 5, fail_rate 0.5 over 20) unless a row
 * says otherwise. For each: wall time, against n x t / 8 and the serial n x t for `slow`; the
 * requests the engine received and the most it held at once (a request counts until its
 * connection closes, so a timed-out attempt whose close arrives after its retry counts twice
 * for a moment); queries answered and failed, and of those how many failed fast (not called, or
 * cancelled in flight, once the circuit breaker opened).
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { beirPaths, readQueries } from '../src/corpus/index.js';
import { buildIndex } from '../src/indexing/build-index.js';
import { parsePipeline } from '../src/pipeline/resolve-pipeline.js';
import type { FailedQuery } from '../src/search/failed-query.js';
import { runQuerySet } from '../src/search/run-query-set.js';
import { Searcher } from '../src/search/searcher.js';
import { CORPORA_DIR, OUT_DIR } from './lib/corpora.js';
import { fixed, mdTable } from './lib/markdown.js';

const { values } = parseArgs({
  options: {
    corpus: { type: 'string' },
    'delay-ms': { type: 'string', default: '500' },
    only: { type: 'string' },
  },
});
const delayMs = Number(values['delay-ms']);
const cranfield = path.join(CORPORA_DIR, 'cranfield');
const corpus = path.resolve(
  values.corpus ?? (fs.existsSync(cranfield) ? cranfield : path.join(import.meta.dirname, '../corpora/demo')),
);
const queries = await readQueries((await beirPaths(corpus)).queries);
const docIds = fs
  .readFileSync((await beirPaths(corpus)).corpus, 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .slice(0, 10)
  .map((l) => (JSON.parse(l) as { _id: string })._id);

// The http leg checks each id against the index, so the index is the collection's own (lexical only).
fs.mkdirSync(OUT_DIR, { recursive: true });
const indexFile = path.join(OUT_DIR, `remote-concurrency-${path.basename(corpus)}.sqlite`);
if (!fs.existsSync(indexFile))
  await buildIndex({ corpus, out: indexFile, embedder: 'none', chunker: 'doc', skipEmpty: true });
const searcher = new Searcher('bench', indexFile, () => Promise.reject(new Error('no embedder')));

let requests = 0;
let inFlight = 0;
let maxInFlight = 0;
const held = new Set<http.ServerResponse>();
const server = http.createServer((req, res) => {
  req.resume();
  requests++;
  inFlight++;
  maxInFlight = Math.max(maxInFlight, inFlight);
  res.on('close', () => inFlight--);
  const route = new URL(req.url!, 'http://x').pathname;
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(body));
  if (route === '/slow') setTimeout(() => json(200, { hits: docIds.map((id, i) => ({ id, score: 10 - i })) }), delayMs);
  else if (route === '/429') json(429, { error: 'es_rejected_execution_exception' });
  else if (route === '/429-retry-after') json(429, { error: 'too many requests' }, { 'Retry-After': '1' });
  else held.add(res);
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const probe = net.createServer();
await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
const refused = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
await new Promise<void>((r) => probe.close(() => r()));

interface Case {
  /** For --only a,b (slow, serial, 429, 429-retry-after, refused, dead, dead-2s). */
  key: string;
  name: string;
  url: string;
  extra?: Record<string, unknown>;
}
const cases: Case[] = [
  { key: 'slow', name: 'slow', url: `${base}/slow` },
  { key: 'serial', name: 'slow, concurrency 1', url: `${base}/slow`, extra: { concurrency: 1 } },
  { key: '429', name: '429', url: `${base}/429` },
  { key: '429-retry-after', name: '429, Retry-After: 1', url: `${base}/429-retry-after` },
  { key: 'refused', name: 'refused', url: `${refused}/search` },
  { key: 'dead', name: 'dead', url: `${base}/dead` },
  { key: 'dead-2s', name: 'dead, timeout_ms 2000', url: `${base}/dead`, extra: { timeout_ms: 2000 } },
].filter((c) => !values.only || values.only.split(',').includes(c.key));

const rows: (string | number)[][] = [];
for (const c of cases) {
  // A moment for the last case's closed connections to reach the server before counting anew.
  await new Promise((r) => setTimeout(r, 500));
  requests = maxInFlight = 0;
  const pipeline = parsePipeline({
    legs: [
      { type: 'http', name: 'engine', url: `${c.url}?q={{query}}`, hits: 'hits', id: 'id', score: 'score', ...c.extra },
    ],
    level: 'doc',
    k: 10,
  });
  const failed: FailedQuery[] = [];
  const t0 = performance.now();
  const results = await runQuerySet(searcher, pipeline, queries, undefined, (f) => failed.push(f));
  const seconds = (performance.now() - t0) / 1000;
  for (const res of held) res.destroy();
  held.clear();
  const width = (c.extra?.concurrency as number | undefined) ?? 8;
  const fast = failed.filter((f) => / (not called|cancelled in flight): /.test(f.message)).length;
  rows.push([
    c.name,
    queries.length,
    fixed(seconds, 2),
    c.name.startsWith('slow') ? fixed((queries.length * delayMs) / 1000 / width, 2) : '',
    c.name.startsWith('slow') ? fixed((queries.length * delayMs) / 1000, 1) : '',
    requests,
    maxInFlight,
    results.length,
    failed.length,
    fast,
  ]);
  process.stderr.write(`${c.name}: ${fixed(seconds, 2)} s\n`);
}
searcher.close();
server.closeAllConnections();
server.close();

console.log(
  `corpus ${path.basename(corpus)}, ${queries.length} queries, engine delay ${delayMs} ms, http leg defaults unless named\n`,
);
console.log(
  mdTable(
    [
      'engine',
      'queries',
      'wall s',
      'n x t / concurrency s',
      'serial n x t s',
      'requests received',
      'most in flight',
      'answered',
      'failed',
      'of them fast (uncalled or cancelled)',
    ],
    rows,
  ),
);
