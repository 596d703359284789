import { formatValue } from '../../metrics/format-value.js';
import type { CompareTable } from './compare-table.js';
import { compareVerdict } from './compare-verdict.js';
import { describeProcedure } from './test-description.js';

/** LaTeX's special characters, each as text mode writes it, and three that need math mode. */
const SPECIAL: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '{': '\\{',
  '}': '\\}',
  $: '\\$',
  '&': '\\&',
  '#': '\\#',
  '^': '\\textasciicircum{}',
  _: '\\_',
  '%': '\\%',
  '~': '\\textasciitilde{}',
  // Not special, but set wrong outside math in LaTeX's default font encoding (OT1: < prints ¡).
  '<': '$<$',
  '>': '$>$',
  '×': '$\\times$',
};

/** Text set verbatim in LaTeX: every special character escaped. */
export function escapeLatex(text: string): string {
  return text.replace(/[\\{}$&#^_%~<>×]/g, (c) => SPECIAL[c]!);
}

/**
 * The comparison as a LaTeX table (booktabs rules): one row per run, the best mean of each
 * metric in \textbf, the letters of the runs it beats as a math superscript ($^{ac}$); the
 * caption says how to read it. The verdict follows as a paragraph of text.
 */
export function renderCompareLatex(t: CompareTable): string {
  const caption =
    'Mean per query. Bold: the best of each metric. Superscripts: the runs a mean is significantly higher than, ' +
    `by ${escapeLatex(describeProcedure(t))}, at $\\alpha = ${t.options.alpha}$.`;
  const rows = t.rows.map((r) => {
    const cells = r.cells.map((c) => {
      const mean = formatValue(c.mean);
      return (c.best ? `\\textbf{${mean}}` : mean) + (c.beats.length ? `$^{${c.beats.join('')}}$` : '');
    });
    return `${r.letter} & ${escapeLatex(r.name)} & ${cells.join(' & ')} \\\\`;
  });
  return [
    '% needs \\usepackage{booktabs}',
    '\\begin{table}[t]',
    '\\centering',
    `\\caption{${caption}}`,
    `\\begin{tabular}{cl${'r'.repeat(t.metrics.length)}}`,
    '\\toprule',
    `\\# & Run & ${t.metrics.map(escapeLatex).join(' & ')} \\\\`,
    '\\midrule',
    ...rows,
    '\\bottomrule',
    '\\end{tabular}',
    '\\end{table}',
    '',
    escapeLatex(compareVerdict(t)),
    '',
  ].join('\n');
}
