/**
 * Markdown tables and number formats for the bench scripts, so every script prints tables that
 * paste straight into BENCHMARKS.md.
 */

export type Cell = string | number | null | undefined;

/**
 * A Markdown table. `align` is one letter per column ('l' or 'r'); numbers default to right
 * alignment, so only text columns need saying. Empty cells for null/undefined/NaN.
 */
export function mdTable(headers: readonly string[], rows: readonly (readonly Cell[])[], align?: string): string {
  const alignOf = (i: number) => align?.[i] ?? (i === 0 ? 'l' : 'r');
  const show = (c: Cell) =>
    c === null || c === undefined || (typeof c === 'number' && Number.isNaN(c)) ? '' : String(c);
  const lines = [
    `| ${headers.join(' | ')} |`,
    `|${headers.map((_, i) => (alignOf(i) === 'r' ? '---:' : '---')).join('|')}|`,
    ...rows.map((r) => `| ${headers.map((_, i) => show(r[i])).join(' | ')} |`),
  ];
  return lines.join('\n');
}

/** Fixed decimals; '' for NaN or undefined, so missing values leave an empty cell. */
export function fixed(x: number | undefined, digits: number): string {
  return x === undefined || !Number.isFinite(x) ? '' : x.toFixed(digits);
}

/** Metric values (nDCG, recall): 4 decimals, as trec_eval prints them. */
export const f4 = (x: number | undefined) => fixed(x, 4);

/** Milliseconds: 2 decimals under 10 ms, 1 decimal above. */
export const ms = (x: number | undefined) => (x === undefined ? '' : fixed(x, Math.abs(x) < 10 ? 2 : 1));

/** A ratio such as ours / theirs, with 2 decimals and a trailing ×. */
export const ratio = (a: number | undefined, b: number | undefined) =>
  a === undefined || b === undefined || !Number.isFinite(a / b) ? '' : `${(a / b).toFixed(2)}×`;

/** A signed difference with 4 decimals (+0.0123 / -0.0045). */
export const delta = (a: number | undefined, b: number | undefined) =>
  a === undefined || b === undefined || !Number.isFinite(a - b) ? '' : `${a - b >= 0 ? '+' : ''}${(a - b).toFixed(4)}`;

/** Bytes as MB (10^6), 1 decimal. */
export const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
