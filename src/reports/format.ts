import { printsAsZero, tiesAtPrinted } from '../metrics/printed-ties.js';

/** Shared cell formatting for the Markdown report. No value (undefined, NaN, or null once a NaN went through JSON) is a dash. */
export const fmt = (x: number | null | undefined, digits = 4): string =>
  x === undefined || x === null || Number.isNaN(x) ? '–' : x.toFixed(digits);

/** A difference with its sign: +0.0300, -0.0300. */
export const signed = (x: number): string => (Number.isNaN(x) ? '–' : (x >= 0 ? '+' : '') + fmt(x));

/** A p-value: four decimals, or "< 0.0001" (a sampled test never reaches 0). */
export const fmtP = (p: number): string => (p < 0.0001 ? '< 0.0001' : fmt(p));

/** The one tie rule behind every "best", "ahead of", "helps" and "hurts" (see src/metrics/printed-ties.ts). */
export { printsAsZero, tiesAtPrinted };

export function table(header: string[], rows: string[][], align: ('l' | 'r')[] = []): string {
  const sep = header.map((_, i) => ((align[i] ?? (i === 0 ? 'l' : 'r')) === 'r' ? '---:' : '---'));
  const esc = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  return [header, sep, ...rows].map((r, i) => `| ${(i === 1 ? r : r.map(esc)).join(' | ')} |`).join('\n');
}

/** Index of the best (largest) value in each column, for bolding; ties at the printed precision all count as best. */
export function bestPerColumn(values: (number | undefined)[][]): Set<string> {
  const best = new Set<string>();
  const cols = Math.max(0, ...values.map((r) => r.length));
  for (let c = 0; c < cols; c++) {
    const column = values.map((r) => r[c]).filter((v): v is number => v !== undefined && !Number.isNaN(v));
    if (column.length < 2) continue;
    const max = Math.max(...column);
    values.forEach((r, i) => r[c] !== undefined && tiesAtPrinted(r[c]!, max) && best.add(`${i}:${c}`));
  }
  return best;
}
