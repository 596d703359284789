import type { Judgements } from '../metrics/index.js';
import type { ExperimentProgress } from './progress.js';
import { EmbedderPool } from '../embedders/embedder-pool.js';
import { cacheHome } from '../cache-home.js';
import { VERSION } from '../version.js';
import { analyse } from './analyse.js';
import { measureOverlap } from './measure-overlap.js';
import { annRecalls } from './ann-recalls.js';
import type { CellRun } from './cell-run.js';
import { runChecks } from './checks.js';
import type { ExperimentConfig } from './config.js';
import { stableHash } from './grid.js';
import { planExperiment, tableMetrics } from './plan.js';
import type { ExperimentReport } from '../reports/report-model.js';
import { redactConfig } from '../remote/redact-config.js';
import { retrieveCells, type OpenIndex } from './retrieve-cells.js';
import { scoreConfigs, type ScoredEntry } from './score-configs.js';
import { tuneCells } from './tune-cells.js';
import { outputDir } from './output-dir.js';
import { queryDetails } from './query-details.js';
import { clickBias } from './click-bias.js';
import { untaggedSources } from './untagged-sources.js';

export interface RunOptions {
  /** Indexes and embeddings are cached here, shared by every command (default cacheHome()). */
  cacheDir?: string;
  onProgress?: (p: ExperimentProgress) => void;
  onNotice?: (message: string) => void;
}

export interface ExperimentRun {
  report: ExperimentReport;
  /** Per configuration, its raw rankings (for TREC run files). */
  runs: Map<string, CellRun>;
  /** The judgements every configuration was scored with: the report folder keeps a copy. */
  judgements: Judgements;
}

/**
 * Runs an experiment in five stages: plan (gold, metrics, depth, cells), retrieve (one index per
 * chunker x embedder x tokenizer, every query through every cell, finished cells reused), tune
 * (the `tune:` blocks' cross-validated fusions), score (per query, per slice) and analyse
 * (every pair of configurations tested, best single leg, misses, real vs synthetic), then assembles the report and
 * runs its checks.
 */
export async function runExperiment(config: ExperimentConfig, options: RunOptions = {}): Promise<ExperimentRun> {
  const started = performance.now();
  const plan = await planExperiment(config);
  const pool = new EmbedderPool();
  let indexes: Map<string, OpenIndex> = new Map();
  try {
    const retrieved = await retrieveCells(plan, {
      cacheDir: cacheHome(options.cacheDir),
      outDir: outputDir(config),
      pool,
      ...(options.onProgress && { onProgress: options.onProgress }),
      ...(options.onNotice && { onNotice: options.onNotice }),
    });
    indexes = retrieved.indexes;
    const total = plan.cells.length * plan.queries.length;
    options.onProgress?.({ phase: 'scoring', done: total, total });

    const entries: ScoredEntry[] = plan.cells.map((cell) => ({
      name: cell.name,
      retriever: cell.retriever,
      kind: cell.kind,
      pipeline: cell.pipeline,
      index: cell.index,
      cached: retrieved.indexes.get(stableHash(cell.index))!.index,
      run: retrieved.runs.get(cell.name)!,
      resumed: retrieved.resumed.has(cell.name),
    }));
    const tuned = tuneCells(plan, retrieved.runs);
    for (const t of tuned) {
      entries.push({
        name: t.config.name,
        retriever: { name: t.config.name, tune: t.config },
        kind: 'fused',
        index: t.base.index,
        cached: retrieved.indexes.get(stableHash(t.base.index))!.index,
        run: t.run,
        resumed: false,
      });
    }
    const runs = new Map(entries.map((e) => [e.name, e.run]));

    // Header values of remote legs (an inline key) are not published with the report.
    const configs = scoreConfigs(plan, entries).map((c) => ({
      ...c,
      retriever: redactConfig(c.retriever),
      ...(c.pipeline && { pipeline: redactConfig(c.pipeline) }),
    }));
    tuned.forEach((t, i) => (configs[plan.cells.length + i]!.tuning = t.tuning));
    const ann = await annRecalls(plan, retrieved);
    for (const c of configs) if (ann.has(c.name)) c.annRecall = ann.get(c.name)!;
    const shown = tableMetrics(
      config,
      plan.metrics.map((m) => m.label),
    );
    const { baseline, allPairs, sourceGap } = analyse(plan, configs, entries, indexes, shown);
    const overlap = await measureOverlap(plan, entries, indexes);
    const clickLog = clickBias(plan.judgements, configs);
    const untagged = untaggedSources(plan.queries.filter((q) => plan.answerable.has(q.id)));

    const report: ExperimentReport = {
      name: config.name,
      ...(config.description && { description: config.description }),
      createdAt: new Date().toISOString(),
      testbedVersion: VERSION,
      config: redactConfig(config),
      level: config.level,
      queries: { total: plan.queries.length, answerable: plan.answerable.size, unanswerable: plan.unanswerable },
      metrics: shown,
      curveKs: [...new Set(config.ks)].sort((a, b) => a - b),
      contextK: config.context_k,
      rerankDepth: config.rerank_depth,
      retrievalDepth: plan.depth,
      baseline,
      sliceFields: config.slices,
      // Redacted once above, where configs is made.
      configs,
      ...(allPairs && { allPairs }),
      ...(sourceGap.length && { sourceGap }),
      ...(overlap && { overlapBySource: overlap }),
      ...(clickLog && { clickLog }),
      ...(untagged && { untaggedSources: untagged }),
      checks: [],
      wallSeconds: 0,
      queryDetails: queryDetails(
        plan.queries.filter((q) => plan.answerable.has(q.id)),
        config.slices,
      ),
    };
    report.checks = runChecks(config.checks, report);
    report.wallSeconds = (performance.now() - started) / 1000;
    options.onProgress?.({ phase: 'done', done: total, total });
    return { report, runs, judgements: plan.judgements };
  } finally {
    for (const { searcher } of indexes.values()) searcher.close();
    await pool.close();
  }
}

// In a file of its own so the CLI can name the folder without loading the runner (0.6 s).
export { outputDir };
