import type { ExperimentReport } from './report-model.js';

/** How a query in several slices of one field (a list value: tags billing and sso) reads in its cell. */
export const SLICE_VALUE_SEPARATOR = ';';

/**
 * per-query.csv: one row per (configuration, answerable query): the query's id and text, one
 * column per slice field of the report (the query's slice values, so a spreadsheet can filter on
 * them), then one column per metric, the values of report.json's perQuery exactly (full
 * precision). A file apart from metrics.csv, whose long layout (config, slice, queries, metric,
 * value) readers pivot on: per-query rows there would count twice in every pivot of the means.
 * A configuration's failed queries (a remote leg that erred) have no row, as they have no
 * perQuery value. Text and slice cells are empty in a report saved before it recorded them.
 */
export function renderPerQueryCsv(r: ExperimentReport): string {
  const labels = Object.keys(r.configs[0]?.means ?? {});
  const rows = [['config', 'query', 'text', ...r.sliceFields, ...labels]];
  for (const c of r.configs)
    for (const [qid, values] of Object.entries(c.perQuery)) {
      const detail = r.queryDetails?.[qid];
      const slices = r.sliceFields.map((f) => detail?.slices[f]?.join(SLICE_VALUE_SEPARATOR) ?? '');
      rows.push([c.name, qid, detail?.text ?? '', ...slices, ...labels.map((m) => num(values[m]))]);
    }
  return rows.map((row) => row.map(quote).join(',')).join('\n') + '\n';
}

const num = (x: number | undefined) => (x === undefined || Number.isNaN(x) ? '' : String(x));

function quote(field: string): string {
  return /[",\n\r]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
}
