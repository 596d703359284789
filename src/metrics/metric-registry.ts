import { Registry } from '../registry.js';
import { METRIC_WORD, type MetricRow } from './metric-row.js';
import { METRIC_TABLE } from './metric-table.js';

const metrics = new Registry<MetricRow>('a metric', METRIC_TABLE);

/**
 * The metrics known now, built-in then registered. Every list of metrics (the parser, its
 * errors, `testbed eval --help`) is computed from this on each use.
 */
export function metricRows(): readonly MetricRow[] {
  return metrics.rows();
}

/** The metric a word names, by its name or one of its aliases (lower case); undefined if none. */
export function findMetric(word: string): MetricRow | undefined {
  return metrics.get(word) ?? metrics.rows().find((r) => r.aliases.includes(word));
}

/**
 * Adds a metric at run time (tests and extensions; the built-in ones are METRIC_TABLE's rows)
 * and returns the function that removes it again. A name or alias already taken is refused, so
 * no spelling ever means two metrics, and so is one the parser could not read.
 */
export function registerMetric(row: MetricRow): () => void {
  const spellings = [row.name, ...row.aliases];
  const unreadable = spellings.find((s) => !new RegExp(`^${METRIC_WORD}$`).test(s));
  if (unreadable !== undefined)
    throw new Error(`a metric is spelled in lower case letters, _ and -, not ${JSON.stringify(unreadable)}`);
  const taken = spellings.find((s) => findMetric(s) !== undefined);
  if (taken !== undefined) throw new Error(`a metric is already spelled ${JSON.stringify(taken)}`);
  return metrics.register(row);
}
