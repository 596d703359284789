/**
 * Dense search at scale: the exact scan against the HNSW graph of the dense leg's `ann` field
 * (src/retrievers/ann-file.ts), on a synthetic index of one-chunk documents with 384-d vectors.
 *
 *   npx tsx bench/dense-scale.ts [--chunks 100000] [--queries 200] [--k 10] [--ef 16,64,256]
 *                                [--vectors clustered|uniform] [--connectivity 16] [--ef-construction 128]
 *                                [--quantization f32|f16]
 *
 * Synthetic, because no model here embeds a million chunks in reasonable time (use-lite, the
 * fastest local embedder, does a few hundred chunks a second on this machine's two shared cores:
 * hours at 1M). `clustered` vectors (bench/lib/clustered-vectors.ts: 1,000 centres, rows 0.71
 * cosine from theirs) have neighbourhoods as real embeddings do; `uniform` random unit vectors
 * are the hardest case for any ANN index and are given for contrast. Queries are drawn the same
 * way as rows (another stream), so each has true near neighbours; their text (for the lexical
 * and hybrid legs) is synthetic too, so hybrid quality is meaningless here, its latency is the point.
 *
 * Each phase runs in its own child process (bench/lib/child.ts), so its peak RSS is its own:
 *  - build: the graph's build time and peak memory (the index's graph files of this
 *    --quantization are deleted first: the other's, which may have taken a quarter of an hour
 *    to build, stay);
 *  - search: per query, in rotating order, the exact leg, the ANN leg at each ef_search and the
 *    two hybrids (postings BM25 + exact, postings BM25 + ANN at the middle ef, RRF): p50/p99 of
 *    the pipeline (query embedding is a table lookup) and recall@k of each ANN leg against the
 *    exact leg's top k;
 *  - memory: a process that answers the same queries with only the exact leg, and one with only
 *    the ANN leg: RSS after the queries. The ANN leg maps the graph file, so its pages are shared
 *    by every worker and process that maps it (counted in each one's RSS all the same, as page
 *    cache), where the exact leg reads the vectors into the process's own memory.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Embedder } from '../src/embedders/types.js';
import { parsePipeline, type Pipeline } from '../src/pipeline/resolve-pipeline.js';
import { Searcher } from '../src/search/searcher.js';
import { runPhase, sendPhaseResult } from './lib/child.js';
import { clusterCentres, clusteredUnitVectors, type ClusterSpec } from './lib/clustered-vectors.js';
import { printHeader } from './lib/command.js';
import { fixed, mdTable, ms } from './lib/markdown.js';
import { randomUnitVectors } from './lib/random-vectors.js';
import { mib, peakRssMiB, rssMiB } from './lib/rss.js';
import { latencySummary, mean } from './lib/stats.js';
import { ensureSyntheticIndex, syntheticQueries } from './lib/synthetic-index.js';

const { values } = parseArgs({
  options: {
    chunks: { type: 'string', default: '100000' },
    queries: { type: 'string', default: '200' },
    k: { type: 'string', default: '10' },
    ef: { type: 'string', default: '16,64,256' },
    vectors: { type: 'string', default: 'clustered' },
    connectivity: { type: 'string', default: '16' },
    'ef-construction': { type: 'string', default: '128' },
    quantization: { type: 'string', default: 'f32' },
    phase: { type: 'string' },
    /** Only the memory phases, over the index and graph file a full run left. */
    'memory-only': { type: 'boolean', default: false },
  },
});

const DIMS = 384;
const SEED = 44;
const CLUSTERS = { clusters: 1000, spread: 0.05 };
const chunks = Number(values.chunks);
const nQueries = Number(values.queries);
const k = Number(values.k);
const efs = values.ef.split(',').map(Number);
const clustered = values.vectors === 'clustered';
if (!clustered && values.vectors !== 'uniform') throw new Error('--vectors is clustered or uniform');
const quantization = values.quantization;
if (quantization !== 'f32' && quantization !== 'f16') throw new Error('--quantization is f32 or f16');
const build = {
  connectivity: Number(values.connectivity),
  ef_construction: Number(values['ef-construction']),
  quantization,
};
const indexFile = path.resolve(
  'bench/.out/dense-scale',
  `synthetic-${chunks}-${DIMS}-${clustered ? `clustered-${CLUSTERS.clusters}` : 'uniform'}.sqlite`,
);

