/**
 * Bounded soak test: the load of bench/load.ts (the server in a child process on 127.0.0.1,
 * bm25/dense/hybrid in rotation) kept up for minutes, in 10-second slices, sampling the server's
 * resident set (VmRSS) after each; every minute the served index is rebuilt and swapped in
 * (POST /indexes, chunker alternating), since reopened indexes are where a leak would hide.
 * Prints each sample, then first/last/max RSS and the slope (least squares, MiB per minute) over
 * the whole run and over its second half, which is what says whether memory stays flat; and the
 * same for the live heap after a forced full GC (the server runs with --expose-gc), which tells a
 * leak (live data that keeps growing) from V8 merely keeping a larger heap than it needs.
 *
 *   npx tsx bench/soak.ts [--minutes 4] [--connections 8] [--sample 10] [--swap-every 60] [--embedder hash:384]
 *
 * 127.0.0.1 only; at most 10 minutes; the server child is stopped on every exit path.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { printHeader } from './lib/command.js';
import { mdTable, ms } from './lib/markdown.js';
import { demoDataDir, drive, procStatusMiB, searchPaths, startServerProcess, type ServerProcess } from './load.js';

interface Sample {
  seconds: number;
  rssMiB: number;
  /** Live JS heap after a full GC, and the heap V8 keeps committed. */
  heapMiB: number;
  heapTotalMiB: number;
  externalMiB: number;
  rps: number;
  p99: number;
  failed: number;
  swapped: string;
}

/** Least-squares slope of y over x. */
function slope(xs: readonly number[], ys: readonly number[]): number {
  const n = xs.length;
  if (n < 2) return Number.NaN;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (xs[i]! - mx) * (ys[i]! - my);
    den += (xs[i]! - mx) ** 2;
  }
  return den === 0 ? Number.NaN : num / den;
}

/** Starts a rebuild of the served index with the other chunker, unless one is still running. */
async function swapIndex(server: ServerProcess, chunker: string, embedder: string): Promise<string> {
  const info = (await (await fetch(`${server.url}/indexes/demo`)).json()) as { job: { state: string } | null };
  if (info.job?.state === 'running') return 'skipped (build running)';
  const res = await fetch(`${server.url}/indexes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'demo', corpus: 'demo', chunker, embedder }),
  });
  return res.status === 202 ? chunker : `refused ${res.status}`;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      minutes: { type: 'string', default: '4' },
      connections: { type: 'string', default: '8' },
      sample: { type: 'string', default: '10' },
      'swap-every': { type: 'string', default: '60' },
      embedder: { type: 'string', default: 'hash:384' },
    },
  });
  const minutes = Math.min(10, Number(values.minutes));
  const sample = Math.max(2, Number(values.sample));
  const swapEvery = Number(values['swap-every']);
  const connections = Number(values.connections);
  printHeader(
    `Soak: ${minutes} min at ${connections} connections, server RSS every ${sample} s, index swapped every ${swapEvery || '∞'} s`,
    import.meta.url,
  );

  const dataDir = await demoDataDir(values.embedder!);
  const server = await startServerProcess(dataDir);
  const samples: Sample[] = [];
  try {
    const paths = await searchPaths(10);
    await drive(server.url, paths, { connections: 4, duration: 2 }); // warm-up
    const started = Date.now();
    let lastSwap = 0;
    let swaps = 0;
    let chunker = 'structure:200';
    const gc0 = await server.afterGc();
    samples.push({
      seconds: 0,
      rssMiB: server.rssMiB(),
      heapMiB: gc0.heapUsed,
      heapTotalMiB: gc0.heapTotal,
      externalMiB: gc0.external,
      rps: 0,
      p99: 0,
      failed: 0,
      swapped: '',
    });
    while ((Date.now() - started) / 1000 + sample <= minutes * 60 + 1) {
      let swapped = '';
      const elapsed = (Date.now() - started) / 1000;
      if (swapEvery > 0 && elapsed - lastSwap >= swapEvery) {
        chunker = chunker === 'structure:200' ? 'structure:120' : 'structure:200';
        swapped = await swapIndex(server, chunker, values.embedder!);
        lastSwap = elapsed;
        if (swapped === chunker) swaps++;
      }
      const r = await drive(server.url, paths, { connections, duration: sample });
      const rssMiB = server.rssMiB();
      const gc = await server.afterGc();
      samples.push({
        seconds: Math.round((Date.now() - started) / 1000),
        rssMiB,
        heapMiB: gc.heapUsed,
        heapTotalMiB: gc.heapTotal,
        externalMiB: gc.external,
        rps: r.requestsPerSecond,
        p99: r.p99,
        failed: r.errors + r.timeouts + r.non2xx,
        swapped,
      });
    }
    const health = await fetch(`${server.url}/health`);

    console.log(
      mdTable(
        [
          't s',
          'RSS MiB',
          'heap after GC MiB',
          'heap committed MiB',
          'external MiB',
          'req/s',
          'p99 ms',
          'failed',
          'swap started',
        ],
        samples.map((s) => [
          s.seconds,
          s.rssMiB.toFixed(1),
          s.heapMiB.toFixed(1),
          s.heapTotalMiB.toFixed(1),
          s.externalMiB.toFixed(1),
          s.rps.toFixed(0),
          ms(s.p99),
          s.failed,
          s.swapped,
        ]),
      ),
    );
    const t = samples.map((s) => s.seconds / 60);
    const rss = samples.map((s) => s.rssMiB);
    const heap = samples.map((s) => s.heapMiB);
    const half = Math.floor(samples.length / 2);
    const failed = samples.reduce((a, s) => a + s.failed, 0);
    const requests = samples.reduce((a, s) => a + s.rps * sample, 0);
    console.log(
      '\n' +
        mdTable(
          ['', 'first MiB', 'last MiB', 'max MiB', 'slope MiB/min (all)', 'slope MiB/min (2nd half)'],
          [
            [
              'RSS',
              rss[0]!.toFixed(1),
              rss.at(-1)!.toFixed(1),
              Math.max(...rss).toFixed(1),
              slope(t, rss).toFixed(2),
              slope(t.slice(half), rss.slice(half)).toFixed(2),
            ],
            [
              'heap after GC',
              heap[0]!.toFixed(1),
              heap.at(-1)!.toFixed(1),
              Math.max(...heap).toFixed(1),
              slope(t, heap).toFixed(2),
              slope(t.slice(half), heap.slice(half)).toFixed(2),
            ],
          ],
        ),
    );
    console.log(
      '\n' +
        mdTable(
          ['≈ requests', 'failed', 'swaps', 'health after'],
          [[Math.round(requests), failed, swaps, health.status]],
        ),
    );
    console.log(
      `\nserver peak RSS (VmHWM) ${procStatusMiB(server.pid, 'VmHWM').toFixed(0)} MiB; index demo, embedder ${values.embedder}, server on ${server.url}`,
    );
    return failed > 0 || health.status !== 200 ? 1 : 0;
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exit(await main());
