import { InputError } from '../errors.js';
import { validMetrics } from './metric-help.js';
import { findMetric } from './metric-registry.js';
import { METRIC_WORD, type MetricRow } from './metric-row.js';
import type { MetricName } from './metric-table.js';
import { ALL_TREC, readTrecMeasure, validTrecNames } from './trec-names.js';

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
 * row's name, so a result is always labelled the same way however it was asked for; so do
 * trec_eval's measure names with their cutoff (`ndcg_cut_10`, `P_5`, `ndcg_cut.10`). An unknown
 * name, a missing or unexpected cutoff, or a cutoff below 1 is an InputError that lists the
 * valid names.
 */
export function parseMetric(text: string): ParsedMetric {
  const { row, k } = readName(text.trim());
  const { name, cutoff: rule } = row;
  if (k === undefined && rule === 'required') throw invalid(text, `${name} needs a cutoff, e.g. ${name}@10`);
  if (k !== undefined && rule === 'none') throw invalid(text, `${name} takes no cutoff`);
  if (k !== undefined && (k < 1 || !Number.isSafeInteger(k)))
    throw invalid(text, 'the cutoff must be a whole number from 1');
  return { name, k, label: k === undefined ? name : `${name}@${k}` };
}

/** The row and cutoff a name spells, ours (`ndcg@10`, an alias) or trec_eval's (`ndcg_cut_10`). */
function readName(text: string): { row: MetricRow; k: number | undefined } {
  const match = SPELLING.exec(text.toLowerCase());
  const row = match === null ? undefined : findMetric(match[1]!);
  if (row !== undefined) return { row, k: match![2] === undefined ? undefined : Number(match![2]) };
  const trec = readTrecMeasure(text);
  if (trec === undefined) throw invalid(text, 'unknown metric');
  return trec;
}

/**
 * Parses a comma-separated list (`ndcg@10,mrr`). A metric asked for twice, even under two
 * spellings, is kept once, in its first position, so every label is a unique key.
 */
export function parseMetricList(list: string): ParsedMetric[] {
  return parseMetricLists([list]);
}

/**
 * Parses several lists, as repeated `-m`/`--metrics` give them, into one. Besides our names,
 * each list may hold trec_eval's: `all_trec` (ALL_TREC, the standard set) and its parameterised
 * form, `P.5,10` being P_5 and P_10 (a bare number continues the measure before it).
 */
export function parseMetricLists(lists: readonly string[]): ParsedMetric[] {
  const parsed = new Map<string, ParsedMetric>();
  for (const list of lists) {
    // `P.` while reading `P.5,10`: the 10 is P.10, not a metric of its own.
    let dotted: string | undefined;
    for (const raw of list.split(',')) {
      const part = raw.trim();
      if (part === '') continue;
      const continued = dotted !== undefined && /^\d+$/.test(part);
      if (!continued) dotted = /^[A-Za-z_]+\.\d+$/.test(part) ? part.slice(0, part.indexOf('.') + 1) : undefined;
      const names = part.toLowerCase() === 'all_trec' ? ALL_TREC : [continued ? dotted + part : part];
      for (const text of names) {
        const metric = parseMetric(text);
        if (!parsed.has(metric.label)) parsed.set(metric.label, metric);
      }
    }
  }
  if (parsed.size === 0)
    throw new InputError(`no metric given; valid metrics: ${validMetrics()}`, { field: 'metrics' });
  return [...parsed.values()];
}

function invalid(text: string, reason: string): InputError {
  return new InputError(
    `${reason}: ${JSON.stringify(text)}; valid metrics: ${validMetrics()}; or trec_eval's names: ${validTrecNames()}`,
    { field: 'metrics' },
  );
}
