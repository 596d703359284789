/**
 * Retrieval metrics that agree with trec_eval, and the evaluator that averages them.
 *
 * hit@k and recall@k are different things:
 * - hit@k (trec_eval `success_k`) is 1 if ANY relevant document is in the top k, else 0. Many RAG
 *   guides call this "recall@k"; here it is hit@k.
 * - recall@k (trec_eval `recall_k`) is the SHARE of all relevant documents found in the top k.
 * They agree only for queries with a single relevant document.
 *
 * Every metric has the MetricFn signature (types.ts), lives in its own file with its formula and
 * is one row of metric-table.ts (name, cutoff rule, aliases, trec_eval twin, help, function);
 * the parser, its errors and `testbed eval --help` are computed from the registry's rows.
 */
export type { MetricFn } from './types.js';
export { DEFAULT_THRESHOLD } from './types.js';
export { METRIC_TABLE, type MetricName } from './metric-table.js';
export type { CutoffRule, MetricRow } from './metric-row.js';
export { findMetric, metricRows, registerMetric } from './metric-registry.js';
export { metricHelpLines, validMetrics } from './metric-help.js';
export { parseMetric, parseMetricList, parseMetricLists, DEFAULT_METRICS, type ParsedMetric } from './parse-metric.js';
export {
  evaluate,
  scoreQuery,
  type Evaluation,
  type Scores,
  type ScoreOptions,
  type UnanswerablePolicy,
} from './evaluate.js';
export { evaluateRunQueries, type QueryList, type StreamedEvaluation } from './evaluate-stream.js';
export {
  gradesOf,
  isAnswerable,
  judgementsFor,
  judgementsOf,
  relevantDocs,
  type Judgements,
} from './judgements.js';
export {
  countBySource,
  SOURCE_KINDS,
  sourceOf,
  type JudgementSource,
  type PairSources,
  type ServedShare,
  type SourceKind,
} from './pair-sources.js';
export { formatValue } from './format-value.js';
export { printsAsZero, tiesAtPrinted } from './printed-ties.js';
export { hitAt } from './hit.js';
export { recallAt } from './recall.js';
export { precisionAt } from './precision.js';
export { reciprocalRank } from './mrr.js';
export { ndcgAt } from './ndcg.js';
export { averagePrecision } from './average-precision.js';
export { rPrecision } from './r-precision.js';
export { bpref } from './bpref.js';
export { judgedAt } from './judged.js';
export { condensedRanking } from './condensed.js';
export {
  clickLog,
  clickWarning,
  describeSourceMix,
  SOURCE_MIX_K,
  sourceMix,
  unshownByLog,
  type ClickLog,
  type SourceMix,
} from './source-mix.js';
export { ALL_TREC, readTrecMeasure, SUCCESS_CUTOFFS, TREC_CUTOFFS, trecName } from './trec-names.js';
