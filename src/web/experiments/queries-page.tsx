import { fmt, signed } from '../../reports/format.js';
import type { PerQueryTable, SortKey } from '../../reports/per-query-table.js';
import { Layout } from '../layout.js';
import { sortParam } from './query-sort.js';

export interface QueriesView {
  /** The report's id in URLs: a job id or a saved folder name. */
  id: string;
  name: string;
  table: PerQueryTable;
  sort?: SortKey;
  descending: boolean;
  /** A bad parameter, said above the table (shown with its defaults). */
  error?: string;
}

/** The page's URL for a report, metric, baseline and sort: the links and the form agree on it. */
export function queriesUrl(id: string, params: { metric?: string; baseline?: string; sort?: string; dir?: string }) {
  const q = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined));
  const s = q.toString();
  return `/experiments/${encodeURIComponent(id)}/queries${s ? `?${s}` : ''}`;
}

/** The anchor of a query's row, for links from elsewhere (the diff page). */
export const queryAnchor = (qid: string) => `q-${qid}`;

/**
 * A report's per-query page: every answerable query with its text and slices, each
 * configuration's value of one metric and its difference from a baseline configuration, and at
 * the top each configuration's wins, losses and ties against it (a tie: equal at the printed
 * precision). Sorted on the server by the column heading clicked, so it works without script.
 */
export function QueriesPage({ view, tokenRequired }: { view: QueriesView; tokenRequired: boolean }) {
  const t = view.table;
  const current = view.sort && sortParam(view.sort);
  // A link that sorts by `key`: descending first for numbers, and the other way when it is the
  // current sort; the arrow says which way the rows are sorted now.
  const sortLink = (label: string, key: SortKey, title?: string) => {
    const param = sortParam(key);
    const descending = param === current ? !view.descending : key.by === 'value' || key.by === 'delta';
    const arrow = param === current ? (view.descending ? ' ▼' : ' ▲') : '';
    return (
      <>
        <a
          href={queriesUrl(view.id, {
            metric: t.metric,
            baseline: t.baseline,
            sort: param,
            dir: descending ? 'desc' : 'asc',
          })}
          title={title}
        >
          {label}
        </a>
        {arrow}
      </>
    );
  };
  // A column heading; a configuration's also sorts by its difference from the baseline.
  const heading = (label: string, key: SortKey, cls?: string, delta?: SortKey) => {
    const sorted = [key, delta].find((k) => k && sortParam(k) === current);
    return (
      <th scope="col" class={cls} aria-sort={sorted ? (view.descending ? 'descending' : 'ascending') : undefined}>
        {sortLink(label, key)}
        {delta ? (
          <small class="delta">{sortLink('Δ', delta, `sort by the difference from ${t.baseline}`)}</small>
        ) : null}
      </th>
    );
  };
  return (
    <Layout title={`Queries: ${view.name}`} section="experiments" tokenRequired={tokenRequired}>
      <section id="queries" data-report={view.name} data-metric={t.metric} data-baseline={t.baseline}>
        <h1>Queries: {view.name}</h1>
        <p>
          <a href={`/experiments/${encodeURIComponent(view.id)}`}>Back to the report</a>
        </p>
        {view.error ? (
          <p class="error" role="alert">
            {view.error}
          </p>
        ) : null}
        <form method="get" action={queriesUrl(view.id, {})} class="query-form">
          <label>
            Metric{' '}
            <select name="metric">
              {t.metrics.map((m) => (
                <option value={m} selected={m === t.metric}>
                  {m}
                </option>
              ))}
            </select>
          </label>{' '}
          <label>
            Baseline{' '}
            <select name="baseline">
              {t.configs.map((c) => (
                <option value={c} selected={c === t.baseline}>
                  {c}
                </option>
              ))}
            </select>
          </label>{' '}
          <button type="submit">Show</button>
        </form>
        <h2>Against {t.baseline}</h2>
        <p class="legend-note">
          Per query on {t.metric}: a win is a higher value than <code>{t.baseline}</code>'s, a loss a lower one, a tie a
          difference that prints as 0.0000.
        </p>
        <div class="table-wrap">
          <table id="outcomes">
            <thead>
              <tr>
                <th scope="col">configuration</th>
                <th scope="col">wins</th>
                <th scope="col">losses</th>
                <th scope="col">ties</th>
              </tr>
            </thead>
            <tbody>
              {t.counts.map(({ config, counts }) => (
                <tr data-config={config}>
                  <th scope="row" class="text-cell">
                    <code>{config}</code>
                  </th>
                  <td>{counts.wins}</td>
                  <td>{counts.losses}</td>
                  <td>{counts.ties}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <h2>
          {t.rows.length} queries, {t.metric}
        </h2>
        <div class="table-wrap">
          <table id="per-query">
            <thead>
              <tr>
                {heading('query', { by: 'query' })}
                <th scope="col" class="text-cell">
                  text
                </th>
                {t.sliceFields.map((f) => heading(f, { by: 'slice', field: f }, 'text-cell'))}
                {t.configs.map((c) =>
                  c === t.baseline
                    ? heading(c, { by: 'value', config: c })
                    : heading(c, { by: 'value', config: c }, undefined, { by: 'delta', config: c }),
                )}
              </tr>
            </thead>
            <tbody>
              {t.rows.map((row) => (
                <tr id={queryAnchor(row.id)} data-query-id={row.id}>
                  <th scope="row" class="text-cell">
                    {row.id}
                  </th>
                  <td class="text-cell">{row.text ?? ''}</td>
                  {t.sliceFields.map((f) => (
                    <td class="text-cell">{(row.slices[f] ?? []).join(', ')}</td>
                  ))}
                  {t.configs.map((c) => {
                    // The difference from the baseline under the value, not in a column of its
                    // own: five configurations then fit a 1280-pixel window without scrolling.
                    const d = c === t.baseline ? undefined : row.deltas[c];
                    return (
                      <td data-config={c}>
                        {fmt(row.values[c])}
                        {c === t.baseline ? null : (
                          <small class="delta" data-delta={c} data-outcome={d?.outcome}>
                            {d === undefined ? '–' : d.outcome === 'tie' ? 'tie' : signed(d.delta)}
                          </small>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </Layout>
  );
}
