import type { ExperimentJob } from '../../experiments/experiment-jobs.js';
import { Layout } from '../layout.js';
import type { ConfigFile } from './config-files.js';
import { DiffForm } from './diff-page.js';
import { reportChoices } from './report-choices.js';
import { JobProgress } from './job-progress.js';
import type { SavedReport } from './report-source.js';

export interface ExperimentsView {
  configs: ConfigFile[];
  jobs: ExperimentJob[];
  saved: SavedReport[];
  experimentsRoot: string;
  resultsRoot: string;
}

/** The experiments list: configs to start, runs of this server (live), reports saved earlier. */
export function ExperimentsPage({ view, tokenRequired }: { view: ExperimentsView; tokenRequired: boolean }) {
  return (
    <Layout title="Experiments" section="experiments" tokenRequired={tokenRequired}>
      <h1>Experiments</h1>
      <div id="status" role="status" aria-live="polite"></div>
      <section aria-labelledby="configs-h">
        <h2 id="configs-h">
          Configs in <code>{view.experimentsRoot}</code>
        </h2>
        {view.configs.length === 0 ? <p class="hint">No *.yaml experiment config in this folder.</p> : null}
        <ul class="config-list">
          {view.configs.map((c) => (
            <li data-config={c.file}>
              <strong>
                <code>{c.file}</code>
              </strong>
              {c.error ? (
                <span class="error">{c.error}</span>
              ) : (
                <>
                  <span>
                    {c.cells} configurations on <code>{c.corpus}</code>
                  </span>
                  {c.description ? <span class="desc">{c.description}</span> : null}
                  <form class="start-form" data-config={c.file}>
                    <button type="submit">Start</button>
                  </form>
                </>
              )}
            </li>
          ))}
        </ul>
      </section>
      <Jobs jobs={view.jobs} />
      <section aria-labelledby="saved-h">
        <h2 id="saved-h">
          Reports saved in <code>{view.resultsRoot}</code>
        </h2>
        {view.saved.length === 0 ? (
          <p class="hint">None yet.</p>
        ) : (
          <div class="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">report</th>
                  <th scope="col" class="text-cell">
                    created
                  </th>
                  <th scope="col">configurations</th>
                  <th scope="col">queries</th>
                </tr>
              </thead>
              <tbody>
                {view.saved.map((s) => (
                  <tr>
                    <th scope="row" class="text-cell">
                      <a href={`/experiments/${encodeURIComponent(s.name)}`}>{s.name}</a>
                    </th>
                    <td class="text-cell">{s.report.createdAt}</td>
                    <td>{s.report.configs.length}</td>
                    <td>{s.report.queries.answerable}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <Compare view={view} />
    </Layout>
  );
}

/** Pick two finished reports and see what changed from one to the other (the diff page). */
function Compare({ view }: { view: ExperimentsView }) {
  const choices = reportChoices(view.jobs, view.saved);
  if (choices.length < 2) return null;
  return (
    <section aria-labelledby="compare-h">
      <h2 id="compare-h">Compare two reports</h2>
      <p class="hint">What changed from A to B: mean deltas per configuration and the queries that moved most.</p>
      <DiffForm view={{ choices }} />
    </section>
  );
}

/** Runs started in this server, newest first; the script re-renders this part when one ends. */
function Jobs({ jobs }: { jobs: ExperimentJob[] }) {
  const newest = [...jobs].sort((a, b) => b.startedAt.localeCompare(a.startedAt));
  return (
    <section id="jobs" aria-labelledby="jobs-h">
      <h2 id="jobs-h">Runs in this server</h2>
      {newest.length === 0 ? (
        <p class="hint">None since the server started. Start one above, or POST /experiments.</p>
      ) : (
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">experiment</th>
                <th scope="col" class="text-cell">
                  state
                </th>
                <th scope="col" class="text-cell">
                  progress
                </th>
                <th scope="col" class="text-cell">
                  started
                </th>
              </tr>
            </thead>
            <tbody>
              {newest.map((j) => (
                <tr data-job-id={j.id} data-job-state={j.state}>
                  <th scope="row" class="text-cell">
                    {j.state === 'done' ? (
                      <a href={`/experiments/${encodeURIComponent(j.id)}`} class="report-link">
                        {j.name}
                      </a>
                    ) : (
                      j.name
                    )}
                  </th>
                  <td class={`text-cell state-${j.state}`}>{j.state}</td>
                  <td class="text-cell">
                    {j.state === 'failed' || j.state === 'interrupted' || j.state === 'cancelled' ? (
                      <span class="error">{j.error}</span>
                    ) : (
                      <JobProgress job={j} />
                    )}
                  </td>
                  <td class="text-cell">{j.startedAt}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
