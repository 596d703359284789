import fs from 'node:fs';
import type { Qrels, Query } from '../corpus/types.js';
import { InputError } from '../errors.js';
import { readGold, readQuerySet } from '../gold/index.js';
import { parseMetric, type ParsedMetric } from '../metrics/index.js';
import { goldPaths, type ExperimentConfig } from './config.js';
import { expandGrid, type Cell } from './grid.js';
import { tuneLegCells } from './tune-legs.js';

/** What an experiment will do, settled before anything is built: the first stage of the runner. */
export interface ExperimentPlan {
  config: ExperimentConfig;
  queries: Query[];
  /** Answerable queries only: qid -> relevant documents (grade >= relevance_threshold). */
  gold: Map<string, Map<string, number>>;
  unanswerable: string[];
  qrels: Qrels;
  metrics: ParsedMetric[];
  /** How deep every cell retrieves: enough for every k, metric and window the report shows. */
  depth: number;
  cells: Cell[];
}

export async function planExperiment(config: ExperimentConfig): Promise<ExperimentPlan> {
  const { queries, gold, unanswerable, qrels } = await loadGold(config);
  const metrics = metricList(config);
  const depth = Math.max(100, config.context_k, config.rerank_depth, ...config.ks, ...metrics.map((m) => m.k ?? 0));
  const cells = expandGrid(config, depth);
  config.tune.forEach((_, i) => tuneLegCells(config, cells, i));
  return { config, queries, gold, unanswerable, qrels, metrics, depth, cells };
}

async function loadGold(
  config: ExperimentConfig,
): Promise<Pick<ExperimentPlan, 'queries' | 'gold' | 'unanswerable' | 'qrels'>> {
  const paths = goldPaths(config);
  for (const [what, file] of Object.entries(paths))
    if (!fs.existsSync(file)) throw new InputError(`${what} file not found: ${file}`, { field: what });
  const queries = await readQuerySet(paths.queries);
  const qrels = await readGold(paths.qrels);
  const gold = new Map<string, Map<string, number>>();
  for (const q of queries) {
    const relevant = new Map([...(qrels.get(q.id) ?? [])].filter(([, g]) => g >= config.relevance_threshold));
    if (relevant.size > 0) gold.set(q.id, relevant);
  }
  const unanswerable = queries.filter((q) => !gold.has(q.id)).map((q) => q.id);
  return { queries, gold, unanswerable, qrels };
}

/** The metrics computed: the config's, recall and hit at every k, context_k and rerank_depth, and those the checks and tune blocks name. */
function metricList(config: ExperimentConfig): ParsedMetric[] {
  const ks = [...config.ks, config.context_k, config.rerank_depth];
  const labels = [
    ...config.metrics,
    ...ks.flatMap((k) => [`hit@${k}`, `recall@${k}`]),
    ...config.checks.flatMap((c) => ('metric' in c ? [c.metric] : (c.metrics ?? []))),
    ...config.tune.flatMap((t) => (t.metric ? [t.metric] : [])),
  ];
  const parsed = labels.map((l) => parseMetric(l));
  return [...new Map(parsed.map((m) => [m.label, m])).values()];
}

/** The main table's columns: the config's metrics, then recall and hit at context_k. */
export function tableMetrics(config: ExperimentConfig, labels: readonly string[]): string[] {
  const wanted = [
    ...config.metrics.map((m) => parseMetric(m).label),
    `recall@${config.context_k}`,
    `hit@${config.context_k}`,
  ];
  return [...new Set(wanted)].filter((l) => labels.includes(l));
}
