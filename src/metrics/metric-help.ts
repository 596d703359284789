import type { MetricRow } from './metric-row.js';
import { metricRows } from './metric-registry.js';

/** How a metric is written, by its cutoff rule: `ndcg@K`, `mrr, mrr@K`, `r-precision`. */
function spellings(row: MetricRow): string {
  if (row.cutoff === 'required') return `${row.name}@K`;
  if (row.cutoff === 'optional') return `${row.name}, ${row.name}@K`;
  return row.name;
}

/** The valid metrics in one line, for the parser's errors: `hit@K, ..., r-precision (K a whole number ≥ 1)`. */
export function validMetrics(): string {
  return `${metricRows().map(spellings).join(', ')} (K a whole number ≥ 1)`;
}

/**
 * One line per metric for `testbed eval --help`: its spellings, what it measures and the
 * trec_eval measure it reproduces. The first line with a twin names the tool; later ones only
 * the measure. Each line starts with `indent`; the help column starts two spaces after the
 * longest spelling.
 */
export function metricHelpLines(indent: string): string[] {
  const rows = metricRows();
  const width = Math.max(...rows.map((r) => spellings(r).length)) + 2;
  let named = false;
  return rows.map((row) => {
    let twin = '';
    if (row.trecEval !== undefined) {
      twin = ` (${named ? '' : 'trec_eval '}${row.trecEval.join(', ')})`;
      named = true;
    }
    return `${indent}${spellings(row).padEnd(width)}${row.help}${twin}`;
  });
}
