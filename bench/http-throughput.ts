/**
 * HTTP throughput with and without search workers (issue 14): the real `testbed serve` (dist/,
 * as users run it) over a SciFact index, with --workers 0 (every search on the main thread)
 * and with --workers N, both servers up for the whole run and each measurement taken right after
 * the other server's (a shared machine's background load then weighs on both alike). autocannon
 * loads them from this process at 1 and at 16 connections (--connections), bm25 and hybrid, each run repeated;
 * requests/s, p50/p99 latency, and /health latency probed every 25 ms during each run from a
 * thread of its own (so autocannon's loop does not delay the probe). Prints medians over the
 * repeats, the 16/1-connection ratios, what one query encoder costs per hybrid search, and each
 * server's resident memory after the runs (vectors and query encoders loaded).
 *
 *   npx tsx bench/http-throughput.ts --data DIR [--index scifact] [--workers 2] [--duration 8] [--repeats 5]
 *     [--modes bm25,hybrid] [--connections 1,16] [--queries FILE]
 *
 * `--connections 32 --modes bm25` is issue 24's /health check: /health p99 while 32 connections
 * keep both workers busy with BM25 searches (the main thread should only route, so stay under 50 ms).
 *
 * `--modes bm25` loads a lexical-only index (built with --embedder none), such as bench/
 * lexical-scale.ts's million-document one, and skips the hybrid encoder line.
 *
 * DIR holds NAME.sqlite, built for instance with
 *   node bin/testbed.js index ../shared/corpora/scifact --out DIR/scifact.sqlite --chunker doc --embedder use-lite
 * Queries are the collection's (queries.jsonl next to the corpus the index records), in turn.
 * Only ever loads 127.0.0.1; every server child is stopped on every exit path.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { readQueries } from '../src/corpus/index.js';
import { IndexReader } from '../src/store/index-reader.js';
import { type ServeChild, startServe } from './lib/serve-child.js';
import { printHeader } from './lib/command.js';
import { loadTest, type LoadResult } from './lib/http-load.js';
import { mdTable } from './lib/markdown.js';
import { latencySummary } from './lib/stats.js';
import { median } from './lib/stats-extra.js';

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    index: { type: 'string', default: 'scifact' },
    workers: { type: 'string', default: '2' },
    duration: { type: 'string', default: '8' },
    repeats: { type: 'string', default: '5' },
    queries: { type: 'string' },
    modes: { type: 'string', default: 'bm25,hybrid' },
    connections: { type: 'string', default: '1,16' },
  },
});
if (!values.data) throw new Error('--data DIR is required (a folder holding NAME.sqlite)');
const dataDir = path.resolve(values.data);
const index = values.index!;
const poolSize = Number(values.workers);
const duration = Math.min(120, Number(values.duration));
const repeats = Number(values.repeats);
const MODES = values.modes!.split(',').map((m) => m.trim());
for (const m of MODES) if (m !== 'bm25' && m !== 'hybrid') throw new Error(`--modes takes bm25 and hybrid, not ${m}`);
const CONNECTIONS = values.connections!.split(',').map((c) => Number(c.trim()));
for (const c of CONNECTIONS)
  if (!Number.isInteger(c) || c < 1)
    throw new Error(`--connections takes positive integers, not ${values.connections}`);
/** The ratios compare the most connections with the fewest. */
const FEWEST = Math.min(...CONNECTIONS);
const MOST = Math.max(...CONNECTIONS);

/** The collection's query texts: the corpus folder the index was built from, or --queries FILE. */
async function queryTexts(): Promise<string[]> {
  let file = values.queries;
  if (!file) {
    const reader = IndexReader.open(path.join(dataDir, `${index}.sqlite`));
    const corpus = reader.meta.corpus.path;
    reader.close();
    file = path.join(path.isAbsolute(corpus) ? corpus : path.resolve(dataDir, corpus), 'queries.jsonl');
  }
  return (await readQueries(file)).map((q) => q.text);
}

/** `testbed serve --workers N` on 127.0.0.1, port 0. */
function serve(workers: number): Promise<ServeChild> {
  return startServe(['--data', dataDir, '--workers', String(workers)]);
}

