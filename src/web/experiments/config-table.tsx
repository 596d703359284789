import type { ExperimentReport, SignificanceResult } from '../../reports/report-model.js';
import { bestPerColumn, fmt } from '../../reports/format.js';

/**
 * Configurations × metrics, with quality next to its cost (latency, index size, build time).
 * The best value of each metric column is marked (bold, green and the word "best" for screen
 * readers); † marks a significant difference from the baseline (the report's all-pairs tests,
 * corrected), its numbers in the tooltip.
 */
export function ConfigTable({ report }: { report: ExperimentReport }) {
  const metrics = report.metrics;
  // Real queries first: in a set mixing real and synthetic queries each cell leads with the real
  // queries' mean, marked best among them, the pooled mean beside it.
  const real = report.configs.find((c) => c.real)?.real;
  const shown = (c: ExperimentReport['configs'][number], m: string) => (real ? c.real?.means[m] : c.means[m]);
  const best = bestPerColumn(report.configs.map((c) => metrics.map((m) => shown(c, m))));
  return (
    <div class="table-wrap">
      {real ? (
        <p class="legend-note">
          Each cell: the mean over the {real.n} real queries (the best marked), then the mean with the synthetic queries
          pooled in. Synthetic queries reuse their passage's words and flatter.
        </p>
      ) : null}
      <table class="config-table">
        <thead>
          <tr>
            <th scope="col">configuration</th>
            {metrics.map((m) => (
              <th scope="col">{m}</th>
            ))}
            <th scope="col">p50 ms</th>
            <th scope="col">p95 ms</th>
            <th scope="col">index MB</th>
            <th scope="col">build s</th>
          </tr>
        </thead>
        <tbody>
          {report.configs.map((c, i) => (
            <tr data-config={c.name}>
              <th scope="row" class="text-cell">
                <code>{c.name}</code>
                {c.name === report.baseline ? <small> (baseline)</small> : null}
              </th>
              {metrics.map((m, j) => {
                const s = c.significance?.[m];
                const isBest = best.has(`${i}:${j}`);
                return (
                  <td class={isBest ? 'best' : undefined} data-metric={m}>
                    {fmt(shown(c, m))}
                    {isBest ? <span class="visually-hidden"> (best)</span> : null}
                    {real ? <small class="pooled"> pooled {fmt(c.means[m])}</small> : null}
                    {s?.significant ? (
                      <span
                        class="sig"
                        title={`vs ${report.baseline}: Δ ${signed(s.meanDiff)}, 95% CI [${fmt(s.ci[0])}, ${fmt(s.ci[1])}], ${pValues(s)}`}
                      >
                        †
                      </span>
                    ) : null}
                  </td>
                );
              })}
              <td>{fmt(c.latency.p50, 2)}</td>
              <td>{fmt(c.latency.p95, 2)}</td>
              <td>{(c.index.sizeBytes / 1e6).toFixed(2)}</td>
              <td>
                {fmt(c.index.buildSeconds, 1)}
                {c.index.reused ? ' (cached)' : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Every configuration's difference from the baseline, per metric, with its interval, raw and adjusted p ("–" when untested). */
export function SignificanceTable({ report }: { report: ExperimentReport }) {
  const rows = report.configs.flatMap((c) =>
    report.metrics.map((m) => ({ c, m, s: c.significance?.[m] })).filter((r) => r.s),
  );
  if (rows.length === 0) return null;
  return (
    <div class="table-wrap">
      <table>
        <thead>
          <tr>
            <th scope="col">configuration</th>
            <th scope="col" class="text-cell">
              metric
            </th>
            <th scope="col">Δ mean</th>
            <th scope="col">95% CI</th>
            <th scope="col">p</th>
            <th scope="col">adjusted p</th>
            <th scope="col" class="text-cell">
              significant
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ c, m, s }) => (
            <tr>
              <th scope="row" class="text-cell">
                <code>{c.name}</code>
              </th>
              <td class="text-cell">{m}</td>
              <td>{signed(s!.meanDiff)}</td>
              <td>
                [{fmt(s!.ci[0])}, {fmt(s!.ci[1])}]
              </td>
              <td>{s!.p === undefined ? '–' : pValue(s!.p)}</td>
              <td>{s!.adjustedP === undefined ? '–' : pValue(s!.adjustedP)}</td>
              <td class="text-cell">
                {s!.p === undefined ? '–' : s!.significant ? <span class="sig">yes †</span> : 'no'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Each hybrid next to the best single retriever of its index: fusion that does not help shows here. */
export function HybridTable({ report }: { report: ExperimentReport }) {
  const hybrids = report.configs.filter((c) => c.bestSingle);
  const primary = report.metrics[0];
  if (hybrids.length === 0 || primary === undefined) return null;
  return (
    <div class="table-wrap">
      <table>
        <thead>
          <tr>
            <th scope="col">hybrid</th>
            <th scope="col">{primary}</th>
            <th scope="col" class="text-cell">
              best single
            </th>
            <th scope="col">{primary}</th>
            <th scope="col">Δ</th>
          </tr>
        </thead>
        <tbody>
          {hybrids.map((h) => {
            const s = h.bestSingle!;
            return (
              <tr>
                <th scope="row" class="text-cell">
                  <code>{h.name}</code>
                </th>
                <td>{fmt(h.means[primary])}</td>
                <td class="text-cell">
                  <code>{s.name}</code>
                </td>
                <td>{fmt(s.means[primary])}</td>
                <td>{signed((h.means[primary] ?? NaN) - (s.means[primary] ?? NaN))}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export const signed = (x: number) => (Number.isNaN(x) ? '–' : (x >= 0 ? '+' : '') + fmt(x));
const pValue = (p: number) => (p < 0.0001 ? '< 0.0001' : fmt(p));

/** "adjusted p = 0.0120, raw p = 0.0040"; a report saved before all-pairs tests has the raw p alone. */
const pValues = (s: SignificanceResult) =>
  s.adjustedP !== undefined
    ? `adjusted p = ${pValue(s.adjustedP)}, raw p = ${pValue(s.p!)}`
    : `p = ${s.p === undefined ? '–' : pValue(s.p)}`;
