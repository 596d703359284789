import { InputError } from '../errors.js';
import { validMetrics } from './metric-help.js';
import { findMetric } from './metric-registry.js';
import { METRIC_WORD } from './metric-row.js';
import type { MetricName } from './metric-table.js';

/** A metric as requested: `ndcg@10` -> { name: 'ndcg', k: 10, label: 'ndcg@10' }. */
export interface ParsedMetric {
  /** A row's name (metric-registry.ts): a MetricName, or the name of a metric registered at run time. */
  name: MetricName | (string & {});
  k: number | undefined;
  /** The canonical spelling, used as the key in results and output. */
  label: string;
}

/** What `testbed eval` reports when no --metrics is given. */
export const DEFAULT_METRICS = 'ndcg@10,recall@100,hit@10,mrr,map,precision@10,r-precision';

const SPELLING = new RegExp(`^(${METRIC_WORD})(?:@(\\d+))?$`);

/**
 * Parses one metric name, the only place names are read. Names are case-insensitive, and the
 * spellings users bring from ranx, ir_measures and trec_eval (each row's aliases) map to the
 * row's name, so a result is always labelled the same way however it was asked for. An unknown
 * name, a missing or unexpected cutoff, or a cutoff below 1 is an InputError that lists the
 * valid names.
 */
export function parseMetric(text: string): ParsedMetric {
  const match = SPELLING.exec(text.trim().toLowerCase());
  const row = match === null ? undefined : findMetric(match[1]!);
  if (match === null || row === undefined) throw invalid(text, 'unknown metric');
  const { name, cutoff: rule } = row;
  const k = match[2] === undefined ? undefined : Number(match[2]);
  if (k === undefined && rule === 'required') throw invalid(text, `${name} needs a cutoff, e.g. ${name}@10`);
  if (k !== undefined && rule === 'none') throw invalid(text, `${name} takes no cutoff`);
  if (k !== undefined && (k < 1 || !Number.isSafeInteger(k)))
    throw invalid(text, 'the cutoff must be a whole number from 1');
  return { name, k, label: k === undefined ? name : `${name}@${k}` };
}

/**
 * Parses a comma-separated list (`ndcg@10,mrr`). A metric asked for twice, even under two
 * spellings, is kept once, in its first position, so every label is a unique key.
 */
export function parseMetricList(list: string): ParsedMetric[] {
  const parsed = new Map<string, ParsedMetric>();
  for (const part of list.split(',')) {
    if (part.trim() === '') continue;
    const metric = parseMetric(part);
    if (!parsed.has(metric.label)) parsed.set(metric.label, metric);
  }
  if (parsed.size === 0)
    throw new InputError(`no metric given; valid metrics: ${validMetrics()}`, { field: 'metrics' });
  return [...parsed.values()];
}

function invalid(text: string, reason: string): InputError {
  return new InputError(`${reason}: ${JSON.stringify(text)}; valid metrics: ${validMetrics()}`, { field: 'metrics' });
}
