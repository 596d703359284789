import { parseExperimentConfig } from '../../src/experiments/config.js';
import type { AllPairsTests, ConfigResult, ExperimentReport } from '../../src/reports/report-model.js';

type Mode = 'bm25' | 'dense' | 'hybrid';

/**
 * A configuration result with only what the report's opening and tables read filled in: its
 * means, its slice means ({ label: [n, means] }), and optionally a baseline test or bestSingle.
 * The report's all-pairs tests, when a test needs them, are handBuiltReport's.
 */
export function configResult(
  name: string,
  mode: Mode,
  means: Record<string, number>,
  slices: Record<string, [number, Record<string, number>]> = {},
  extra: Pick<ConfigResult, 'significance' | 'bestSingle'> = {},
): ConfigResult {
  return {
    name,
    retriever: { name, mode, engine: 'fts5' },
    index: {
      chunker: 'doc',
      embedder: 'hash:64',
      tokenizer: 'unicode61',
      embedderId: 'hash:64',
      sizeBytes: 1e6,
      buildSeconds: 1,
      reused: false,
      chunks: 10,
      truncatedChunks: 0,
    },
    latency: { p50: 1, p95: 2 },
    means,
    perQuery: {},
    slices: Object.entries(slices).map(([label, [n, m]]) => ({ label, n, means: m })),
    legs: [],
    failures: [],
    resumed: false,
    ...extra,
  };
}

/** A finished report over `configs`, the first metric primary; nothing was run to make it. */
export function handBuiltReport(
  configs: ConfigResult[],
  options: { baseline: string; metrics: string[]; allPairs?: AllPairsTests },
): ExperimentReport {
  const answerable = 10;
  return {
    name: 'hand-built',
    createdAt: '2026-01-01T00:00:00.000Z',
    testbedVersion: 'x.y.z',
    config: parseExperimentConfig(
      `name: hand-built\ncorpus: nowhere\ngrid:\n  retrievers:\n    - { name: bm25, mode: bm25 }\n`,
    ),
    level: 'doc',
    queries: { total: answerable, answerable, unanswerable: [] },
    metrics: options.metrics,
    curveKs: [],
    contextK: 5,
    rerankDepth: 50,
    baseline: options.baseline,
    sliceFields: [...new Set(configs[0]?.slices.map((s) => s.label.split('=')[0]!) ?? [])],
    configs,
    ...(options.allPairs && { allPairs: options.allPairs }),
    checks: [],
    wallSeconds: 1,
  };
}

/**
 * One slice, three configurations, two metrics. ndcg@10: a 0.5, b 0.7, c 0.7 (b and c tie for
 * the maximum); mrr@10: a 0.9, b 0.9, c 0.2 (a and b tie). Overall means are not what is tested.
 */
export function sliceReport() {
  const c = (name: string, ndcg: number, mrr: number) =>
    configResult(
      name,
      'bm25',
      { 'ndcg@10': 0.5, 'mrr@10': 0.5 },
      { 'type=identifier': [3, { 'ndcg@10': ndcg, 'mrr@10': mrr }] },
    );
  return handBuiltReport([c('a', 0.5, 0.9), c('b', 0.7, 0.9), c('c', 0.7, 0.2)], {
    baseline: 'a',
    metrics: ['ndcg@10', 'mrr@10'],
  });
}