/** GET /health every `everyMs` from a thread of its own until stop(); the response times in ms. */
function probeHealth(url: string, everyMs: number): { stop(): Promise<number[]> } {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const times = []; let on = true;
     parentPort.on('message', () => { on = false; });
     (async () => {
       while (on) {
         const t0 = performance.now();
         const res = await fetch(workerData.url + '/health');
         await res.arrayBuffer();
         times.push(performance.now() - t0);
         await new Promise((r) => setTimeout(r, workerData.everyMs));
       }
       parentPort.postMessage(times);
     })();`,
    { eval: true, workerData: { url, everyMs } },
  );
  return {
    stop: () =>
      new Promise((resolve) => {
        worker.once('message', (times: number[]) => void worker.terminate().then(() => resolve(times)));
        worker.postMessage('stop');
      }),
  };
}

function rssMiB(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}

interface Run extends LoadResult {
  healthP50: number;
  healthP99: number;
}

printHeader('Serving on every core (issue 14)', import.meta.url);
const loadBefore = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const texts = await queryTexts();
const paths = Object.fromEntries(
  MODES.map((mode) => [
    mode,
    texts.map((q) => `/search/${mode}?index=${encodeURIComponent(index)}&q=${encodeURIComponent(q)}&k=10&level=doc`),
  ]),
);

const results = new Map<string, Run[]>(); // `${workers}|${mode}|${connections}`
const memory = new Map<number, number>();
/** took_ms of sequential hybrid searches on the in-process server: what one query encoder costs per query. */
const stages: Record<string, number[]> = {};
// Both servers run for the whole bench (the idle one costs nothing), and each configuration is
// run right after the other one's: on a shared machine both see the same background load.
const servers = new Map<number, ServeChild>();
try {
  for (const workers of [0, poolSize]) {
    const server = await serve(workers);
    servers.set(workers, server);
    // Warm-up: every worker opens the index, loads the query encoder and the vectors.
    for (const mode of MODES)
      await loadTest(server.url, paths[mode]!.slice(0, 64), { connections: Math.max(2, workers * 2), duration: 3 });
    if (workers === 0 && MODES.includes('hybrid')) {
      for (const p of paths.hybrid!.slice(100, 200)) {
        const took = ((await (await fetch(server.url + p)).json()) as { took_ms: Record<string, number> }).took_ms;
        for (const [stage, ms] of Object.entries(took)) (stages[stage] ??= []).push(ms);
      }
    }
  }
  for (let r = 0; r < repeats; r++) {
    for (const mode of MODES) {
      for (const connections of CONNECTIONS) {
        for (const [workers, server] of servers) {
          const probe = probeHealth(server.url, 25);
          const load = await loadTest(server.url, paths[mode]!, { connections, duration });
          const health = latencySummary(await probe.stop());
          const key = `${workers}|${mode}|${connections}`;
          results.set(key, [...(results.get(key) ?? []), { ...load, healthP50: health.p50, healthP99: health.p99 }]);
          console.error(
            `${r}: workers ${workers} ${mode} ${connections} conn: ${load.requestsPerSecond.toFixed(1)} req/s, p50 ${load.p50.toFixed(0)} ms, p99 ${load.p99.toFixed(0)} ms, /health p99 ${health.p99.toFixed(1)} ms, load ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0]}`,
          );
        }
      }
    }
  }
  for (const [workers, server] of servers) memory.set(workers, rssMiB(server.pid));
} finally {
  for (const server of servers.values()) await server.stop();
}

const med = (key: string, f: (r: Run) => number) => median(results.get(key)!.map(f));
const rows = [0, poolSize].flatMap((workers) =>
  MODES.flatMap((mode) =>
    CONNECTIONS.map((c) => {
      const key = `${workers}|${mode}|${c}`;
      const failed = results.get(key)!.reduce((a, r) => a + r.errors + r.timeouts + r.non2xx, 0);
      return [
        workers,
        mode,
        c,
        med(key, (r) => r.requestsPerSecond).toFixed(1),
        med(key, (r) => r.p50).toFixed(0),
        med(key, (r) => r.p99).toFixed(0),
        med(key, (r) => r.healthP50).toFixed(1),
        med(key, (r) => r.healthP99).toFixed(1),
        failed,
      ];
    }),
  ),
);
console.log(
  `Load average at the start ${loadBefore}, at the end ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')} (1/5/15 min).\n`,
);
console.log(
  `Medians of ${repeats} runs of ${duration} s each; GET /search/MODE?index=${index}&q=...&k=10&level=doc over the ${texts.length} queries in turn; /health probed every 25 ms meanwhile.\n`,
);
console.log(
  mdTable(
    ['--workers', 'mode', 'connections', 'req/s', 'p50 ms', 'p99 ms', '/health p50 ms', '/health p99 ms', 'failed'],
    rows,
    'rlrrrrrrr',
  ) + '\n',
);

const rate = (workers: number, mode: string, c: number) => med(`${workers}|${mode}|${c}`, (r) => r.requestsPerSecond);
const ratioRows = MODES.flatMap((mode) =>
  [0, poolSize].map((workers) => [
    mode,
    workers,
    (rate(workers, mode, MOST) / rate(workers, mode, FEWEST)).toFixed(2),
    (rate(workers, mode, MOST) / rate(0, mode, MOST)).toFixed(2),
  ]),
);
console.log(
  mdTable(
    ['mode', '--workers', `req/s ${MOST} conn / ${FEWEST} conn`, `req/s at ${MOST} conn / --workers 0`],
    ratioRows,
    'lrrr',
  ) + '\n',
);
const embed = median(stages['dense.embed'] ?? []);
if (MODES.includes('hybrid'))
  console.log(
    `One hybrid search, one at a time (median of 100, --workers 0): ${['total', 'bm25', 'dense.embed', 'dense.dense', 'fuse', 'hydrate'].map((k) => `${k} ${median(stages[k] ?? []).toFixed(2)} ms`).join(', ')}. ` +
      `One use-lite query encoder (one thread) thus answers at most ${(1000 / embed).toFixed(0)} hybrid searches/s.\n`,
  );
console.log(
  `Server resident memory after the runs: ${[0, poolSize].map((w) => `--workers ${w}: ${memory.get(w)!.toFixed(0)} MiB`).join(', ')}.\n`,
);
