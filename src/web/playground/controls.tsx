import type { PlaygroundView } from './run-playground.js';
import { BM25_DEFAULTS } from '../../schemas/defaults.js';
import { SEARCH_PARAMS } from '../../search/request-params.js';
import { ColumnFields } from './column-fields.js';

/**
 * A number field's bounds and placeholder (its default), from the parameter's schema: the
 * pipeline field's own (pipeline/shorthand-rows.ts), never restated here.
 */
function numberBounds(name: 'k' | 'k1' | 'b' | 'rrf_k' | 'alpha' | 'depth'): {
  min: string;
  max?: string;
  placeholder: string;
} {
  const { minimum, exclusiveMinimum, maximum, default: byDefault } = SEARCH_PARAMS[name].schema;
  return {
    min: String(minimum ?? exclusiveMinimum),
    ...(maximum !== undefined && { max: String(maximum) }),
    placeholder: String(byDefault ?? ''),
  };
}

/** A closed set's values and default, from the parameter's schema. */
function choices(name: 'level' | 'engine' | 'norm'): { options: string[]; byDefault: string } {
  const { enum: options, default: byDefault } = SEARCH_PARAMS[name].schema;
  return { options: options as string[], byDefault: byDefault as string };
}

/** How many gold queries the id picker lists; any other id can still be typed. */
const MAX_LISTED_QUERIES = 2000;

function Select({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string;
  options: readonly (string | [string, string])[];
}) {
  return (
    <label>
      <span>{label}</span>
      <select name={name}>
        {options.map((o) => {
          const [v, text] = typeof o === 'string' ? [o, o] : o;
          return (
            <option value={v} selected={v === value}>
              {text}
            </option>
          );
        })}
      </select>
    </label>
  );
}

function Field({
  name,
  label,
  value,
  placeholder,
  type = 'text',
  step,
  min,
  max,
  size = 6,
  hint,
}: {
  name: string;
  label: string;
  value: string;
  placeholder: string;
  type?: string;
  step?: string;
  min?: string;
  max?: string;
  size?: number;
  hint?: string;
}) {
  return (
    <label title={hint}>
      <span>{label}</span>
      <input
        name={name}
        type={type}
        value={value}
        placeholder={placeholder}
        step={step}
        min={min}
        max={max}
        size={size}
        inputmode={type === 'text' ? undefined : 'decimal'}
      />
    </label>
  );
}

/**
 * The index's languages, most documents first, as the meta records them. A value typed into the
 * URL that the index lacks stays listed, so the form shows what was searched.
 */
function languageOptions(view: PlaygroundView, current: string, counts: boolean): [string, string][] {
  const langs = Object.entries(view.languages).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const value = current.trim();
  if (value && !langs.some(([l]) => l === value)) langs.push([value, 0]);
  return langs.map(([l, n]) => [l, counts ? `${l} (${n})` : l]);
}

/**
 * The search form. A plain GET form: without the script it searches by reloading the page, with
 * it the results are swapped in place and a changed parameter searches again at once.
 */
