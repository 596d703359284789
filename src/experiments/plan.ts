import fs from 'node:fs';
import type { Query } from '../corpus/types.js';
import { InputError } from '../errors.js';
import { readJudgements, readQuerySet } from '../gold/index.js';
import { isAnswerable, parseMetric, type Judgements, type ParsedMetric } from '../metrics/index.js';
import { goldPaths, type ExperimentConfig } from './config.js';
import { expandGrid, type Cell } from './grid.js';
import { tuneLegCells } from './tune-legs.js';

/** What an experiment will do, settled before anything is built: the first stage of the runner. */
export interface ExperimentPlan {
  config: ExperimentConfig;
  queries: Query[];
  /**
   * The gold set as every scorer reads it: all grades (0 and negative ones too), at the config's
   * relevance_threshold, each pair with its source. `testbed eval` builds the same value.
   */
  judgements: Judgements;
  /** The query set's answerable query ids (a document at or above the threshold): derived from `judgements`. */
  answerable: ReadonlySet<string>;
  /** The query set's other ids, in query-set order. */
  unanswerable: string[];
  metrics: ParsedMetric[];
  /** How deep every cell retrieves: enough for every k, metric and window the report shows. */
  depth: number;
  cells: Cell[];
}

export async function planExperiment(config: ExperimentConfig): Promise<ExperimentPlan> {
  const { queries, judgements, answerable, unanswerable } = await loadJudgedQuerySet(config);
  const metrics = metricList(config);
  const depth = Math.max(100, config.context_k, config.rerank_depth, ...config.ks, ...metrics.map((m) => m.k ?? 0));
  const cells = expandGrid(config, depth);
  config.tune.forEach((_, i) => tuneLegCells(config, cells, i));
  return { config, queries, judgements, answerable, unanswerable, metrics, depth, cells };
}

async function loadJudgedQuerySet(
  config: ExperimentConfig,
): Promise<Pick<ExperimentPlan, 'queries' | 'judgements' | 'answerable' | 'unanswerable'>> {
  const paths = goldPaths(config);
  for (const [what, file] of Object.entries(paths))
    if (!fs.existsSync(file)) throw new InputError(`${what} file not found: ${file}`, { field: what });
  const queries = await readQuerySet(paths.queries);
  const { judgements } = await readJudgements(paths.qrels, { threshold: config.relevance_threshold });
  const answerable = new Set(queries.filter((q) => isAnswerable(judgements, q.id)).map((q) => q.id));
  const unanswerable = queries.filter((q) => !answerable.has(q.id)).map((q) => q.id);
  return { queries, judgements, answerable, unanswerable };
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
