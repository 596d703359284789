import type { QueryRow, TrafficSummary } from '../../traffic/traffic-summary.js';
import { gapLabel, spanText, withGaps } from './day-gaps.js';
import { BarChart } from '../charts/bar-chart.js';
import { LineChart } from '../charts/line-chart.js';
import type { TrafficView } from './traffic-view.js';
import { InterleavingsSection } from './interleavings-section.js';
import type { InterleavingsJson } from '../../traffic/interleaving/interleaving-report.js';

/**
 * Days the searches-per-day chart shows at most (the latest with traffic): one bar each, so the
 * chart stays small. Days without traffic are not drawn one by one: a log imported from last
 * year and today's searches would otherwise be a row of empty bars. A row without a bar says
 * how many days lie between two that are drawn, so a gap is never hidden.
 */
export const CHART_DAYS = 14;

/** The ways POST /traffic/samples draws a query set (testbed queries sample --method). */
const SAMPLE_METHODS: [string, string][] = [
  ['pps', 'pps (by frequency)'],
  ['random', 'random (distinct queries)'],
  ['top', 'top (most frequent)'],
];

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
const playgroundLink = (query: string) => `/?q=${encodeURIComponent(query)}`;

/**
 * The home page's summary of the server's query log, below the playground: how much was searched
 * and when, what was searched most, what found nothing, how clicks fall off with rank, and which
 * arm of each interleaving users preferred; each query opens in the playground above. When the server logs nothing, one line says how to start.
 */
export function TrafficSection({ view }: { view: TrafficView }) {
  return (
    <section id="traffic" aria-labelledby="traffic-h">
      <h2 id="traffic-h">Traffic</h2>
      {view.state === 'off' ? (
        <p class="hint">
          No query log: start the server with <code>--log-queries DIR</code> to see its searches and clicks here.
        </p>
      ) : view.state === 'protected' ? (
        <p class="hint">
          This server has a token: the query log in <code>{view.dir}</code> shows what users searched, so it is read
          with the token only (GET /traffic).
        </p>
      ) : view.state === 'unreadable' ? (
        <p class="error" role="alert">
          The query log in <code>{view.dir}</code> could not be read: {view.message}
        </p>
      ) : (
        <Summary summary={view.summary} dir={view.dir} interleavings={view.interleavings} />
      )}
    </section>
  );
}

function Summary({
  summary,
  dir,
  interleavings,
}: {
  summary: TrafficSummary;
  dir: string;
  interleavings: InterleavingsJson;
}) {
  if (summary.searches === 0) {
    return (
      <>
        <p class="hint">
          No search logged yet in <code>{dir}</code>.
        </p>
        <Dropped summary={summary} />
      </>
    );
  }
  const days = summary.daysWithTraffic;
  return (
    <>
      <p class="meta-line" data-traffic-totals="">
        <strong>{summary.searches}</strong> searches, <strong>{summary.distinctQueries}</strong> distinct queries
        {days === null ? '' : ` ${spanText(days)}`}, {summary.clicks} clicks; logged in <code>{dir}</code>.
      </p>
      <Dropped summary={summary} />
      {summary.capped.map((cap) => (
        <p class="hint" data-traffic-capped={cap.field}>
          {cap.field}: {cap.message}
        </p>
      ))}
      <div class="charts">
        <SearchesPerDay summary={summary} />
        <ClickThrough summary={summary} />
      </div>
      <div class="traffic-tables">
        <QueryTable
          id="top-queries"
          title="Top queries"
          rows={summary.topQueries}
          head={['searches', 'click-through']}
          cells={(r) => [String(r.searches), percent(r.clickThrough)]}
        />
        <QueryTable
          id="zero-hit-queries"
          title="Zero-hit queries"
          rows={summary.zeroHitQueries}
          head={['searches with no hit', 'searches']}
          cells={(r) => [String(r.zeroHit), String(r.searches)]}
          empty="Every logged search found something."
        />
      </div>
      <InterleavingsSection answer={interleavings} />
      <SampleForm />
    </>
  );
}

