import type { ExperimentReport } from '../../reports/report-model.js';
import { bestPerColumn, fmt } from '../../reports/format.js';
import { BarChart } from '../charts/bar-chart.js';
import { LineChart } from '../charts/line-chart.js';
import { ScatterChart } from '../charts/scatter-chart.js';

/** recall@k and hit@k against k, one line per configuration: where each retriever catches up. */
export function Curves({ report }: { report: ExperimentReport }) {
  const ks = report.curveKs;
  if (ks.length === 0 || report.configs.length === 0) return null;
  const series = (kind: string) =>
    report.configs.map((c) => ({ name: c.name, values: ks.map((k) => c.means[`${kind}@${k}`]) }));
  return (
    <>
      <div class="charts">
        <LineChart
          title="recall@k per configuration"
          xLabel="k"
          yLabel="recall@k"
          xs={ks}
          xLog
          yDomain={[0, 1]}
          series={series('recall')}
        />
        <LineChart
          title="hit@k per configuration"
          xLabel="k"
          yLabel="hit@k"
          xs={ks}
          xLog
          yDomain={[0, 1]}
          series={series('hit')}
        />
      </div>
      <details class="data">
        <summary>the numbers</summary>
        <DataTable
          head={['configuration', ...ks.map((k) => `recall@${k}`)]}
          rows={report.configs.map((c) => [c.name, ...ks.map((k) => fmt(c.means[`recall@${k}`]))])}
        />
        <DataTable
          head={['configuration', ...ks.map((k) => `hit@${k}`)]}
          rows={report.configs.map((c) => [c.name, ...ks.map((k) => fmt(c.means[`hit@${k}`]))])}
        />
      </details>
    </>
  );
}

/** The primary metric against median latency (and index size when sizes differ): the trade-off at a glance. */
export function QualityCost({ report }: { report: ExperimentReport }) {
  const primary = report.metrics[0];
  if (primary === undefined || report.configs.length === 0) return null;
  const sizes = new Set(report.configs.map((c) => c.index.sizeBytes));
  return (
    <div class="charts">
      <ScatterChart
        title={`${primary} against p50 latency`}
        xLabel="p50 latency, ms"
        yLabel={primary}
        xLog
        yDomain={[0, 1]}
        points={report.configs.map((c) => ({ name: c.name, x: c.latency.p50, y: c.means[primary] ?? NaN }))}
      />
      {sizes.size > 1 ? (
        <ScatterChart
          title={`${primary} against index size`}
          xLabel="index size, MB"
          yLabel={primary}
          yDomain={[0, 1]}
          points={report.configs.map((c) => ({ name: c.name, x: c.index.sizeBytes / 1e6, y: c.means[primary] ?? NaN }))}
        />
      ) : null}
    </div>
  );
}

/** One bar chart per slice field (type, language, ...): the primary metric per value, with its query count. */
export function SliceCharts({ report }: { report: ExperimentReport }) {
  const primary = report.metrics[0];
  const first = report.configs[0];
  if (primary === undefined || !first || first.slices.length === 0) return null;
  const fields = report.sliceFields.length
    ? report.sliceFields
    : [...new Set(first.slices.map((s) => s.label.split('=')[0]!))];
  return (
    <>
      <div class="charts">
        {fields.map((field) => {
          const slices = first.slices.filter((s) => s.label.startsWith(`${field}=`));
          if (slices.length === 0) return null;
          return (
            <BarChart
              title={`${primary} by ${field}`}
              valueLabel={primary}
              domain={[0, 1]}
              groups={slices.map((s) => ({ label: s.label.slice(field.length + 1), n: s.n }))}
              series={report.configs.map((c) => ({
                name: c.name,
                values: slices.map((s) => c.slices.find((cs) => cs.label === s.label)?.means[primary]),
              }))}
            />
          );
        })}
      </div>
      <details class="data">
        <summary>the numbers, every metric</summary>
        {first.slices.map((s) => {
          const values = report.configs.map((c) =>
            report.metrics.map((m) => c.slices.find((cs) => cs.label === s.label)?.means[m]),
          );
          return (
            <>
              <h3>
                {s.label} ({s.n} queries)
              </h3>
              <DataTable
                head={['configuration', ...report.metrics]}
                rows={report.configs.map((c, i) => [c.name, ...values[i]!.map((v) => fmt(v))])}
                best={bestPerColumn(values)}
              />
            </>
          );
        })}
      </details>
    </>
  );
}

/** Real against synthetic queries per configuration: synthetic ones flatter every retriever. */
export function SourceGap({ report }: { report: ExperimentReport }) {
  const gap = report.sourceGap;
  if (!gap?.length) return null;
  const metric = gap[0]!.metric;
  return (
    <>
      <p class="legend-note">
        Synthetic queries reuse the words of the passage they were written from and usually score higher: trust the real
        column.
      </p>
      <div class="charts">
        <BarChart
          title={`${metric}: real vs synthetic queries`}
          valueLabel={metric}
          domain={[0, 1]}
          groups={gap.map((g) => ({ label: g.config }))}
          series={[
            { name: `real (n=${gap[0]!.real.n})`, values: gap.map((g) => g.real.mean) },
            { name: `synthetic (n=${gap[0]!.synthetic.n})`, values: gap.map((g) => g.synthetic.mean) },
          ]}
        />
      </div>
      <DataTable
        head={['configuration', 'metric', 'real (n)', 'synthetic (n)', 'gap']}
        rows={gap.map((g) => [
          g.config,
          g.metric,
          `${fmt(g.real.mean)} (${g.real.n})`,
          `${fmt(g.synthetic.mean)} (${g.synthetic.n})`,
          (g.gap >= 0 ? '+' : '') + fmt(g.gap),
        ])}
      />
    </>
  );
}

/**
 * A plain table: the first cell of each row is its header. `best` holds `row:column` keys of
 * value cells (column 0 = the first after the row header, as bestPerColumn counts them) to mark
 * as ConfigTable marks them: bold, green, and "(best)" for screen readers.
 */
export function DataTable({ head, rows, best }: { head: string[]; rows: string[][]; best?: ReadonlySet<string> }) {
  return (
    <div class="table-wrap">
      <table>
        <thead>
          <tr>
            {head.map((h) => (
              <th scope="col">{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, ri) => (
            <tr>
              {r.map((cell, i) =>
                i === 0 ? (
                  <th scope="row" class="text-cell">
                    {cell}
                  </th>
                ) : best?.has(`${ri}:${i - 1}`) ? (
                  <td class="best">
                    {cell}
                    <span class="visually-hidden"> (best)</span>
                  </td>
                ) : (
                  <td>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
