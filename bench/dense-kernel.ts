/**
 * The exact dense scan against the memory-bandwidth limit. On a 100k × 384 float32 table
 * (random unit vectors, 153.6 MB) it times per query, interleaved so that load from other
 * processes hits every variant alike: a large-array copy and a JS sum loop (the bandwidth
 * yardsticks), the old row-by-row loop, src's dotAll (8 rows at a time), other JS kernels
 * (4 rows at a time, unrolled, 4 accumulators) and two hand-assembled WebAssembly SIMD kernels
 * (what vector instructions reach, which plain JS loops cannot use: the float64 one is the
 * dense retriever's, src/retrievers/wasm-dot.ts; the float32 one, bench/lib/wasm-simd-scan.ts,
 * is a comparison only); each as a ratio to the time the table's bytes take at the measured bandwidth, with its
 * largest score difference from the row-by-row loop. Then top-k and the whole dense retriever
 * (its WebAssembly kernel, and TESTBED_DENSE_KERNEL=js's dotAll), and an int8 scan with exact float32 re-rank of the top candidates: its speed and its recall
 * against the exact top-100 (it is not exact; the default search stays exact).
 *
 *   npx tsx bench/dense-kernel.ts [--rows 100000] [--dims 384] [--queries 40] [--candidates 100,200,500,1000]
 *                                 [--real bench/.out/quality/scifact-porter-use-lite.sqlite]
 *
 * --real adds the int8 recall on a real index's vectors, with its cached SciFact query vectors
 * when bench/quality.ts has cached them (otherwise 100 of its own rows as queries).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { cacheKey, EmbeddingCache } from '../src/embedders/embedding-cache.js';
import { createDenseRetriever, dotAll, type VectorTable } from '../src/retrievers/dense.js';
import { topK } from '../src/retrievers/top-k.js';
import { IndexReader } from '../src/store/index-reader.js';
import { copyGBs, createBandwidthProbe, sumGBs } from './lib/bandwidth.js';
import { printHeader } from './lib/command.js';
import { EMBEDDING_CACHE, loadGold, OUT_DIR } from './lib/corpora.js';
import { int8RerankSearch } from './lib/int8-rerank.js';
import { fixed, mdTable, ms } from './lib/markdown.js';
import { randomUnitVectors } from './lib/random-vectors.js';
import { mib, peakRssMiB } from './lib/rss.js';
import { dotAccumulators4, dotRowByRow, dotRows4, dotUnrolled4, quantizeRows } from './lib/scan-kernels.js';
import { createWasmScanners } from './lib/wasm-simd-scan.js';
import { latencySummary } from './lib/stats.js';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    dims: { type: 'string', default: '384' },
    queries: { type: 'string', default: '40' },
    candidates: { type: 'string', default: '100,200,500,1000' },
    real: { type: 'string', default: path.join(OUT_DIR, 'quality', 'scifact-porter-use-lite.sqlite') },
    seed: { type: 'string', default: '7' },
  },
});
const rows = Number(values.rows);
const dims = Number(values.dims);
const nQueries = Number(values.queries);
const candidateCuts = values.candidates.split(',').map(Number);
const K = 100;

printHeader(`Exact dense scan vs memory bandwidth (${rows.toLocaleString('en')} × ${dims} float32)`, import.meta.url);

const t0 = performance.now();
const matrix = randomUnitVectors(rows, dims, Number(values.seed));
const queries = Array.from({ length: nQueries }, (_, i) => randomUnitVectors(1, dims, 1000 + i));
const ids = Array.from({ length: rows }, (_, i) => `c${String(i).padStart(7, '0')}`);
const table: VectorTable = { matrix, dims, chunkIds: ids, docIds: ids };
console.log(
  `Random unit vectors generated in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${nQueries} random unit queries; one warm-up pass per kernel.\n`,
);

// Bandwidth, on a buffer the size of the table (at least 256 MB, far beyond any cache), timed
// in the same loop as the kernels below.
const probe = createBandwidthProbe(Math.max(256e6, matrix.byteLength));
const floatBytes = matrix.byteLength;
const int8Bytes = rows * dims + rows * 4;
const limitMs = (bytes: number, gbs: number) => bytes / (gbs * 1e6);

// Float kernels, run interleaved (each query goes through every kernel in turn, in rotating
// order, so a burst of load from other processes hits all of them alike): speed, and agreement with the plain
// row-by-row loop (scores and exact top-100).
const kernels: [string, (q: Float32Array) => Float32Array][] = [
  ['row by row (dotAll before this change)', (q) => dotRowByRow(matrix, dims, q)],
  ['dotAll: 8 rows at a time (src/retrievers/dot-all.ts, the JavaScript fallback)', (q) => dotAll(table, q)],
  ['4 rows at a time', (q) => dotRows4(matrix, dims, q)],
  ['unrolled by 4, one accumulator', (q) => dotUnrolled4(matrix, dims, q)],
  ['unrolled by 4, four accumulators', (q) => dotAccumulators4(matrix, dims, q)],
];
// WebAssembly SIMD: one copy of the table in wasm memory, made here once.
const wasm = createWasmScanners(matrix, dims);
if (wasm) {
  kernels.push([
    'WebAssembly SIMD, float64 products and sums (src/retrievers/wasm-dot.ts, the default)',
    (q) => wasm.f64(q),
  ]);
  kernels.push(['WebAssembly SIMD, float32 sums (bench only)', (q) => wasm.f32(q)]);
} else console.log('(no WebAssembly SIMD kernels: dims not a multiple of 16, or no SIMD support)\n');
const kernelTimes = kernels.map(() => [] as number[]);
const copyMs: number[] = [];
const sumMs: number[] = [];
const stats = kernels.map(() => ({ maxDiff: 0, sameTop: 0 }));
for (const [, f] of kernels) f(queries[0]!);
const refTop: number[][] = [];
for (const [qi, q] of queries.entries()) {
  copyMs.push(probe.copy());
  sumMs.push(probe.sum());
  // Kernel order rotates from query to query, so no kernel always runs first or last.
  const out: Float32Array[] = [];
  for (let r = 0; r < kernels.length; r++) {
    const ki = (qi + r) % kernels.length;
    const s = performance.now();
    out[ki] = kernels[ki]![1](q);
    kernelTimes[ki]!.push(performance.now() - s);
  }
  const ref = out[0]!;
  refTop.push(topK(ref, ids, K));
  out.forEach((scores, ki) => {
    const st = stats[ki]!;
    for (let i = 0; i < scores.length; i++) st.maxDiff = Math.max(st.maxDiff, Math.abs(scores[i]! - ref[i]!));
    if (topK(scores, ids, K).join() === refTop[qi]!.join()) st.sameTop++;
  });
}
const bw = {
  copyGBs: copyGBs(probe.bytes, latencySummary(copyMs).p50),
  sumGBs: sumGBs(probe.bytes, latencySummary(sumMs).p50),
};
console.log(
  mdTable(
    ['measure (median over the kernel loop)', 'GB/s', 'float32 table at this rate, ms', 'int8 table at this rate, ms'],
    [
      [
        'large Float32Array copy (`set`, read + write bytes, STREAM-style)',
        fixed(bw.copyGBs, 1),
        ms(limitMs(floatBytes, bw.copyGBs)),
        ms(limitMs(int8Bytes, bw.copyGBs)),
      ],
      [
        'JS sum loop over a large Float32Array (4 accumulators, bytes read)',
        fixed(bw.sumGBs, 1),
        ms(limitMs(floatBytes, bw.sumGBs)),
        ms(limitMs(int8Bytes, bw.sumGBs)),
      ],
    ],
    'lrrr',
  ),
);
console.log(
  `\nBytes scanned per query: float32 ${(floatBytes / 1e6).toFixed(1)} MB, int8 ${(int8Bytes / 1e6).toFixed(1)} MB (codes + one float scale per row). Each query round times one copy pass, one sum pass and every kernel, in turn.\n`,
);
const refP50 = latencySummary(kernelTimes[0]!).p50;
const kernelRows = kernels.map(([label], ki) => {
  const { p50, p95 } = latencySummary(kernelTimes[ki]!);
  const st = stats[ki]!;
  return [
    label,
    ms(p50),
    ms(p95),
    fixed(floatBytes / (p50 * 1e6), 1),
    fixed(p50 / limitMs(floatBytes, bw.copyGBs), 2),
    fixed(p50 / limitMs(floatBytes, bw.sumGBs), 2),
    fixed(refP50 / p50, 2),
    st.maxDiff === 0 ? '0 (bit-identical)' : st.maxDiff.toExponential(1),
    `${st.sameTop}/${queries.length}`,
  ];
});
console.log('### Float32 scan kernels\n');
console.log(
  mdTable(
    [
      'kernel',
      'p50 ms/query',
      'p95 ms',
      'effective GB/s',
      '× copy-bandwidth time',
      '× JS-sum time',
      'speed vs row by row',
      'max |Δ score| vs row by row',
      'same top-100',
    ],
    kernelRows,
    'lrrrrrrrr',
  ),
);

// The rest of a dense query: top-k selection and the whole retriever (query vector given),
// interleaved per query like the kernels. Each retriever is made once: with its kernel over the
// wasm copy above (scanned in place), and with TESTBED_DENSE_KERNEL=js (dotAll) over the array.
let current = queries[0]!;
const givenVector = {
  id: 'fixed',
  dims,
  maxTokens: 0,
  embed: async () => ({ vectors: [current], truncated: [false] }),
};
const defaultRetriever = createDenseRetriever(wasm ? { ...table, matrix: wasm.dot.matrix } : table, givenVector);
const previousKernel = process.env.TESTBED_DENSE_KERNEL;
process.env.TESTBED_DENSE_KERNEL = 'js';
const jsRetriever = createDenseRetriever(table, givenVector);
if (previousKernel === undefined) delete process.env.TESTBED_DENSE_KERNEL;
else process.env.TESTBED_DENSE_KERNEL = previousKernel;
const stage = {
  scan: [] as number[],
  wasmScan: [] as number[],
  topk: [] as number[],
  retriever: [] as number[],
  jsRetriever: [] as number[],
};
for (const [qi, q] of [queries[0]!, ...queries].entries()) {
  current = q;
  let s = performance.now();
  const scores = dotAll(table, q);
  const scanMs = performance.now() - s;
  s = performance.now();
  wasm?.f64(q);
  const wasmMs = performance.now() - s;
  s = performance.now();
  topK(scores, ids, K);
  const topMs = performance.now() - s;
  s = performance.now();
  await defaultRetriever.search('q', { k: K, level: 'chunk' });
  const allMs = performance.now() - s;
  s = performance.now();
  await jsRetriever.search('q', { k: K, level: 'chunk' });
  const jsMs = performance.now() - s;
  if (qi === 0) continue; // warm-up
  stage.scan.push(scanMs);
  stage.wasmScan.push(wasmMs);
  stage.topk.push(topMs);
  stage.retriever.push(allMs);
  stage.jsRetriever.push(jsMs);
}
const p50Of = (xs: number[]) => latencySummary(xs).p50;
const share = (xs: number[]) => `${((100 * p50Of(xs)) / p50Of(stage.retriever)).toFixed(0)}%`;
console.log('\n### Whole dense query (chunk level, k 100, query vector given)\n');
console.log(
  mdTable(
    ['stage', 'p50 ms/query', 'share of the retriever p50'],
    [
      ...(wasm ? [['WebAssembly scan (the default)', ms(p50Of(stage.wasmScan)), share(stage.wasmScan)]] : []),
      ['dotAll scan (TESTBED_DENSE_KERNEL=js)', ms(p50Of(stage.scan)), share(stage.scan)],
      ['topK (k 100 of 100k)', ms(p50Of(stage.topk)), share(stage.topk)],
      [
        `createDenseRetriever().search (${wasm ? 'WebAssembly kernel' : 'dotAll: no kernel here'})`,
        ms(p50Of(stage.retriever)),
        '100%',
      ],
      [
        'createDenseRetriever().search with TESTBED_DENSE_KERNEL=js',
        ms(p50Of(stage.jsRetriever)),
        share(stage.jsRetriever),
      ],
    ],
    'lrr',
  ),
);

// int8 scan + exact re-rank: speed and recall against the exact top-100.
const tq = performance.now();
const int8 = quantizeRows(matrix, dims);
const quantizeSeconds = (performance.now() - tq) / 1000;
console.log(
  `\n### int8 scan with exact float32 re-rank of the top candidates (not the default; quantised in ${quantizeSeconds.toFixed(1)} s)\n`,
);
// Interleaved per query with dotAll, so the speed ratio compares like with like.
const int8Times = candidateCuts.map(() => [] as number[]);
const int8Recall = candidateCuts.map(() => [] as number[]);
const denseTimes: number[] = [];
for (const [qi, q] of queries.entries()) {
  let s = performance.now();
  dotAll(table, q);
  denseTimes.push(performance.now() - s);
  candidateCuts.forEach((c, ci) => {
    s = performance.now();
    const top = int8RerankSearch(int8, matrix, q, ids, K, c);
    int8Times[ci]!.push(performance.now() - s);
    int8Recall[ci]!.push(overlap(top, refTop[qi]!) / K);
  });
}
const denseP50 = latencySummary(denseTimes).p50;
const int8Rows: (string | number)[][] = candidateCuts.map((c, ci) => {
  const p50 = latencySummary(int8Times[ci]!).p50;
  const rec = int8Recall[ci]!;
  return [
    'random',
    c,
    ms(p50),
    fixed(denseP50 / p50, 2),
    fixed(p50 / limitMs(int8Bytes, bw.copyGBs), 2),
    fixed(mean(rec), 4),
    fixed(Math.min(...rec), 2),
  ];
});
int8Rows.push(...(await realRecall()));
console.log(
  mdTable(
    [
      'vectors',
      'candidates re-ranked',
      'p50 ms/query',
      'speed vs dotAll',
      '× copy-bandwidth time (int8 bytes)',
      'recall@100 vs exact, mean',
      'min',
    ],
    int8Rows,
    'lrrrrrr',
  ),
);
console.log(`\nPeak RSS: ${mib(peakRssMiB())}.`);

/** int8 recall on a real index (SciFact use-lite by default): its vectors, its cached query vectors. */
async function realRecall(): Promise<(string | number)[][]> {
  if (!fs.existsSync(values.real)) {
    console.error(`(no ${values.real}: run bench/quality.ts --corpora scifact first for the real-vector rows)`);
    return [];
  }
  const reader = IndexReader.open(values.real);
  const real = reader.loadVectors();
  const embedderId = reader.meta.embedder?.id ?? '';
  reader.close();
  const realQueries = await cachedQueryVectors(embedderId, real.dims);
  const qs =
    realQueries.length > 0
      ? realQueries
      : Array.from({ length: 100 }, (_, i) =>
          real.matrix.slice(
            ((i * 37) % (real.matrix.length / real.dims)) * real.dims,
            (((i * 37) % (real.matrix.length / real.dims)) + 1) * real.dims,
          ),
        );
  const label = `${path.basename(values.real, '.sqlite')} (${real.chunkIds.length} × ${real.dims}, ${realQueries.length > 0 ? `${qs.length} real queries` : `${qs.length} rows as queries`})`;
  const table8 = quantizeRows(real.matrix, real.dims);
  const exactTop = qs.map((q) => topK(dotAll(real, q), real.chunkIds, K));
  return candidateCuts.map((c) => {
    const rec = qs.map(
      (q, qi) => overlap(int8RerankSearch(table8, real.matrix, q, real.chunkIds, K, c), exactTop[qi]!) / K,
    );
    return [label, c, '', '', '', fixed(mean(rec), 4), fixed(Math.min(...rec), 2)];
  });
}

/** SciFact query vectors the quality bench left in the embedding cache, if any. */
async function cachedQueryVectors(embedderId: string, d: number): Promise<Float32Array[]> {
  if (!fs.existsSync(EMBEDDING_CACHE) || !embedderId) return [];
  const gold = await loadGold('scifact');
  const cache = new EmbeddingCache(EMBEDDING_CACHE);
  try {
    return gold.queries.flatMap((q) => {
      const v = cache.get(embedderId, cacheKey('query', q.text))?.vector;
      return v && v.length === d ? [v] : [];
    });
  } finally {
    cache.close();
  }
}

function overlap(a: readonly number[], b: readonly number[]): number {
  const s = new Set(b);
  return a.filter((x) => s.has(x)).length;
}

function mean(xs: readonly number[]): number {
  return xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
}