/** What the log reader could not use, so a short count is never mistaken for the whole log. */
function Dropped({ summary }: { summary: TrafficSummary }) {
  if (summary.dropped.length === 0) return null;
  return (
    <p class="hint">
      Not read from the log: {summary.dropped.map((d) => `${d.count} ${d.reason}`).join('; ')} (GET /traffic lists the
      first few).
    </p>
  );
}

function SearchesPerDay({ summary }: { summary: TrafficSummary }) {
  if (summary.perDay.length === 0) return <p class="hint">No logged search has a timestamp.</p>;
  const active = summary.perDay.filter((d) => d.searches > 0 || d.clicks > 0);
  const days = active.slice(-CHART_DAYS);
  const title =
    active.length > days.length ? `Searches per day, the last ${days.length} days with traffic` : 'Searches per day';
  const rows = withGaps(days);
  return (
    <BarChart
      title={title}
      valueLabel="searches"
      groups={rows.map((r) => ({ label: 'gap' in r ? gapLabel(r.gap) : r.day }))}
      series={[{ name: 'searches', values: rows.map((r) => ('gap' in r ? undefined : r.searches)) }]}
      valueText={(v) => String(v)}
    />
  );
}

function ClickThrough({ summary }: { summary: TrafficSummary }) {
  const rows = summary.byPosition;
  const ctrs = rows.map((r) => r.ctr ?? undefined);
  if (ctrs.every((c) => c === undefined)) {
    return <p class="hint">No logged search says which hits it showed: click-through by position needs that.</p>;
  }
  const highest = Math.max(...ctrs.map((c) => c ?? 0));
  return (
    <LineChart
      title="Click-through by position"
      xLabel="position"
      yLabel="click-through"
      xs={rows.map((r) => r.ordinal)}
      yDomain={[0, highest > 0 ? highest : 1]}
      series={[{ name: 'clicked searches / searches showing a hit there', values: ctrs }]}
    />
  );
}

function QueryTable(props: {
  id: string;
  title: string;
  rows: QueryRow[];
  head: string[];
  cells: (row: QueryRow) => string[];
  empty?: string;
}) {
  const headingId = `${props.id}-h`;
  return (
    <div id={props.id}>
      <h3 id={headingId}>{props.title}</h3>
      {props.rows.length === 0 ? (
        <p class="hint">{props.empty ?? 'None.'}</p>
      ) : (
        <div class="table-wrap">
          <table aria-labelledby={headingId}>
            <thead>
              <tr>
                <th scope="col">query</th>
                {props.head.map((h) => (
                  <th scope="col">{h}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {props.rows.map((r) => (
                <tr>
                  <th scope="row" class="text-cell">
                    <a href={playgroundLink(r.query)}>{r.query}</a>
                  </th>
                  {props.cells(r).map((cell) => (
                    <td>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/**
 * Draws a query set from the log (POST /traffic/samples, by the page's script). The answer shows
 * beside the button, not in the page's #status far above, where someone scrolled down to the
 * form would miss it.
 */
function SampleForm() {
  return (
    <form class="sample-form" aria-labelledby="sample-h">
      <h3 id="sample-h">Sample a query set</h3>
      <label>
        <span>method</span>
        <select name="method">
          {SAMPLE_METHODS.map(([value, text]) => (
            <option value={value}>{text}</option>
          ))}
        </select>
      </label>
      <label>
        <span>queries</span>
        <input name="n" type="number" value="50" min="1" step="1" size={5} required />
      </label>
      <label>
        <span>seed</span>
        <input name="seed" type="number" value="1" step="1" size={5} required />
      </label>
      <button type="submit">Sample</button>
      <output id="sample-status" aria-live="polite"></output>
    </form>
  );
}
