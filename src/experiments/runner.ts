import fs from 'node:fs';
import path from 'node:path';
import { readQueries } from '../corpus/index.js';
import type { Qrels, Query } from '../corpus/types.js';
import { EmbedderPool } from '../embedders/embedder-pool.js';
import { InputError } from '../errors.js';
import { readGold } from '../gold/index.js';
import { parseMetric, type ParsedMetric } from '../metrics/index.js';
import { Searcher } from '../search/searcher.js';
import { VERSION } from '../version.js';
import { latencySummary } from './latency.js';
import { runCell, type CellRun } from './cell-run.js';
import { runChecks } from './checks.js';
import { bestSingleFor, compareToBaseline } from './compare.js';
import { goldPaths, type ExperimentConfig } from './config.js';
import { analyzeFailures } from './failures.js';
import { checkGoldIds } from './gold-check.js';
import { expandGrid, stableHash, type Cell } from './grid.js';
import { ensureIndex, type CachedIndex } from './index-cache.js';
import type { ConfigResult, ExperimentReport } from './report-model.js';
import { scoreCell } from './score-cell.js';
import { pairedSliceGap, sliceMean, sliceQueries } from './slices.js';

export interface ExperimentProgress {
  phase: 'indexing' | 'retrieving' | 'scoring' | 'done';
  cell?: string;
  /** Queries retrieved so far over all cells, and in all. */
  done: number;
  total: number;
}

export interface RunOptions {
  /** Indexes and embeddings are cached here, shared by every experiment (default .cache). */
  cacheDir?: string;
  onProgress?: (p: ExperimentProgress) => void;
  onNotice?: (message: string) => void;
}

export interface ExperimentRun {
  report: ExperimentReport;
  /** Per configuration, its raw rankings (for TREC run files). */
  runs: Map<string, CellRun>;
}

/**
 * Runs an experiment: builds (or reuses) one index per chunker × embedder × tokenizer, runs every
 * query through every retriever (or reuses the finished cells of an interrupted or earlier run),
 * then scores, slices, compares against the baseline and analyses the misses.
 */
