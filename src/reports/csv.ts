import type { ExperimentReport } from './report-model.js';

/** One row per (configuration, slice, metric): the long format spreadsheets and pandas pivot easily. */
export function renderCsv(r: ExperimentReport): string {
  const rows = [['config', 'slice', 'queries', 'metric', 'value']];
  const labels = Object.keys(r.configs[0]?.means ?? {});
  for (const c of r.configs) {
    for (const m of labels) rows.push([c.name, 'all', String(r.queries.answerable), m, num(c.means[m])]);
    for (const s of c.slices) for (const m of labels) rows.push([c.name, s.label, String(s.n), m, num(s.means[m])]);
    // A rerank stage's first-stage figures, labelled first_stage.<metric>.
    const fs = c.firstStage;
    if (!fs) continue;
    for (const [m, v] of Object.entries(fs.means)) rows.push([c.name, 'all', String(r.queries.answerable), m, num(v)]);
    for (const s of fs.slices)
      for (const [m, v] of Object.entries(s.means)) rows.push([c.name, s.label, String(s.n), m, num(v)]);
  }
  return rows.map((r) => r.map(quote).join(',')).join('\n') + '\n';
}

const num = (x: number | undefined) => (x === undefined || Number.isNaN(x) ? '' : String(x));

function quote(field: string): string {
  return /[",\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
}