export function Controls({ view }: { view: PlaygroundView }) {
  const f = view.form;
  const fusion = f.fusion === 'score' ? 'score' : 'rrf';
  const queries = view.gold?.queries ?? [];
  const k = numberBounds('k');
  const [level, engine, norm] = [choices('level'), choices('engine'), choices('norm')];
  return (
    <form id="search" method="get" action="/" data-fusion={fusion} role="search">
      <div class="query-row">
        <label for="q" class="visually-hidden">
          Query
        </label>
        <input
          id="q"
          name="q"
          type="search"
          value={f.q}
          placeholder="Type a query and press Enter"
          autofocus
          autocomplete="off"
          maxlength={2000}
        />
        <button type="submit">Search</button>
      </div>
      <div class="param-groups">
        <fieldset>
          <legend>Retrieval</legend>
          <Select
            name="index"
            label="index"
            value={f.index}
            options={view.indexes.length ? view.indexes : [['', '(no index)']]}
          />
          <Field
            name="k"
            label="k"
            value={f.k}
            {...k}
            type="number"
            size={4}
            hint={`hits per list (${k.min}–${k.max})`}
          />
          <Select name="level" label="level" value={f.level || level.byDefault} options={level.options} />
          <Select name="engine" label="lexical" value={f.engine || engine.byDefault} options={engine.options} />
          <Select
            name="lang"
            label="documents in"
            value={f.lang}
            options={[['', 'any language'], ...languageOptions(view, f.lang, true)]}
          />
          <Select
            name="qlang"
            label="query in"
            value={f.qlang}
            options={[['', 'detect'], ...languageOptions(view, f.qlang, false)]}
          />
          <span class="wink-only">
            <Field
              name="k1"
              label="k1"
              value={f.k1}
              {...numberBounds('k1')}
              placeholder={String(BM25_DEFAULTS.k1)}
              type="number"
              step="0.1"
              size={4}
              hint="BM25 k1 (postings, wink)"
            />
            <Field
              name="b"
              label="b"
              value={f.b}
              {...numberBounds('b')}
              placeholder={String(BM25_DEFAULTS.b)}
              type="number"
              step="0.05"
              size={4}
              hint="BM25 b (postings, wink)"
            />
          </span>
        </fieldset>
        <fieldset>
          <legend>Hybrid fusion</legend>
          <Select
            name="fusion"
            label="fusion"
            value={fusion}
            options={[
              ['rrf', 'rrf (ranks)'],
              ['score', 'score (α-blend)'],
            ]}
          />
          <span class="rrf-only">
            <Field
              name="rrf_k"
              label="rrf_k"
              value={f.rrf_k}
              {...numberBounds('rrf_k')}
              type="number"
              step="any"
              size={4}
              hint="RRF constant: larger flattens the rank weights"
            />
            <Field
              name="weights"
              label="weights"
              value={f.weights}
              placeholder={String(SEARCH_PARAMS.weights.schema.default)}
              size={6}
              hint="bm25,dense leg weights, e.g. 1,0.5"
            />
          </span>
          <span class="score-only">
            <Field
              name="alpha"
              label="alpha"
              value={f.alpha}
              {...numberBounds('alpha')}
              type="number"
              step="0.05"
              size={4}
              hint="weight of dense in [0, 1]"
            />
            <Select name="norm" label="norm" value={f.norm || norm.byDefault} options={norm.options} />
          </span>
          <Field
            name="depth"
            label="depth"
            value={f.depth}
            {...numberBounds('depth')}
            type="number"
            size={5}
            hint="hits taken from each leg before fusing"
          />
        </fieldset>
        {/* Closed unless something in it is set, so at 1280x900 the results start in the first screen. */}
        <details class="more-params" open={moreParamsOpen(view)}>
          <summary>Columns and gold set</summary>
          <ColumnFields view={view} />
          <fieldset>
            <legend>Gold set</legend>
            <Select
              name="qrels"
              label="qrels"
              value={view.gold?.qrels ?? f.qrels}
              options={[['', '(none)'], ...view.goldSets.map((g): [string, string] => [g.qrels, g.qrels])]}
            />
            <label>
              <span>query id</span>
              <input
                name="qid"
                value={f.qid}
                list="gold-queries"
                size={10}
                autocomplete="off"
                placeholder={queries.length ? 'pick or type' : ''}
              />
            </label>
            {queries.length ? (
              <datalist id="gold-queries">
                {queries.slice(0, MAX_LISTED_QUERIES).map((q) => (
                  <option value={q.id} label={q.text} />
                ))}
              </datalist>
            ) : null}
          </fieldset>
        </details>
      </div>
    </form>
  );
}

/** True when the page was opened with columns typed or a gold set picked: then they are shown. */
function moreParamsOpen(view: PlaygroundView): boolean {
  return (view.form.col ?? []).some((c) => c.trim() !== '') || Boolean(view.gold?.qrels ?? view.form.qrels);
}
