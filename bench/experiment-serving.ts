/**
 * Search latency while an experiment runs (issue 14), three ways in one run, each against a
 * server in a process of its own (startServer on 127.0.0.1, searches on its main thread):
 *
 *   idle        nothing else running
 *   off loop    an experiment started with POST /experiments: it runs in a child process
 *   on loop     the same experiment run by runExperiment inside the server's process, as every
 *               experiment ran before issue 14
 *
 * Each phase drives `--connections` clients for `--duration` seconds, each request a BM25
 * search of the next demo query, and reports p50/p99/max. Then each server with its
 * experiment still running is sent SIGTERM, and the time to exit is measured (capped at
 * `--stop-cap` seconds, then SIGKILL). The experiment is a grid of `--cells` BM25 retrievers
 * over the demo corpus (353 queries), far longer than a phase.
 *
 *   npx tsx bench/experiment-serving.ts [--duration 10] [--connections 4] [--cells 300] [--stop-cap 60]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readQueries } from '../src/corpus/index.js';
import { parseExperimentConfig } from '../src/experiments/config.js';
import { runExperiment } from '../src/experiments/runner.js';
import { startServer } from '../src/http/start-server.js';
import { buildIndex } from '../src/indexing/build-index.js';
import { printHeader } from './lib/command.js';
import { OUT_DIR } from './lib/corpora.js';
import { mdTable } from './lib/markdown.js';
import { percentile } from './lib/stats.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEMO = path.join(ROOT, 'corpora', 'demo');
const WORK = path.join(OUT_DIR, 'experiment-serving');
const URL_MARKER = '@@experiment-serving ';

/** A grid of `cells` BM25 retrievers (k1 varies) over the demo corpus, `name` its folder. */
function gridYaml(name: string, cells: number): string {
  const retrievers = Array.from(
    { length: cells },
    (_, i) => `    - { name: k${i}, mode: bm25, k1: ${(0.5 + i * 0.005).toFixed(3)}, b: 0.4 }`,
  );
  return [
    `name: ${name}`,
    `corpus: ${path.join(WORK, 'corpora', 'demo')}`,
    'ks: [1, 5, 10]',
    'context_k: 5',
    'rerank_depth: 10',
    'metrics: [ndcg@10]',
    'grid:',
    '  chunkers: [doc]',
    "  embedders: ['hash:32']",
    '  tokenizers: [unicode61]',
    '  retrievers:',
    ...retrievers,
    '',
  ].join('\n');
}

const dirs = () => ({
  dataDir: path.join(WORK, 'data'),
  corporaRoot: path.join(WORK, 'corpora'),
  cacheDir: path.join(WORK, 'cache'),
  resultsRoot: path.join(WORK, 'results'),
});

/** Server mode: startServer as `testbed serve` runs it; with `onLoop`, runs the experiment in this very process. */
async function serveMode(onLoop: string | undefined): Promise<void> {
  const { dataDir, corporaRoot, cacheDir } = dirs();
  process.env.TESTBED_HOME = cacheDir;
  const server = await startServer({ dataDir, corporaRoot, port: 0, maxGridCells: 100_000 });
  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.stdout.write(`${URL_MARKER}${server.url}\n`);
  if (onLoop) {
    const config = parseExperimentConfig(fs.readFileSync(onLoop, 'utf8'));
    config.output = path.join(dirs().resultsRoot, config.name);
    for (;;) {
      fs.rmSync(config.output, { recursive: true, force: true });
      await runExperiment(config, { cacheDir });
    }
  }
}

interface Spawned {
  url: string;
  child: ChildProcess;
  /** SIGTERM, then the seconds until the process is gone (SIGKILL after `capS`, reported as `> capS`). */
  stop(capS: number): Promise<string>;
}

function spawnServer(args: string[]): Promise<Spawned> {
  // In WORK, so that its results folder (results/, relative to the working folder) is WORK's.
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), ...args], {
    cwd: WORK,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const kill = () => child.exitCode === null && child.kill('SIGKILL');
  process.once('exit', kill);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (d: string) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith(URL_MARKER));
      if (!line) return;
      child.stdout!.removeAllListeners('data');
      child.stdout!.resume();
      resolve({
        url: line.slice(URL_MARKER.length).trim(),
        child,
        async stop(capS) {
          const t0 = performance.now();
          child.kill('SIGTERM');
          const capped = await Promise.race([
            exited.then(() => false),
            new Promise<boolean>((r) => setTimeout(() => r(true), capS * 1000)),
          ]);
          if (capped) {
            child.kill('SIGKILL');
            await exited;
            return `> ${capS} (SIGKILLed)`;
          }
          return ((performance.now() - t0) / 1000).toFixed(2);
        },
      });
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${out}`)));
  });
}

/** `connections` clients searching back to back for `seconds`; every latency in ms. */
async function searchLoad(
  url: string,
  paths: string[],
  connections: number,
  seconds: number,
): Promise<{ latencies: number[]; failed: number }> {
  const end = performance.now() + seconds * 1000;
  const latencies: number[] = [];
  let failed = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const p = paths[next++ % paths.length]!;
        const t0 = performance.now();
        try {
          const res = await fetch(url + p, { signal: AbortSignal.timeout(120_000) });
          await res.arrayBuffer();
          if (!res.ok) failed++;
        } catch {
          failed++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { latencies, failed };
}

async function waitRetrieving(url: string, id: string): Promise<void> {
  for (let i = 0; i < 6000; i++) {
    const job = (await (await fetch(`${url}/experiments/${id}`)).json()) as {
      state: string;
      progress: { phase: string; done: number };
    };
    if (job.state === 'running' && job.progress.phase === 'retrieving' && job.progress.done > 0) return;
    if (job.state !== 'running' && job.state !== 'queued') throw new Error(`experiment ended: ${JSON.stringify(job)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the experiment never started retrieving');
}

