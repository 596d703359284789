import { formatValue } from '../../metrics/format-value.js';
import { table } from '../format.js';
import { type CompareTable, LETTERS } from './compare-table.js';
import { compareVerdict } from './compare-verdict.js';
import { describeProcedure } from './test-description.js';

/**
 * Unicode's superscript (modifier) letters for a to z, as ranx prints them: ⁱ is U+2071, and q,
 * which has no modifier letter in the Basic Multilingual Plane, is U+107A5 (Unicode 14).
 */
const SUPERSCRIPT = [...'ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖ𐞥ʳˢᵗᵘᵛʷˣʸᶻ'];

/** "ac" -> "ᵃᶜ". */
export function superscript(letters: readonly string[]): string {
  return letters.map((l) => SUPERSCRIPT[LETTERS.indexOf(l)]!).join('');
}

/**
 * The comparison as Markdown: a table with one row per run (its letter, its name) and one column
 * per metric; each cell the mean to 4 decimals (as `testbed eval` prints it), bold when best,
 * followed by the superscript letters of the runs it beats significantly. Then a line saying how
 * to read it, and the verdict paragraph.
 */
export function renderCompareMarkdown(t: CompareTable): string {
  const header = ['#', 'run', ...t.metrics];
  const rows = t.rows.map((r) => [
    r.letter,
    r.name,
    ...r.cells.map((c) => {
      const mean = formatValue(c.mean);
      return (c.best ? `**${mean}**` : mean) + superscript(c.beats);
    }),
  ]);
  const legend =
    `Bold: the best mean of each metric. Superscript letters: the runs a mean is significantly higher than, ` +
    `by ${describeProcedure(t)}, at alpha = ${t.options.alpha}.`;
  return `${table(header, rows, ['l', 'l', ...t.metrics.map(() => 'r' as const)])}\n\n${legend}\n\n${compareVerdict(t)}\n`;
}
