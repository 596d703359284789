import { fmt, signed } from '../../reports/format.js';
import { countsPhrase, deltaCell, JUDGEMENTS_CHANGED } from '../../reports/diff/diff-text.js';
import { bySource } from '../../reports/diff/judgement-change-model.js';
import type { ReportDiff } from '../../reports/diff/report-diff.js';
import { Layout } from '../layout.js';
import { queriesUrl, queryAnchor } from './queries-page.js';

/** A finished report the pickers offer: its id in URLs (job id or saved folder) and what to call it. */
export interface ReportChoice {
  id: string;
  label: string;
}

export interface DiffView {
  choices: ReportChoice[];
  a?: string;
  b?: string;
  metric?: string;
  top?: string;
  diff?: ReportDiff;
  error?: string;
}

/**
 * Two reports side by side: the diff `testbed diff` prints (one model, reports/diff), rendered.
 * Each moved query links to its row on both reports' per-query pages. Without two reports
 * chosen, the page is the form that picks them.
 */
export function DiffPage({ view, tokenRequired }: { view: DiffView; tokenRequired: boolean }) {
  const d = view.diff;
  const title = d ? `Diff: ${d.b.name} against ${d.a.name}` : 'Compare two reports';
  return (
    <Layout title={title} section="experiments" tokenRequired={tokenRequired}>
      <section id="diff" data-a={view.a} data-b={view.b}>
        <h1>{title}</h1>
        <DiffForm view={view} />
        {view.error ? (
          <p class="error" role="alert">
            {view.error}
          </p>
        ) : null}
        {d && view.a && view.b ? <DiffBody d={d} a={view.a} b={view.b} /> : null}
      </section>
    </Layout>
  );
}