export async function runExperiment(config: ExperimentConfig, options: RunOptions = {}): Promise<ExperimentRun> {
  const started = performance.now();
  const cacheDir = options.cacheDir ?? '.cache';
  const outDir = outputDir(config);
  const { queries, gold, unanswerable, qrels } = await loadGold(config);
  const metrics = metricList(config);
  const depth = Math.max(100, config.context_k, config.rerank_depth, ...config.ks, ...metrics.map((m) => m.k ?? 0));
  const cells = expandGrid(config, depth);
  const total = cells.length * queries.length;
  let done = 0;

  const pool = new EmbedderPool();
  const indexes = new Map<string, { index: CachedIndex; searcher: Searcher }>();
  const runs = new Map<string, CellRun>();
  const resumed = new Set<string>();
  try {
    for (const cell of cells) {
      const key = stableHash(cell.index);
      let entry = indexes.get(key);
      if (!entry) {
        options.onProgress?.({ phase: 'indexing', cell: cell.name, done, total });
        const index = await ensureIndex(config.corpus, cell.index, { indexDir: path.join(cacheDir, 'indexes'), embeddingCache: path.join(cacheDir, 'embeddings.sqlite') }, { onNotice: options.onNotice });
        // Queries are embedded by the model every time (no cache), so the latency a cell records
        // is what a user would see; finished cells are reused whole instead.
        const searcher = new Searcher(key, index.file, (id) => pool.get(id));
        if (indexes.size === 0) {
          const reader = searcher.reader;
          await checkGoldIds(goldPaths(config).qrels, qrels, new Set(queries.map((q) => q.id)), (id) => reader.document(id) !== undefined);
        }
        indexes.set(key, (entry = { index, searcher }));
      }
      const { run, resumed: wasResumed } = await runCell(entry.searcher, cell, queries, {
        level: config.level,
        depth,
        carriedK: config.context_k,
        cellsDir: path.join(outDir, 'cells'),
        onQuery: () => options.onProgress?.({ phase: 'retrieving', cell: cell.name, done: ++done, total }),
      });
      if (wasResumed) {
        done += queries.length;
        options.onProgress?.({ phase: 'retrieving', cell: cell.name, done, total });
        resumed.add(cell.name);
      }
      runs.set(cell.name, run);
    }

    options.onProgress?.({ phase: 'scoring', done, total });
    const answerable = queries.filter((q) => gold.has(q.id));
    const slices = sliceQueries(answerable, config.slices);
    const configs: ConfigResult[] = cells.map((cell) => {
      const run = runs.get(cell.name)!;
      const { index } = indexes.get(stableHash(cell.index))!;
      const perQuery = scoreCell(run, answerable, gold, metrics, config.relevance_threshold);
      return {
        name: cell.name,
        retriever: cell.retriever,
        kind: cell.kind,
        pipeline: cell.pipeline,
        index: { ...cell.index, embedderId: index.meta.embedder?.id ?? null, sizeBytes: index.sizeBytes, buildSeconds: index.meta.build.seconds, reused: index.reused, chunks: index.meta.counts.chunks, truncatedChunks: index.meta.counts.truncatedChunks },
        latency: latencySummary(Object.values(run.latencyMs)),
        means: meansOf(perQuery, metrics),
        perQuery,
        slices: slices.map((s) => ({ label: s.label, n: s.queryIds.length, means: Object.fromEntries(metrics.map((m) => [m.label, sliceMean(column(perQuery, m.label), s).mean])) })),
        legs: legStats(run, answerable, slices),
        failures: [],
        resumed: resumed.has(cell.name),
      };
    });

    const baseline = config.baseline ?? configs[0]!.name;
    const base = configs.find((c) => c.name === baseline);
    if (!base) throw new InputError(`baseline "${baseline}" is not a configuration of this grid (${configs.map((c) => c.name).join(', ')})`, { field: 'baseline' });
    const qids = answerable.map((q) => q.id);
    const labels = metrics.map((m) => m.label);
    const shown = tableMetrics(config, labels);
    for (const c of configs) {
      // Tested on the table's metrics only: each test costs 10,000 permutations and resamples.
      if (c !== base) c.significance = compareToBaseline(c, base, qids, shown, config.seed);
      if (c.kind === 'fused') {
        const single = bestSingleFor(c, configs, labels[0]!);
        if (single) c.bestSingle = { name: single.name, means: single.means };
      }
      c.failures = failuresOf(c, cells, runs, indexes, answerable, gold, config);
    }

    const sourceSlices = sliceQueries(answerable, ['source']);
    const sourceGap = configs.flatMap((c) => {
      const g = pairedSliceGap(column(c.perQuery, labels[0]!), sourceSlices);
      return g ? [{ config: c.name, metric: labels[0]!, real: g.a, synthetic: g.b, gap: g.gap }] : [];
    });

    const report: ExperimentReport = {
      name: config.name,
      ...(config.description && { description: config.description }),
      createdAt: new Date().toISOString(),
      testbedVersion: VERSION,
      config,
      level: config.level,
      queries: { total: queries.length, answerable: answerable.length, unanswerable },
      metrics: shown,
      curveKs: [...new Set(config.ks)].sort((a, b) => a - b),
      contextK: config.context_k,
      rerankDepth: config.rerank_depth,
      retrievalDepth: depth,
      baseline,
      sliceFields: config.slices,
      configs,
      ...(sourceGap.length && { sourceGap }),
      checks: [],
      wallSeconds: 0,
    };
    report.checks = runChecks(config.checks, report);
    report.wallSeconds = (performance.now() - started) / 1000;
    options.onProgress?.({ phase: 'done', done: total, total });
    return { report, runs };
  } finally {
    for (const { searcher } of indexes.values()) searcher.close();
    await pool.close();
  }
}

/**
 * Per slice: the share of queries for which the retriever returned nothing (a dead lexical leg:
 * BM25 over text it cannot tokenize), and for hybrids the share of the first context_k hits that
 * the lexical leg ranked higher, the dense leg ranked higher, or both ranked alike (ledBy).
 */