const cellsDone = (name: string) => {
  const dir = path.join(dirs().resultsRoot, name, 'cells');
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')).length : 0;
};

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '4' },
      cells: { type: 'string', default: '300' },
      'stop-cap': { type: 'string', default: '60' },
      serve: { type: 'boolean', default: false },
      'on-loop': { type: 'string' },
    },
  });
  if (values.serve) return serveMode(values['on-loop']);
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  const cells = Number(values.cells);
  const stopCap = Number(values['stop-cap']);
  printHeader(
    `Search latency while an experiment runs: ${connections} clients, ${duration} s per phase, a ${cells}-cell BM25 grid`,
    import.meta.url,
  );

  const { dataDir, corporaRoot, cacheDir, resultsRoot } = dirs();
  fs.rmSync(WORK, { recursive: true, force: true });
  fs.cpSync(DEMO, path.join(corporaRoot, 'demo'), { recursive: true });
  await buildIndex({
    corpus: path.join(corporaRoot, 'demo'),
    out: path.join(dataDir, 'demo.sqlite'),
    embedder: 'hash:32',
    chunker: 'doc',
    tokenizer: 'unicode61',
    cacheFile: path.join(cacheDir, 'embeddings.sqlite'),
  });
  const queries = (await readQueries(path.join(DEMO, 'queries.jsonl'))).map((q) => q.text);
  const paths = queries.map((q) => `/search/bm25?index=demo&k=10&q=${encodeURIComponent(q)}`);

  const rows: (string | number)[][] = [];
  const row = (phase: string, r: { latencies: number[]; failed: number }, cellsPerS: string, stopS: string) => {
    const l = [...r.latencies].sort((a, b) => a - b);
    rows.push([
      phase,
      l.length,
      (l.length / duration).toFixed(0),
      percentile(l, 50).toFixed(1),
      percentile(l, 99).toFixed(1),
      l[l.length - 1]!.toFixed(1),
      r.failed,
      cellsPerS,
      stopS,
    ]);
  };

  // idle, then off the loop: one server, the experiment through the API
  const server = await spawnServer(['--serve']);
  await searchLoad(server.url, paths, 2, 2); // warm-up
  row('idle', await searchLoad(server.url, paths, connections, duration), '', '');
  const res = await fetch(`${server.url}/experiments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ yaml: gridYaml('off-loop', cells) }),
  });
  const { id } = (await res.json()) as { id: string };
  await waitRetrieving(server.url, id);
  let before = cellsDone('off-loop');
  const off = await searchLoad(server.url, paths, connections, duration);
  row(
    'experiment off the loop (child process, POST /experiments)',
    off,
    ((cellsDone('off-loop') - before) / duration).toFixed(1),
    await server.stop(stopCap),
  );

  // on the loop: the same grid run inside the server's process
  const yamlFile = path.join(WORK, 'on-loop.yaml');
  fs.writeFileSync(yamlFile, gridYaml('on-loop', cells));
  const onLoop = await spawnServer(['--serve', '--on-loop', yamlFile]);
  for (let i = 0; i < 1200 && cellsDone('on-loop') === 0; i++) await new Promise((r) => setTimeout(r, 50));
  before = cellsDone('on-loop');
  const on = await searchLoad(onLoop.url, paths, connections, duration);
  row(
    'experiment on the loop (runExperiment in the server process, as before)',
    on,
    ((cellsDone('on-loop') - before) / duration).toFixed(1),
    await onLoop.stop(stopCap),
  );

  console.log(
    mdTable(
      [
        'phase',
        'searches',
        'searches/s',
        'p50 ms',
        'p99 ms',
        'max ms',
        'failed',
        'experiment cells/s',
        'SIGTERM to exit, s',
      ],
      rows,
      'lrrrrrrrr',
    ),
  );
  console.log(
    `\nindex: demo (${queries.length} queries, BM25 k=10, doc chunker, hash:32); searches on the server's main thread; results under ${path.relative(ROOT, resultsRoot)}`,
  );
  fs.rmSync(WORK, { recursive: true, force: true });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
