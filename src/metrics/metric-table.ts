import { averagePrecision } from './average-precision.js';
import { hitAt } from './hit.js';
import { reciprocalRank } from './mrr.js';
import { ndcgAt } from './ndcg.js';
import { precisionAt } from './precision.js';
import { rPrecision } from './r-precision.js';
import { recallAt } from './recall.js';
import type { MetricFn, MetricName } from './types.js';

/** Every metric by name: adding one means adding a file and a row here (and in CUTOFF_RULES). */
export const METRIC_FNS: Record<MetricName, MetricFn> = {
  hit: hitAt,
  recall: recallAt,
  precision: precisionAt,
  mrr: reciprocalRank,
  ndcg: ndcgAt,
  map: averagePrecision,
  'r-precision': rPrecision,
};

/** Whether a name takes `@k`: required where "the whole ranking" is rarely what anyone means. */
export type CutoffRule = 'required' | 'optional' | 'none';

export const CUTOFF_RULES: Record<MetricName, CutoffRule> = {
  hit: 'required',
  recall: 'required',
  precision: 'required',
  mrr: 'optional',
  ndcg: 'required',
  map: 'optional',
  'r-precision': 'none',
};

/** The trec_eval measure each name reproduces, for help texts and doc comments. */
export const TREC_EVAL_NAMES: Record<MetricName, string> = {
  hit: 'success_k',
  recall: 'recall_k',
  precision: 'P_k',
  mrr: 'recip_rank',
  ndcg: 'ndcg_cut_k',
  map: 'map, map_cut_k',
  'r-precision': 'Rprec',
};