/** The query vectors, drawn as the rows are (another stream), keyed by the synthetic query texts. */
function queryTable(): { texts: string[]; embedder: Embedder } {
  const texts = syntheticQueries(nQueries, SEED).map((t, i) => `${i} ${t}`);
  const spec: ClusterSpec = { dims: DIMS, seed: SEED, ...CLUSTERS };
  const matrix = clustered
    ? clusteredUnitVectors(spec, clusterCentres(spec), 0, nQueries, 1)
    : randomUnitVectors(nQueries, DIMS, SEED * 7 + 3);
  const byText = new Map(texts.map((t, i) => [t, matrix.subarray(i * DIMS, (i + 1) * DIMS)]));
  const embedder: Embedder = {
    id: `hash:${DIMS}`,
    dims: DIMS,
    maxTokens: Number.MAX_SAFE_INTEGER,
    embed: async (batch) => ({
      vectors: batch.map((t) => {
        const v = byText.get(t);
        if (!v) throw new Error(`no query vector for ${t}`);
        return v;
      }),
      truncated: batch.map(() => false),
    }),
  };
  return { texts, embedder };
}

const annLeg = (ef: number) => ({ type: 'dense', name: `ann-ef${ef}`, ann: { ef_search: ef, ...build } });
const pipelineOf = (legs: object[]): Pipeline => parsePipeline({ legs, k, level: 'chunk' });

/** The index's graph files of this run's --quantization (a float16 graph's name says f16: ann-file.ts). */
function graphFiles(): string[] {
  const dir = path.dirname(indexFile);
  const base = path.basename(indexFile);
  return fs
    .readdirSync(dir)
    .filter((n) => n.startsWith(`${base}.hnsw-`) && n.includes('-f16-') === (quantization === 'f16'));
}

async function phaseBuild(): Promise<void> {
  for (const name of graphFiles()) fs.rmSync(path.join(path.dirname(indexFile), name), { force: true });
  const { texts, embedder } = queryTable();
  const searcher = new Searcher('synthetic', indexFile, async () => embedder);
  const t0 = performance.now();
  const parts = await searcher.prepare(pipelineOf([annLeg(efs[0]!)]));
  await searcher.retrieve(parts, texts[0]!);
  const seconds = (performance.now() - t0) / 1000;
  const files = graphFiles();
  const bytes = files.reduce((s, n) => s + fs.statSync(path.join(path.dirname(indexFile), n)).size, 0);
  sendPhaseResult({ seconds, peakRssMiB: peakRssMiB(), files, bytes });
}

interface SearchResult {
  rows: { label: string; p50: number; p99: number; recall?: number }[];
  peakRssMiB: number;
}

async function phaseSearch(): Promise<void> {
  const { texts, embedder } = queryTable();
  const searcher = new Searcher('synthetic', indexFile, async () => embedder);
  const mid = efs[Math.floor(efs.length / 2)]!;
  const lexical = { type: 'lexical', engine: 'postings', name: 'bm25' };
  const modes: { label: string; pipeline: Pipeline; ann: boolean }[] = [
    { label: 'dense exact scan', pipeline: pipelineOf([{ type: 'dense' }]), ann: false },
    ...efs.map((ef) => ({ label: `dense ANN ef_search ${ef}`, pipeline: pipelineOf([annLeg(ef)]), ann: true })),
    { label: 'hybrid: bm25 + dense exact (RRF)', pipeline: pipelineOf([lexical, { type: 'dense' }]), ann: false },
    { label: `hybrid: bm25 + dense ANN ef ${mid} (RRF)`, pipeline: pipelineOf([lexical, annLeg(mid)]), ann: false },
  ];
  const parts = await Promise.all(modes.map((m) => searcher.prepare(m.pipeline)));
  // One query each first: loads the table, maps the graphs, warms the code.
  for (const p of parts) await searcher.retrieve(p, texts[0]!);
  const times = modes.map(() => [] as number[]);
  const recalls = modes.map(() => [] as number[]);
  for (let q = 0; q < texts.length; q++) {
    const lists: string[][] = [];
    for (let j = 0; j < modes.length; j++) {
      const i = (j + q) % modes.length;
      const t0 = performance.now();
      const { hits } = await searcher.retrieve(parts[i]!, texts[q]!);
      times[i]!.push(performance.now() - t0);
      lists[i] = hits.map((h) => h.id);
    }
    const exact = new Set(lists[0]!.slice(0, k));
    modes.forEach((m, i) => {
      if (m.ann && exact.size > 0)
        recalls[i]!.push(lists[i]!.slice(0, k).filter((id) => exact.has(id)).length / exact.size);
    });
  }
  const result: SearchResult = {
    rows: modes.map((m, i) => ({
      label: m.label,
      ...latencySummary(times[i]!),
      ...(m.ann && { recall: mean(recalls[i]!) }),
    })),
    peakRssMiB: peakRssMiB(),
  };
  sendPhaseResult(result);
}

