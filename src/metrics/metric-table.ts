import { averagePrecision } from './average-precision.js';
import { bpref } from './bpref.js';
import { hitAt } from './hit.js';
import { judgedAt } from './judged.js';
import type { MetricRow } from './metric-row.js';
import { reciprocalRank } from './mrr.js';
import { ndcgAt } from './ndcg.js';
import { precisionAt } from './precision.js';
import { rPrecision } from './r-precision.js';
import { recallAt } from './recall.js';

/**
 * Every built-in metric, in the order `testbed eval --help` and the parser's errors list them.
 * Each function lives in its own file with its formula; metric-registry.ts serves these rows
 * and any registered at run time.
 */
export const METRIC_TABLE = [
  {
    name: 'hit',
    cutoff: 'required',
    aliases: ['hit_rate', 'success'],
    trecEval: ['success_K'],
    help: '1 if any relevant doc is in the top K',
    fn: hitAt,
  },
  {
    name: 'recall',
    cutoff: 'required',
    aliases: ['r'],
    trecEval: ['recall_K'],
    help: 'share of all relevant docs found in the top K',
    fn: recallAt,
  },
  {
    name: 'precision',
    cutoff: 'required',
    aliases: ['p'],
    trecEval: ['P_K'],
    help: 'relevant docs in the top K, divided by K',
    fn: precisionAt,
  },
  {
    name: 'mrr',
    cutoff: 'optional',
    aliases: ['rr', 'recip_rank'],
    trecEval: ['recip_rank'],
    help: '1 / rank of the first relevant doc',
    fn: reciprocalRank,
  },
  {
    name: 'ndcg',
    cutoff: 'required',
    aliases: ['ndcg_cut'],
    trecEval: ['ndcg_cut_K'],
    help: 'nDCG, gain = grade, log2 discount',
    fn: ndcgAt,
  },
  {
    name: 'map',
    cutoff: 'optional',
    aliases: ['ap', 'map_cut'],
    trecEval: ['map', 'map_cut_K'],
    help: 'average precision',
    fn: averagePrecision,
  },
  {
    name: 'r-precision',
    cutoff: 'none',
    aliases: ['r_precision', 'rprec'],
    trecEval: ['Rprec'],
    help: 'precision at rank R = number of relevant docs',
    fn: rPrecision,
  },
  {
    name: 'bpref',
    cutoff: 'none',
    aliases: [],
    trecEval: ['bpref'],
    help: 'judged docs only: relevant ones ranked above judged non-relevant ones',
    fn: bpref,
  },
  {
    // No trecEval: trec_eval has no such measure (ir_measures names it Judged@K).
    name: 'judged',
    cutoff: 'required',
    aliases: [],
    help: 'share of the docs in the top K with any judgement (grade 0 included)',
    fn: judgedAt,
  },
] as const satisfies readonly MetricRow[];

/** The built-in metric names, without cutoff. A metric registered at run time is named by a plain string. */
export type MetricName = (typeof METRIC_TABLE)[number]['name'];
