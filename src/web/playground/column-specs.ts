import { InputError } from '../../errors.js';
import { SEARCH_PARAM_NAMES } from '../../search/request-params.js';
import { MODES, type Mode } from '../../search/types.js';

/** What one playground column searches: an index, a retriever, and knobs of its own. */
export interface ColumnSpec {
  /** The index searched; absent: the form's `index`. */
  index?: string;
  retriever: Mode;
  /** Search parameters for this column alone, over the form's (`k`, `fusion`, ...). */
  knobs: Record<string, string>;
  /** The `col` value as typed; absent for the classic columns. */
  text?: string;
}

export const MIN_COLUMNS = 2;
export const MAX_COLUMNS = 4;

/** No `col` parameter: BM25, dense and hybrid over the form's index, the playground as it always was. */
export const CLASSIC_COLUMNS: readonly ColumnSpec[] = MODES.map((retriever) => ({ retriever, knobs: {} }));

/**
 * The parameters a column may set for itself: every flat search parameter but `index` and `q`
 * (the column's own and the page's) and `filter` (JSON, whose `;` and `:` the syntax would split).
 */
export const COLUMN_KNOBS: readonly string[] = SEARCH_PARAM_NAMES.filter(
  (n) => n !== 'index' && n !== 'q' && n !== 'filter',
);

/** The syntax of a `col` value, for the page, the docs and the error messages. */
export const COLUMN_SYNTAX = '[INDEX:]RETRIEVER[:KNOB=VALUE;KNOB=VALUE…]';

/**
 * The columns the `col` parameters ask for, in order: each `[INDEX:]RETRIEVER[:KNOBS]`, e.g.
 * `scifact-small:bm25`, `hybrid` (on the form's index), `scifact:hybrid:fusion=score;alpha=0.7`.
 * Blank values are ignored (an HTML form sends its empty fields); none at all means the
 * classic three columns. Two to four, or an InputError naming `col` says so.
 */
export function parseColumns(values: readonly string[]): readonly ColumnSpec[] {
  const given = values.map((v) => v.trim()).filter((v) => v !== '');
  if (given.length === 0) return CLASSIC_COLUMNS;
  if (given.length < MIN_COLUMNS || given.length > MAX_COLUMNS)
    throw new InputError(
      `pick ${MIN_COLUMNS} to ${MAX_COLUMNS} columns to compare (got ${given.length}); leave them all empty for BM25, dense and hybrid side by side`,
      { field: 'col' },
    );
  return given.map((text, i) => parseColumn(text, i + 1));
}

function parseColumn(text: string, n: number): ColumnSpec {
  const fail = (why: string): never => {
    throw new InputError(`column ${n} "${text}": ${why} (expected ${COLUMN_SYNTAX})`, { field: 'col' });
  };
  const parts = text.split(':');
  const [index, retriever] = parts.length === 1 ? ['', parts[0]!] : [parts[0]!.trim(), parts[1]!.trim()];
  if (!(MODES as readonly string[]).includes(retriever))
    fail(`unknown retriever "${retriever}"; one of ${MODES.join(', ')}`);
  const knobs: Record<string, string> = {};
  const knobText = parts.slice(2).join(':');
  for (const pair of knobText.split(';')) {
    if (pair.trim() === '') continue;
    const eq = pair.indexOf('=');
    const name = (eq < 0 ? pair : pair.slice(0, eq)).trim();
    if (eq < 0 || pair.slice(eq + 1).trim() === '') fail(`"${name}" has no value: write ${name}=VALUE`);
    if (!COLUMN_KNOBS.includes(name)) fail(`unknown parameter "${name}"; a column sets ${COLUMN_KNOBS.join(', ')}`);
    knobs[name] = pair.slice(eq + 1).trim();
  }
  return { ...(index && { index }), retriever: retriever as Mode, knobs, text };
}
