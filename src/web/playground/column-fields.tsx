import { MODES } from '../../search/types.js';
import { COLUMN_SYNTAX, MAX_COLUMNS, MIN_COLUMNS } from './column-specs.js';
import type { PlaygroundView } from './run-playground.js';

/**
 * The columns to compare: one `col` field each, as `[INDEX:]RETRIEVER[:KNOB=VALUE;…]`, with every
 * index and retriever offered. All empty: BM25, dense and hybrid on the index above. A form sends
 * its empty fields too; the server ignores them. Fields for what was typed beyond four stay, so
 * the page that refuses them shows what to take out.
 */
export function ColumnFields({ view }: { view: PlaygroundView }) {
  const typed = (view.form.col ?? []).filter((c) => c.trim() !== '');
  const fields = [...typed, ...Array<string>(Math.max(0, MAX_COLUMNS - typed.length)).fill('')];
  return (
    <fieldset class="column-fields">
      <legend>Columns</legend>
      {fields.map((value, i) => (
        <label title={COLUMN_SYNTAX}>
          <span>column {i + 1}</span>
          <input
            name="col"
            type="text"
            value={value}
            placeholder={i === 0 ? 'index:bm25' : ''}
            size={16}
            list="column-choices"
            autocomplete="off"
          />
        </label>
      ))}
      <datalist id="column-choices">
        {view.indexes.flatMap((index) => MODES.map((mode) => <option value={`${index}:${mode}`} />))}
      </datalist>
      <p class="hint">
        {MIN_COLUMNS} to {MAX_COLUMNS} columns, each <code>{COLUMN_SYNTAX}</code> (e.g.{' '}
        <code>hybrid:fusion=score;alpha=0.7</code>); the form's values hold where a column sets none. All empty: BM25,
        dense and hybrid on the index above. Ranks after the first column are marked against the first.
      </p>
    </fieldset>
  );
}
