import type { ExperimentReport } from './report-model.js';

/**
 * per-query.csv: one row per (configuration, answerable query), one column per metric, the
 * values of report.json's perQuery exactly (full precision). A file apart from metrics.csv, whose
 * long layout (config, slice, queries, metric, value) readers pivot on: per-query rows there
 * would count twice in every pivot of the means. A configuration's failed queries (a remote leg
 * that erred) have no row, as they have no perQuery value.
 */
export function renderPerQueryCsv(r: ExperimentReport): string {
  const labels = Object.keys(r.configs[0]?.means ?? {});
  const rows = [['config', 'query', ...labels]];
  for (const c of r.configs)
    for (const [qid, values] of Object.entries(c.perQuery))
      rows.push([c.name, qid, ...labels.map((m) => num(values[m]))]);
  return rows.map((row) => row.map(quote).join(',')).join('\n') + '\n';
}

const num = (x: number | undefined) => (x === undefined || Number.isNaN(x) ? '' : String(x));

function quote(field: string): string {
  return /[",\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
}