function legStats(run: CellRun, queries: readonly Query[], slices: readonly { label: string; queryIds: string[] }[]): ConfigResult['legs'] {
  const groups = [{ label: 'all', queryIds: queries.map((q) => q.id) }, ...slices];
  return groups.map(({ label, queryIds }) => {
    const zeroHit = queryIds.filter((q) => (run.rankings[q] ?? []).length === 0).length / Math.max(1, queryIds.length);
    if (!run.carried) return { label, zeroHit };
    const sum = { bm25: 0, dense: 0, both: 0 };
    for (const q of queryIds) for (const k of ['bm25', 'dense', 'both'] as const) sum[k] += run.carried[q]?.[k] ?? 0;
    const total = sum.bm25 + sum.dense + sum.both || 1;
    return { label, zeroHit, carried: { bm25: sum.bm25 / total, dense: sum.dense / total, both: sum.both / total } };
  });
}

export function outputDir(config: ExperimentConfig): string {
  return config.output ?? path.join('results', config.name);
}

async function loadGold(config: ExperimentConfig): Promise<{ queries: Query[]; gold: Map<string, Map<string, number>>; unanswerable: string[]; qrels: Qrels }> {
  const paths = goldPaths(config);
  for (const [what, file] of Object.entries(paths)) if (!fs.existsSync(file)) throw new InputError(`${what} file not found: ${file}`, { field: what });
  const queries = await readQueries(paths.queries);
  const qrels = await readGold(paths.qrels);
  const gold = new Map<string, Map<string, number>>();
  for (const q of queries) {
    const relevant = new Map([...(qrels.get(q.id) ?? [])].filter(([, g]) => g >= config.relevance_threshold));
    if (relevant.size > 0) gold.set(q.id, relevant);
  }
  const unanswerable = queries.filter((q) => !gold.has(q.id)).map((q) => q.id);
  return { queries, gold, unanswerable, qrels };
}

/** The metrics computed: the config's, recall and hit at every k, context_k and rerank_depth, and those the checks name. */
function metricList(config: ExperimentConfig): ParsedMetric[] {
  const ks = [...config.ks, config.context_k, config.rerank_depth];
  const labels = [
    ...config.metrics,
    ...ks.flatMap((k) => [`hit@${k}`, `recall@${k}`]),
    ...config.checks.flatMap((c) => ('metric' in c ? [c.metric] : (c.metrics ?? []))),
  ];
  const parsed = labels.map((l) => parseMetric(l));
  return [...new Map(parsed.map((m) => [m.label, m])).values()];
}

/** The main table's columns: the config's metrics, then recall and hit at context_k. */
function tableMetrics(config: ExperimentConfig, labels: string[]): string[] {
  const wanted = [...config.metrics.map((m) => parseMetric(m).label), `recall@${config.context_k}`, `hit@${config.context_k}`];
  return [...new Set(wanted)].filter((l) => labels.includes(l));
}

function meansOf(perQuery: Record<string, Record<string, number>>, metrics: readonly ParsedMetric[]): Record<string, number> {
  const rows = Object.values(perQuery);
  return Object.fromEntries(metrics.map((m) => [m.label, rows.reduce((s, r) => s + (r[m.label] ?? 0), 0) / Math.max(1, rows.length)]));
}

function column(perQuery: Record<string, Record<string, number>>, label: string): Map<string, number> {
  return new Map(Object.entries(perQuery).map(([q, s]) => [q, s[label] ?? 0]));
}

function failuresOf(
  c: ConfigResult,
  cells: readonly Cell[],
  runs: ReadonlyMap<string, CellRun>,
  indexes: ReadonlyMap<string, { searcher: Searcher }>,
  queries: readonly Query[],
  gold: Map<string, Map<string, number>>,
  config: ExperimentConfig,
) {
  const cell = cells.find((x) => x.name === c.name)!;
  const sameIndex = cells.filter((x) => stableHash(x.index) === stableHash(cell.index) || (x.kind === 'lexical' && x.index.chunker === cell.index.chunker && x.index.tokenizer === cell.index.tokenizer));
  const lexical = sameIndex.find((x) => x.kind === 'lexical');
  const dense = sameIndex.find((x) => x.kind === 'dense' && stableHash(x.index) === stableHash(cell.index));
  return analyzeFailures({
    run: runs.get(c.name)!,
    queries,
    relevant: gold,
    contextK: config.context_k,
    rerankDepth: config.rerank_depth,
    reader: indexes.get(stableHash(cell.index))!.searcher.reader,
    ...(lexical && { lexical: runs.get(lexical.name) }),
    ...(dense && { dense: runs.get(dense.name) }),
  });
}
