/**
 * Query latency per mode (bm25 fts5, bm25 wink, dense, hybrid RRF), p50/p95/p99:
 * - in process, through Searcher.search (what the HTTP route runs), on SciFact (5,183 documents,
 *   use-lite) and on a synthetic corpus of 100k one-chunk documents with random unit 384-dim
 *   vectors (embedder hash:384, so no model is needed and the dense scan does full-size work);
 *   each index in its own child process, so each reports its own peak RSS;
 * - over HTTP: startServer on 127.0.0.1 in a child process, loaded by autocannon for a bounded
 *   time per mode (default 10 s, 8 connections), cycling through the queries: requests/s,
 *   p50/p95/p99 (of every response's time) and errors, and the server's peak RSS.
 *
 *   npx tsx bench/latency.ts [--queries 200] [--chunks 100000] [--k 10] [--level chunk]
 *                            [--duration 10] [--connections 8] [--indexes scifact,synthetic]
 *                            [--no-http] [--no-inprocess] [--embedder use-lite]
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { EmbedderPool } from '../src/embedders/embedder-pool.js';
import { startServer } from '../src/http/start-server.js';
import { buildIndex } from '../src/indexing/build-index.js';
import type { Level } from '../src/retrievers/types.js';
import { Searcher } from '../src/search/searcher.js';
import { sendPhaseResult, runPhase } from './lib/child.js';
import { printHeader } from './lib/command.js';
import { CORPORA_DIR, EMBEDDING_CACHE, loadGold, OUT_DIR } from './lib/corpora.js';
import { announceServer, loadTest, startServerChild, type LoadResult } from './lib/http-load.js';
import { LATENCY_MODES, timeModes, type ModeLatency } from './lib/latency-modes.js';
import { fixed, mdTable, ms } from './lib/markdown.js';
import { mib, peakRssMiB } from './lib/rss.js';
import { ensureSyntheticIndex, syntheticQueries } from './lib/synthetic-index.js';

const { values } = parseArgs({
  options: {
    queries: { type: 'string', default: '200' },
    chunks: { type: 'string', default: '100000' },
    k: { type: 'string', default: '10' },
    level: { type: 'string', default: 'chunk' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '8' },
    indexes: { type: 'string', default: 'scifact,synthetic' },
    embedder: { type: 'string', default: 'use-lite' },
    'no-http': { type: 'boolean', default: false },
    'no-inprocess': { type: 'boolean', default: false },
    // internal: the child-process roles
    phase: { type: 'string' },
    index: { type: 'string' },
  },
});
const DATA_DIR = path.join(OUT_DIR, 'serve');
const SEED = 1;
const nQueries = Number(values.queries);
const chunks = Number(values.chunks);
const syntheticName = `synthetic-${chunks >= 1000 ? `${chunks / 1000}k` : chunks}`;
const k = Number(values.k);
const level = values.level as Level;

if (values.phase === 'inprocess') await inProcessChild(values.index!);
else if (values.phase === 'serve') await serveChild();
else await main();

async function main(): Promise<void> {
  printHeader('Query latency per mode, in process and over HTTP', import.meta.url);
  const wanted = values.indexes.split(',');
  const indexes: { name: string; queries: string[]; note: string }[] = [];
  if (wanted.includes('scifact')) {
    const t0 = performance.now();
    const meta = await buildIndex({
      corpus: path.join(CORPORA_DIR, 'scifact'),
      out: path.join(DATA_DIR, 'scifact.sqlite'),
      chunker: 'doc',
      embedder: values.embedder,
      cacheFile: EMBEDDING_CACHE,
      onNotice: (m) => console.error(m),
    });
    const queries = (await loadGold('scifact')).queries.map((q) => q.text).slice(0, nQueries);
    indexes.push({
      name: 'scifact',
      queries,
      note: `${meta.counts.chunks} chunks, ${meta.embedder?.id} ${meta.embedder?.dims}-dim, FTS5 unicode61 (index ready in ${((performance.now() - t0) / 1000).toFixed(1)} s, vectors from the cache)`,
    });
  }
  if (wanted.includes('synthetic')) {
    const r = ensureSyntheticIndex(
      path.join(DATA_DIR, `${syntheticName}.sqlite`),
      { chunks, dims: 384, seed: SEED },
      (m) => console.error(m),
    );
    indexes.push({
      name: syntheticName,
      queries: syntheticQueries(nQueries, SEED),
      note: `${r.meta.counts.chunks} synthetic chunks (40-160 Zipfian pseudo-words), random unit 384-dim vectors, queries embedded by hash:384 (${r.reused ? 'reused' : `written in ${r.seconds.toFixed(1)} s`})`,
    });
  }
  console.log(
    `k ${k}, level ${level}; ${nQueries} queries per mode after one first query (which loads what the mode needs lazily); no query-vector cache.\n`,
  );

  if (!values['no-inprocess']) {
    console.log('### In process (Searcher.search, took_ms.total)\n');
    for (const ix of indexes) {
      const r = await runPhase<{ rows: ModeLatency[]; peakRssMiB: number }>(import.meta.url, [
        '--phase',
        'inprocess',
        '--index',
        ix.name,
        ...passThrough(),
      ]);
      console.log(`**${ix.name}**: ${ix.note}. Peak RSS of this phase (own process): ${mib(r.peakRssMiB)}.\n`);
      printInProcess(r.rows);
    }
  }
  if (!values['no-http']) await http(indexes);
}

function passThrough(): string[] {
  return ['--queries', values.queries, '--chunks', values.chunks, '--k', values.k, '--level', values.level];
}

function printInProcess(rows: ModeLatency[]): void {
  const base = rows[0]!.p50;
  const stageText = (s: Record<string, number>) =>
    Object.entries(s)
      .map(([name, v]) => `${name} ${ms(v)}`)
      .join(', ');
  console.log(
    mdTable(
      ['mode', 'first query ms', 'p50 ms', 'p95 ms', 'p99 ms', 'p50 / bm25 fts5 p50', 'median per stage, ms'],
      rows.map((r) => [
        r.label,
        ms(r.firstMs),
        ms(r.p50),
        ms(r.p95),
        ms(r.p99),
        fixed(r.p50 / base, 2),
        stageText(r.stages),
      ]),
      'lrrrrrl',
    ),
  );
  console.log('');
}

async function inProcessChild(name: string): Promise<void> {
  const pool = new EmbedderPool();
  const searcher = new Searcher(name, path.join(DATA_DIR, `${name}.sqlite`), (id) => pool.get(id));
  const queries =
    name === 'scifact'
      ? (await loadGold('scifact')).queries.map((q) => q.text).slice(0, nQueries)
      : syntheticQueries(nQueries, SEED);
  try {
    const rows = await timeModes(searcher, queries, { k, level });
    sendPhaseResult({ rows, peakRssMiB: peakRssMiB() });
  } finally {
    searcher.close();
    await pool.close();
  }
}

async function serveChild(): Promise<void> {
  const server = await startServer({ dataDir: DATA_DIR, corporaRoot: CORPORA_DIR, host: '127.0.0.1', port: 0 });
  announceServer(server.url);
  process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
  // Never outlive the bench: exit if the parent dies without stopping us.
  const parent = process.ppid;
  setInterval(() => process.ppid !== parent && process.exit(0), 1000).unref();
}

async function http(indexes: { name: string; queries: string[] }[]): Promise<void> {
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  console.log(
    `### Over HTTP (autocannon, ${connections} connections, ${duration} s per mode, GET /search/MODE?index=&q=&k=${k}&level=${level})\n`,
  );
  const server = await startServerChild(import.meta.url, ['--phase', 'serve']);
  const rows: (string | number)[][] = [];
  try {
    for (const ix of indexes) {
      for (const m of LATENCY_MODES) {
        const paths = ix.queries.map(
          (q) =>
            `/search/${m.mode}?index=${ix.name}&k=${k}&level=${level}${m.engine === 'wink' ? '&engine=wink' : ''}&q=${encodeURIComponent(q)}`,
        );
        // One request first, outside the measurement: it loads the lazy parts (wink, vectors, model).
        const t0 = performance.now();
        const warm = await fetch(server.url + paths[0]);
        await warm.arrayBuffer();
        const firstMs = performance.now() - t0;
        if (!warm.ok) {
          rows.push([ix.name, m.label, `HTTP ${warm.status} on the first request`, '', '', '', '', '', '']);
          continue;
        }
        const r: LoadResult = await loadTest(server.url, paths, { connections, duration });
        rows.push([
          ix.name,
          m.label,
          ms(firstMs),
          fixed(r.requestsPerSecond, 1),
          ms(r.p50),
          ms(r.p95),
          ms(r.p99),
          r.requests,
          r.errors,
          r.non2xx + r.timeouts,
        ]);
      }
    }
    console.log(
      mdTable(
        [
          'index',
          'mode',
          'first request ms',
          'requests/s',
          'p50 ms',
          'p95 ms',
          'p99 ms',
          'requests',
          'errors',
          'non-2xx + timeouts',
        ],
        rows,
        'llrrrrrrrr',
      ),
    );
    console.log(
      `\nServer peak RSS (VmHWM of the server process, all modes and indexes): ${mib(server.peakRssMiB())}. Client (this process) peak RSS: ${mib(peakRssMiB())}.`,
    );
  } finally {
    await server.stop();
  }
}
