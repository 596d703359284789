/**
 * Memory under searches that each name a BM25 k1 of their own (issue 24, item 1): the demo index
 * served as `testbed serve` serves it (startServer with its search workers, in a child process on
 * 127.0.0.1), then N searches one after another, each with a k1 no earlier search used. Prints the
 * server's resident set (VmRSS) before, every N/10 searches and after, its peak (VmHWM), and the
 * mean time per search: an engine that builds something per (k1, b) and keeps it grows with N.
 *
 *   npx tsx bench/distinct-bm25-params.ts [--n 200] [--engine wink|postings] [--embedder none]
 *
 * 127.0.0.1 only; the server child is stopped on every exit path.
 */
import { parseArgs } from 'node:util';
import { printHeader } from './lib/command.js';
import { mdTable } from './lib/markdown.js';
import { demoDataDir, procStatusMiB, startServerProcess } from './load.js';

const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '200' },
    engine: { type: 'string', default: 'wink' },
    embedder: { type: 'string', default: 'none' },
  },
});
const n = Number(values.n);
if (!Number.isInteger(n) || n < 1 || n > 5000) throw new Error('--n must be an integer in 1..5000');

printHeader('distinct BM25 parameters: server RSS', import.meta.url);
const server = await startServerProcess(await demoDataDir(values.embedder));
try {
  const rows: string[][] = [];
  const sample = (done: number, seconds: number) =>
    rows.push([
      String(done),
      server.rssMiB().toFixed(0),
      procStatusMiB(server.pid, 'VmHWM').toFixed(0),
      seconds.toFixed(1),
    ]);
  const t0 = performance.now();
  sample(0, 0);
  for (let i = 0; i < n; i++) {
    // Distinct values inside wink's and postings' range [0, 10]: 0.5, 0.5 + 9/n, ...
    const k1 = 0.5 + (9 * i) / n;
    const res = await fetch(`${server.url}/search/bm25?index=demo&q=error%20E1042&engine=${values.engine}&k1=${k1}`);
    if (res.status !== 200) throw new Error(`search ${i} answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
    if ((i + 1) % Math.max(1, Math.round(n / 10)) === 0 || i === n - 1) sample(i + 1, (performance.now() - t0) / 1000);
  }
  console.log(
    mdTable(['searches with distinct k1', 'VmRSS MiB', 'VmHWM MiB', 'elapsed s'], rows),
    `\nengine ${values.engine}: ${((performance.now() - t0) / n).toFixed(0)} ms a search on average`,
  );
} finally {
  await server.stop();
}