async function phaseMemory(which: 'exact' | 'ann'): Promise<void> {
  const { texts, embedder } = queryTable();
  const searcher = new Searcher('synthetic', indexFile, async () => embedder);
  const before = rssMiB();
  const mid = efs[Math.floor(efs.length / 2)]!;
  const parts = await searcher.prepare(pipelineOf([which === 'exact' ? { type: 'dense' } : annLeg(mid)]));
  for (const t of texts) await searcher.retrieve(parts, t);
  sendPhaseResult({ before, after: rssMiB(), peakRssMiB: peakRssMiB(), ...residentKinds() });
}

/**
 * This process's resident memory by kind (Linux /proc/self/smaps_rollup): anonymous pages are
 * its own (heap, the arrays read from the index); the rest are files' pages in the page cache
 * (the mapped graph file, code), which every process mapping the same file shares.
 */
function residentKinds(): { anonMiB: number; fileMiB: number } {
  const rollup = fs.readFileSync('/proc/self/smaps_rollup', 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0);
  return { anonMiB: kib('Anonymous') / 1024, fileMiB: (kib('Rss') - kib('Anonymous')) / 1024 };
}

async function main(): Promise<void> {
  if (values.phase === 'prepare') {
    const r = ensureSyntheticIndex(
      indexFile,
      { chunks, dims: DIMS, seed: SEED, ...(clustered && { clustered: CLUSTERS }) },
      (m) => console.error(m),
    );
    return sendPhaseResult({ seconds: r.seconds, reused: r.reused, peakRssMiB: peakRssMiB() });
  }
  if (values.phase === 'build') return phaseBuild();
  if (values.phase === 'search') return phaseSearch();
  if (values.phase === 'memory-exact') return phaseMemory('exact');
  if (values.phase === 'memory-ann') return phaseMemory('ann');

  printHeader(
    `Dense exact scan against the HNSW graph (ann), ${chunks} × ${DIMS}-d ${values.vectors} vectors`,
    import.meta.url,
  );
  const args = process.argv.slice(2);
  const prepared = await runPhase<{ seconds: number; reused: boolean }>(import.meta.url, [
    ...args,
    '--phase',
    'prepare',
  ]);
  console.log(
    `Index: ${path.relative(process.cwd(), indexFile)} (${prepared.reused ? 'reused' : `written in ${prepared.seconds.toFixed(1)} s`}), ` +
      `${nQueries} queries, k ${k}, chunk level; graph M ${build.connectivity}, ef_construction ${build.ef_construction}, vectors ${quantization}` +
      `${quantization === 'f32' ? '' : ' (the rows found rescored from the index)'}.\n`,
  );
  if (!values['memory-only']) await buildAndSearch(args);
  const memory: string[][] = [];
  for (const which of ['exact', 'ann'] as const) {
    const m = await runPhase<{ before: number; after: number; peakRssMiB: number; anonMiB: number; fileMiB: number }>(
      import.meta.url,
      [...args, '--phase', `memory-${which}`],
    );
    memory.push([
      which === 'exact' ? 'exact scan' : `ANN ef_search ${efs[Math.floor(efs.length / 2)]}`,
      mib(m.before),
      mib(m.after),
      mib(m.anonMiB),
      mib(m.fileMiB),
      mib(m.peakRssMiB),
    ]);
  }
  console.log(
    mdTable(
      [
        'dense leg only',
        'RSS index open',
        `RSS after ${nQueries} queries`,
        'of it anonymous (own)',
        'of it file pages (shared)',
        'peak RSS',
      ],
      memory,
      'lrrrrr',
    ),
  );
}

async function buildAndSearch(args: string[]): Promise<void> {
  const built = await runPhase<{ seconds: number; peakRssMiB: number; files: string[]; bytes: number }>(
    import.meta.url,
    [...args, '--phase', 'build'],
  );
  console.log(
    `Graph build (read the vectors, insert on every core, save, map; first ANN query included): ${built.seconds.toFixed(1)} s, ` +
      `peak RSS ${mib(built.peakRssMiB)}, file ${mib(built.bytes / 2 ** 20)} (${built.files.join(', ')}).\n`,
  );
  const searched = await runPhase<SearchResult>(import.meta.url, [...args, '--phase', 'search']);
  console.log(
    mdTable(
      ['pipeline', 'p50 ms', 'p99 ms', `recall@${k} vs exact`],
      searched.rows.map((r) => [r.label, ms(r.p50), ms(r.p99), r.recall === undefined ? '' : fixed(r.recall, 4)]),
      'lrrr',
    ),
  );
  console.log(`\nPeak RSS of the search phase (all modes in one process): ${mib(searched.peakRssMiB)}.\n`);
}

await main();
