import type { CompareTable } from './compare-table.js';

/**
 * The comparison as CSV in long format, one row per (run, metric): letter, run, metric, mean
 * (full precision), best (true/false), and beats: the letters of the runs it beats
 * significantly, space-separated (empty when none). The verdict is not part of it.
 */
export function renderCompareCsv(t: CompareTable): string {
  const lines = [['letter', 'run', 'metric', 'mean', 'best', 'beats']];
  for (const r of t.rows)
    r.cells.forEach((c, m) => {
      lines.push([r.letter, r.name, t.metrics[m]!, String(c.mean), String(c.best), c.beats.join(' ')]);
    });
  return lines.map((line) => line.map(quote).join(',')).join('\n') + '\n';
}

function quote(field: string): string {
  return /[",\n\r]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
}
