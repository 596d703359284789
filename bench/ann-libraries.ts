/**
 * Choosing the dense leg's ANN library by measurement: usearch and hnswlib-node on the same
 * synthetic vectors (clustered 384-d, bench/lib/clustered-vectors.ts), same HNSW parameters (M 16,
 * ef_construction 128), each phase in its own child process so its peak RSS is its own:
 *
 *   npx tsx bench/ann-libraries.ts [--rows 100000] [--queries 200] [--k 10] [--ef 16,64,256] [--libraries usearch,hnswlib-node]
 *
 *  - truth: the exact top k of each query by the testbed's own scan (createDenseScan + topK), and its latency;
 *  - build: insert every row (usearch on every core; hnswlib-node's binding inserts one point a
 *    call on the JS thread), save the file; build seconds, peak RSS, file size;
 *  - search: open the saved file as a server's worker would (usearch `view`: memory-mapped;
 *    hnswlib-node `readIndexSync`: read into the process), RSS after opening, then per ef_search
 *    p50/p99 of one query and recall@k against the truth.
 *
 * hnswlib-node is not a dependency of the testbed: install it by hand to compare
 * (`npm install --no-save hnswlib-node@3.0.0`, which compiles with node-gyp); it is skipped when missing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildHnsw, viewHnsw } from '../src/retrievers/hnsw-file.js';
import { createDenseScan } from '../src/retrievers/dense-scan.js';
import { topK } from '../src/retrievers/top-k.js';
import { runPhase, sendPhaseResult } from './lib/child.js';
import { clusterCentres, clusteredUnitVectors, type ClusterSpec } from './lib/clustered-vectors.js';
import { printHeader } from './lib/command.js';
import { fixed, mdTable, ms } from './lib/markdown.js';
import { mib, peakRssMiB, rssMiB } from './lib/rss.js';
import { latencySummary, mean } from './lib/stats.js';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    queries: { type: 'string', default: '200' },
    k: { type: 'string', default: '10' },
    ef: { type: 'string', default: '16,64,256' },
    libraries: { type: 'string', default: 'usearch,hnswlib-node' },
    phase: { type: 'string' },
    library: { type: 'string' },
  },
});

const DIMS = 384;
const M = 16;
const EF_CONSTRUCTION = 128;
const rows = Number(values.rows);
const nQueries = Number(values.queries);
const k = Number(values.k);
const efs = values.ef.split(',').map(Number);
const spec: ClusterSpec = { dims: DIMS, seed: 45, clusters: 1000, spread: 0.05 };
const dir = path.resolve('bench/.out/ann-libraries');
const fileOf = (library: string) => path.join(dir, `${library}-${rows}.bin`);
const truthFile = path.join(dir, `truth-${rows}-${nQueries}-${k}.json`);

/** The rows (skipped where a phase needs only the queries) and the queries, drawn from another stream. */
function data(withRows = true): { matrix: Float32Array; queries: Float32Array } {
  const centres = clusterCentres(spec);
  return {
    matrix: withRows ? clusteredUnitVectors(spec, centres, 0, rows) : new Float32Array(0),
    queries: clusteredUnitVectors(spec, centres, 0, nQueries, 1),
  };
}
const queryOf = (queries: Float32Array, i: number) => queries.subarray(i * DIMS, (i + 1) * DIMS);

async function loadHnswlib(): Promise<
  { HierarchicalNSW: new (space: string, dims: number) => HnswlibIndex } | undefined
> {
  const name = 'hnswlib-node';
  try {
    // A CommonJS package: its exports arrive as the module's default under ESM.
    const mod = (await import(name)) as {
      default: { HierarchicalNSW: new (space: string, dims: number) => HnswlibIndex };
    };
    return mod.default;
  } catch {
    return undefined;
  }
}
interface HnswlibIndex {
  initIndex(opts: { maxElements: number; m: number; efConstruction: number; randomSeed: number }): void;
  addPoint(point: number[], label: number): void;
  writeIndexSync(file: string): void;
  readIndexSync(file: string): void;
  setEf(ef: number): void;
  searchKnn(q: number[], k: number): { neighbors: number[]; distances: number[] };
}

function phaseTruth(): void {
  const { matrix, queries } = data();
  const ids = Array.from({ length: rows }, (_, i) => String(i).padStart(7, '0'));
  const { scan } = createDenseScan({ matrix, dims: DIMS });
  const times: number[] = [];
  const truth: number[][] = [];
  for (let i = 0; i < nQueries; i++) {
    const t0 = performance.now();
    const top = topK(scan(queryOf(queries, i)), ids, k);
    times.push(performance.now() - t0);
    truth.push(top);
  }
  fs.writeFileSync(truthFile, JSON.stringify(truth));
  sendPhaseResult({ ...latencySummary(times), peakRssMiB: peakRssMiB() });
}

