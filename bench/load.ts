/**
 * Bounded HTTP load test: `testbed serve`'s server (startServer, in a child process so it has
 * its own event loop, as in production) serves the demo index on 127.0.0.1, and autocannon
 * drives it from this process with many concurrent connections for a fixed time, each request
 * the next of a rotation over the three modes and the demo queries. Prints requests/s, p50/p99
 * latency, errors, timeouts and non-2xx answers as a Markdown table, after the command line.
 *
 *   npx tsx bench/load.ts [--connections 32] [--duration 30] [--embedder hash:384|use-lite] [--k 10]
 *
 * Only ever targets 127.0.0.1; the duration is capped at 120 s and the server child is stopped
 * on every exit path. Exits 1 when any request failed or answered non-2xx.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readQueries } from '../src/corpus/index.js';
import { startServer } from '../src/http/start-server.js';
import { buildIndex } from '../src/indexing/build-index.js';
import { printHeader } from './lib/command.js';
import { loadTest } from './lib/http-load.js';
import { mdTable, ms } from './lib/markdown.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEMO = path.join(ROOT, 'corpora', 'demo');
const URL_MARKER = '@@load-server ';
export const MODES = ['bm25', 'dense', 'hybrid'] as const;

export interface ServerProcess {
  url: string;
  pid: number;
  /** Current resident set of the server process (VmRSS), in MiB. */
  rssMiB(): number;
  /** The server's memory right after a full GC (it runs with --expose-gc): live data, not garbage. */
  afterGc(): Promise<AfterGc>;
  stop(): Promise<void>;
}

/** process.memoryUsage() of the server after global.gc(), in MiB. */
export interface AfterGc {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}
const MEM_MARKER = '@@load-memory ';

/** Builds the demo index into a fresh temp data folder (hash embedder: no model needed). */
export async function demoDataDir(embedder: string): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'testbed-load-'));
  await buildIndex({
    corpus: DEMO,
    out: path.join(dataDir, 'demo.sqlite'),
    embedder,
    cacheFile: path.join(ROOT, '.cache', 'embeddings.sqlite'),
  });
  return dataDir;
}

/** Starts this script in server mode (startServer on 127.0.0.1, port 0) and waits for its URL. */
export function startServerProcess(dataDir: string): Promise<ServerProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    [...process.execArgv, '--expose-gc', fileURLToPath(import.meta.url), '--serve', dataDir],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const kill = () => child.exitCode === null && child.kill('SIGKILL');
  process.once('exit', kill);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (d: string) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith(URL_MARKER));
      if (!line) return;
      child.stdout!.removeAllListeners('data');
      let memLines = '';
      const memWaiters: ((m: AfterGc) => void)[] = [];
      child.stdout!.on('data', (more: string) => {
        memLines += more;
        let nl: number;
        while ((nl = memLines.indexOf('\n')) >= 0) {
          const l = memLines.slice(0, nl);
          memLines = memLines.slice(nl + 1);
          if (l.startsWith(MEM_MARKER)) memWaiters.shift()?.(JSON.parse(l.slice(MEM_MARKER.length)) as AfterGc);
        }
      });
      resolve({
        url: line.slice(URL_MARKER.length).trim(),
        pid: child.pid!,
        rssMiB: () => procStatusMiB(child.pid!, 'VmRSS'),
        afterGc: () =>
          new Promise<AfterGc>((done) => {
            memWaiters.push(done);
            child.kill('SIGUSR2');
          }),
        stop: () =>
          new Promise<void>((done) => {
            process.off('exit', kill);
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${out}`)));
  });
}

/** Search paths over every mode and query, in rotation order (mode changes every request). */
export async function searchPaths(k: number): Promise<string[]> {
  const queries = (await readQueries(path.join(DEMO, 'queries.jsonl'))).map((q) => q.text);
  return queries.flatMap((q) => MODES.map((m) => `/search/${m}?index=demo&k=${k}&q=${encodeURIComponent(q)}`));
}

/** Runs autocannon against 127.0.0.1 only, each request the next path of the rotation. */
export const drive = loadTest;

/** A field of /proc/PID/status (VmRSS, VmHWM) in MiB; NaN off Linux or once the process is gone. */
export function procStatusMiB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

async function serveMode(dataDir: string): Promise<void> {
  const server = await startServer({ dataDir, corporaRoot: path.join(ROOT, 'corpora'), port: 0 });
  process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
  // SIGUSR2: full GC, then report what is still alive (a leak survives it, garbage does not)
  process.on('SIGUSR2', () => {
    (globalThis as { gc?: () => void }).gc?.();
    const m = process.memoryUsage();
    const mib = (x: number) => Math.round((x / 2 ** 20) * 10) / 10;
    const out: AfterGc = {
      rss: mib(m.rss),
      heapTotal: mib(m.heapTotal),
      heapUsed: mib(m.heapUsed),
      external: mib(m.external),
      arrayBuffers: mib(m.arrayBuffers),
    };
    process.stdout.write(`${MEM_MARKER}${JSON.stringify(out)}\n`);
  });
  process.stdout.write(`${URL_MARKER}${server.url}\n`);
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      connections: { type: 'string', default: '32' },
      duration: { type: 'string', default: '30' },
      embedder: { type: 'string', default: 'hash:384' },
      k: { type: 'string', default: '10' },
      serve: { type: 'string' },
    },
  });
  if (values.serve) return serveMode(values.serve).then(() => -1);
  const connections = Number(values.connections);
  const duration = Math.min(120, Number(values.duration));
  printHeader(
    `HTTP load: ${connections} connections for ${duration} s, bm25/dense/hybrid in rotation`,
    import.meta.url,
  );

  const dataDir = await demoDataDir(values.embedder!);
  const server = await startServerProcess(dataDir);
  try {
    const paths = await searchPaths(Number(values.k));
    await drive(server.url, paths, { connections: 4, duration: 2 }); // warm-up: embedder loaded, pages cached
    const r = await drive(server.url, paths, { connections, duration });
    const health = await fetch(`${server.url}/health`);
    console.log(
      mdTable(
        [
          'requests',
          'connections',
          'seconds',
          'req/s',
          'p50 ms',
          'p95 ms',
          'p99 ms',
          'errors',
          'timeouts',
          'non-2xx',
          'server peak RSS MiB',
          'health after',
        ],
        [
          [
            r.requests,
            connections,
            duration,
            r.requestsPerSecond.toFixed(0),
            ms(r.p50),
            ms(r.p95),
            ms(r.p99),
            r.errors,
            r.timeouts,
            r.non2xx,
            procStatusMiB(server.pid, 'VmHWM').toFixed(0),
            health.status,
          ],
        ],
      ),
    );
    console.log(
      `\nindex: demo (${paths.length / MODES.length} queries x ${MODES.length} modes in rotation, k=${values.k}, embedder ${values.embedder}), server on ${server.url}`,
    );
    return r.errors + r.timeouts + r.non2xx > 0 || health.status !== 200 ? 1 : 0;
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const code = await main();
  if (code >= 0) process.exit(code);
}