/** The pickers: report A, report B, the per-query metric and how many moved queries to list. */
export function DiffForm({ view }: { view: Pick<DiffView, 'choices' | 'a' | 'b' | 'metric' | 'top'> }) {
  const picker = (name: 'a' | 'b', label: string, chosen?: string) => (
    <label>
      {label}{' '}
      <select name={name} required>
        <option value="">choose a report</option>
        {view.choices.map((c) => (
          <option value={c.id} selected={c.id === chosen}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <form method="get" action="/experiments/diff" class="diff-form">
      {picker('a', 'A (before)', view.a)} {picker('b', 'B (after)', view.b)}{' '}
      {view.metric ? <input type="hidden" name="metric" value={view.metric} /> : null}
      {view.top ? <input type="hidden" name="top" value={view.top} /> : null}
      <button type="submit">Compare</button>
    </form>
  );
}

/** Whether the two reports were scored against the same judgements; when not, each side re-scored with the other's. */
function JudgementsSection({ d }: { d: ReportDiff }) {
  const j = d.judgements!;
  if (j.kind === 'same')
    return <p id="judgements">Judgements: A and B were scored against the same {j.pairs} judgements.</p>;
  if (j.kind === 'unknown') return <p id="judgements">Judgements: {j.why}.</p>;
  return (
    <section id="judgements" aria-label="Judgements changed">
      <h2>Judgements changed</h2>
      <p class="note" role="note">
        {JUDGEMENTS_CHANGED}: pairs added {bySource(j.added)}, removed {bySource(j.removed)}, regraded{' '}
        {bySource(j.regraded)}. B − A mixes a change of system with a change of judgements; here each side's runs are
        re-scored with the other's judgements.
      </p>
      <div class="table-wrap">
        <table id="rescored">
          <thead>
            <tr>
              {[
                'configuration',
                'metric',
                'A',
                'B',
                "B with A's judgements",
                "A with B's judgements",
                'system',
                'judgements',
              ].map((h) => (
                <th scope="col">{h}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {j.rescored.flatMap((r) =>
              (d.configs.find((c) => c.name === r.name)?.means ?? []).map((m) => {
                const bWithA = r.bWithA[m.metric] ?? Number.NaN;
                return (
                  <tr data-config={r.name} data-metric={m.metric}>
                    <th scope="row" class="text-cell">
                      <code>{r.name}</code>
                    </th>
                    <td class="text-cell">{m.metric}</td>
                    <td>{fmt(m.a)}</td>
                    <td>{fmt(m.b)}</td>
                    <td>{fmt(bWithA)}</td>
                    <td>{fmt(r.aWithB[m.metric] ?? Number.NaN)}</td>
                    <td>{signed(bWithA - m.a)}</td>
                    <td>{signed(m.b - bWithA)}</td>
                  </tr>
                );
              }),
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function DiffBody({ d, a, b }: { d: ReportDiff; a: string; b: string }) {
  const rowLink = (id: string, qid: string) => `${queriesUrl(id, { metric: d.metric })}#${queryAnchor(qid)}`;
  return (
    <>
      <p class="meta-line">
        A: <a href={`/experiments/${encodeURIComponent(a)}`}>{d.a.name}</a> ({d.a.createdAt}). B:{' '}
        <a href={`/experiments/${encodeURIComponent(b)}`}>{d.b.name}</a> ({d.b.createdAt}).
      </p>
      <p id="query-counts">
        Queries scored: {d.queries.a} in A, {d.queries.b} in B, {d.queries.both} in both.
      </p>
      {d.queries.both === 0 ? (
        <p class="error" role="alert">
          The two reports share no query id, so no query is compared. Were they run on the same queries?
        </p>
      ) : null}
      {d.judgements ? <JudgementsSection d={d} /> : null}
      {d.onlyInA.length ? (
        <p id="only-in-a">
          Only in A: <code>{d.onlyInA.join(', ')}</code>
        </p>
      ) : null}
      {d.onlyInB.length ? (
        <p id="only-in-b">
          Only in B: <code>{d.onlyInB.join(', ')}</code>
        </p>
      ) : null}
      {d.configs.length === 0 ? (
        <p>No configuration is in both reports.</p>
      ) : (
        <>
          <h2>Means, B − A</h2>
          <p class="legend-note">A tie: a difference that prints as 0.0000. Hover a cell for the two means.</p>
          <div class="table-wrap">
            <table id="mean-deltas">
              <thead>
                <tr>
                  <th scope="col">configuration</th>
                  {d.metrics.map((m) => (
                    <th scope="col">{m}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {d.configs.map((c) => (
                  <tr data-config={c.name}>
                    <th scope="row" class="text-cell">
                      <code>{c.name}</code>
                    </th>
                    {c.means.map((m) => (
                      <td data-metric={m.metric} data-outcome={m.outcome} title={`A ${fmt(m.a)}, B ${fmt(m.b)}`}>
                        {deltaCell(m.delta, m.outcome)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <h2>Queries that moved, on {d.metric}</h2>
          <p class="legend-note">
            Per configuration, B against A query by query over the queries both reports scored, and the queries with the
            largest change. Each query links to its row in A's and in B's per-query table.
          </p>
          {d.configs.map((c) => (
            <section class="moved" data-config={c.name}>
              <h3>
                <code>{c.name}</code>: {countsPhrase(c)}
              </h3>
              {c.moved.length === 0 ? (
                <p class="hint">No query moved.</p>
              ) : (
                <div class="table-wrap">
                  <table>
                    <thead>
                      <tr>
                        <th scope="col">query</th>
                        <th scope="col" class="text-cell">
                          text
                        </th>
                        <th scope="col">A</th>
                        <th scope="col">B</th>
                        <th scope="col">Δ {d.metric}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {c.moved.map((q) => (
                        <tr data-query-id={q.id} data-outcome={q.outcome}>
                          <th scope="row" class="text-cell">
                            {q.id}
                          </th>
                          <td class="text-cell">{q.text ?? ''}</td>
                          <td>
                            <a href={rowLink(a, q.id)} title="this query in A's per-query table">
                              {fmt(q.a)}
                            </a>
                          </td>
                          <td>
                            <a href={rowLink(b, q.id)} title="this query in B's per-query table">
                              {fmt(q.b)}
                            </a>
                          </td>
                          <td>{signed(q.delta)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </section>
          ))}
        </>
      )}
    </>
  );
}
