import autocannon, { type Result as AutocannonResult } from 'autocannon';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { latencySummary } from './stats.js';

/**
 * The HTTP side of the latency bench: the server runs in a child process (its own event loop,
 * as in production) and autocannon loads it from this one, over 127.0.0.1 only, bounded in time.
 */

const URL_MARKER = '@@bench-server-url ';

export interface ServerChild {
  url: string;
  pid: number;
  /** Peak resident set of the server process so far (VmHWM), in MiB. */
  peakRssMiB(): number;
  stop(): Promise<void>;
}

/** Starts `script` with `args` in a child that calls announceServer(url) once listening. */
export function startServerChild(script: string, args: readonly string[]): Promise<ServerChild> {
  const file = script.startsWith('file:') ? fileURLToPath(script) : script;
  const child = spawn(process.execPath, [...process.execArgv, file, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8');
    const onData = (d: string) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith(URL_MARKER));
      if (!line) return;
      child.stdout.off('data', onData);
      child.stdout.resume();
      resolve({
        url: line.slice(URL_MARKER.length).trim(),
        pid: child.pid!,
        peakRssMiB: () => vmHwmMiB(child.pid!),
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    };
    child.stdout.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`server child exited (${code}) before listening:\n${out}`)));
  });
}

/** In the child: tells the parent where the server listens. */
export function announceServer(url: string): void {
  process.stdout.write(`${URL_MARKER}${url}\n`);
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

/**
 * `connections` concurrent connections for `duration` seconds, cycling through `paths` (one
 * query after another, so no response cache could help). Latency percentiles in ms.
 */
export async function loadTest(
  url: string,
  paths: readonly string[],
  options: { connections: number; duration: number },
): Promise<LoadResult> {
  // Load is only ever sent to this machine's loopback.
  if (new URL(url).hostname !== '127.0.0.1') throw new Error(`refusing to load ${url}: 127.0.0.1 only`);
  let next = 0;
  // autocannon's own histogram has p90 and p97.5 but no p95: every response time is kept and
  // summarised with the nearest-rank percentile the in-process tables and the reports use.
  const times: number[] = [];
  const result = await new Promise<AutocannonResult>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: options.connections,
        duration: options.duration,
        timeout: 30,
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length]! }) }],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  const { p50, p95, p99 } = latencySummary(times);
  return {
    requestsPerSecond: result.requests.average,
    p50,
    p95,
    p99,
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

/** VmHWM (peak resident set) of a live process, from /proc (Linux); NaN elsewhere. */
function vmHwmMiB(pid: number): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}
