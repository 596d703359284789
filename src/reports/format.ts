/** Shared cell formatting for the Markdown report. */
export const fmt = (x: number | undefined, digits = 4): string => (x === undefined || Number.isNaN(x) ? '–' : x.toFixed(digits));

export function table(header: string[], rows: string[][], align: ('l' | 'r')[] = []): string {
  const sep = header.map((_, i) => (align[i] ?? (i === 0 ? 'l' : 'r')) === 'r' ? '---:' : '---');
  const esc = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  return [header, sep, ...rows].map((r, i) => `| ${(i === 1 ? r : r.map(esc)).join(' | ')} |`).join('\n');
}

/** Index of the best (largest) value in each column, for bolding; ties all count as best. */
export function bestPerColumn(values: (number | undefined)[][]): Set<string> {
  const best = new Set<string>();
  const cols = Math.max(0, ...values.map((r) => r.length));
  for (let c = 0; c < cols; c++) {
    const column = values.map((r) => r[c]).filter((v): v is number => v !== undefined && !Number.isNaN(v));
    if (column.length < 2) continue;
    const max = Math.max(...column);
    values.forEach((r, i) => r[c] !== undefined && Math.abs(r[c]! - max) < 1e-12 && best.add(`${i}:${c}`));
  }
  return best;
}