async function phaseBuild(library: string): Promise<void> {
  const { matrix } = data();
  const generated = rssMiB();
  const file = fileOf(library);
  const t0 = performance.now();
  if (library === 'usearch') {
    buildHnsw([matrix], DIMS, { connectivity: M, efConstruction: EF_CONSTRUCTION, quantization: 'f32' }).save(file);
  } else {
    const lib = (await loadHnswlib())!;
    const index = new lib.HierarchicalNSW('ip', DIMS);
    index.initIndex({ maxElements: rows, m: M, efConstruction: EF_CONSTRUCTION, randomSeed: 100 });
    for (let i = 0; i < rows; i++) index.addPoint(Array.from(queryOf(matrix, i)), i);
    index.writeIndexSync(file);
  }
  const seconds = (performance.now() - t0) / 1000;
  sendPhaseResult({ seconds, dataRssMiB: generated, peakRssMiB: peakRssMiB(), bytes: fs.statSync(file).size });
}

async function phaseSearch(library: string): Promise<void> {
  const { queries } = data(false);
  const truth = JSON.parse(fs.readFileSync(truthFile, 'utf8')) as number[][];
  const before = rssMiB();
  const t0 = performance.now();
  const searchers: ((q: Float32Array) => number[])[] = [];
  if (library === 'usearch') {
    for (const ef of efs) {
      const graph = viewHnsw(
        fileOf(library),
        DIMS,
        { connectivity: M, efConstruction: EF_CONSTRUCTION, quantization: 'f32' },
        ef,
      );
      searchers.push((q) => Array.from(graph.search(q, k).rows));
    }
  } else {
    const lib = (await loadHnswlib())!;
    const index = new lib.HierarchicalNSW('ip', DIMS);
    index.readIndexSync(fileOf(library));
    for (const ef of efs)
      searchers.push((q) => {
        index.setEf(ef);
        return index.searchKnn(Array.from(q), k).neighbors;
      });
  }
  const openMs = performance.now() - t0;
  const opened = rssMiB();
  const out = searchers.map((search) => {
    const times: number[] = [];
    const recalls: number[] = [];
    for (let i = 0; i < nQueries; i++) {
      const q = queryOf(queries, i);
      const s = performance.now();
      const found = search(q);
      times.push(performance.now() - s);
      const exact = new Set(truth[i]);
      recalls.push(found.filter((r) => exact.has(r)).length / exact.size);
    }
    return { ...latencySummary(times), recall: mean(recalls) };
  });
  sendPhaseResult({ openMs, rssBefore: before, rssOpened: opened, rssAfter: rssMiB(), peakRssMiB: peakRssMiB(), out });
}

async function main(): Promise<void> {
  const library = values.library ?? '';
  if (values.phase === 'truth') return phaseTruth();
  if (values.phase === 'build') return phaseBuild(library);
  if (values.phase === 'search') return phaseSearch(library);

  printHeader(`ANN libraries on Node ${process.version}: ${rows} × ${DIMS}-d clustered vectors`, import.meta.url);
  fs.mkdirSync(dir, { recursive: true });
  const args = process.argv.slice(2);
  const truth = await runPhase<{ p50: number; p99: number; peakRssMiB: number }>(import.meta.url, [
    ...args,
    '--phase',
    'truth',
  ]);
  console.log(
    `Exact scan (the testbed's kernel + topK, ${nQueries} queries): p50 ${ms(truth.p50)} ms, p99 ${ms(truth.p99)} ms; ` +
      `M ${M}, ef_construction ${EF_CONSTRUCTION}, ${os.availableParallelism()} cores.\n`,
  );
  // One table per library, printed as soon as it is measured (a slow second library loses nothing).
  for (const library of values.libraries.split(',')) {
    if (library === 'hnswlib-node' && !(await loadHnswlib())) {
      console.log('hnswlib-node is not installed: skipped.\n');
      continue;
    }
    const b = await runPhase<{ seconds: number; dataRssMiB: number; peakRssMiB: number; bytes: number }>(
      import.meta.url,
      [...args, '--phase', 'build', '--library', library],
    );
    const s = await runPhase<{
      openMs: number;
      rssBefore: number;
      rssOpened: number;
      rssAfter: number;
      out: { p50: number; p99: number; recall: number }[];
    }>(import.meta.url, [...args, '--phase', 'search', '--library', library]);
    console.log(
      `**${library}**: build ${b.seconds.toFixed(1)} s, peak RSS ${mib(b.peakRssMiB)} (${mib(b.dataRssMiB)} of it the generated rows), ` +
        `file ${mib(b.bytes / 2 ** 20)}; opening the file ${ms(s.openMs)} ms and +${mib(s.rssOpened - s.rssBefore)} RSS, ` +
        `+${mib(s.rssAfter - s.rssBefore)} after ${nQueries} × ${efs.length} queries.\n`,
    );
    console.log(
      mdTable(
        ['ef_search', `recall@${k}`, 'p50 ms', 'p99 ms'],
        efs.map((ef, i) => [String(ef), fixed(s.out[i]!.recall, 4), ms(s.out[i]!.p50), ms(s.out[i]!.p99)]),
        'rrrr',
      ) + '\n',
    );
  }
}

await main();
