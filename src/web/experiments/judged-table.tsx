import { fmt } from '../../reports/format.js';
import { clickLogText, judgedConfigs, judgedSpread, sourceCells, sourceColumns } from '../../reports/judged-section.js';
import { JUDGED_SPREAD_WARNING, type ExperimentReport } from '../../reports/report-model.js';
import { DataTable } from './report-charts.js';

/**
 * judged@k per configuration, and the warning of the Markdown report (reports/judged-section.ts)
 * when the configurations compared lie more than JUDGED_SPREAD_WARNING apart: the page shows
 * what the report file shows, and a link to judge the configurations' top k (`folder`: the
 * report's folder under the results root, which the judging page pools from).
 */
export function JudgedTable({ report, folder }: { report: ExperimentReport; folder: string }) {
  const judged = judgedConfigs(report);
  if (judged.length === 0) return null;
  const k = judged[0]!.judged.k;
  const spread = judgedSpread(report, judged);
  const columns = sourceColumns(judged);
  const withSources = judged.some((c) => c.sources);
  const favoured = new Set(report.clickLog?.favoured ?? []);
  return (
    <section class="judged" aria-label="Judged">
      <p class="legend-note">
        judged@{k}: share of a configuration's top {k} documents that the qrels judge (any grade, 0 included). Every
        metric counts an unjudged document as not relevant.
      </p>
      <DataTable
        head={['configuration', `judged@${k}`, ...(withSources ? [...columns, 'unjudged'] : [])]}
        rows={judged.map((c) => [
          `${c.name}${favoured.has(c.name) ? ' *' : ''}`,
          fmt(c.judged.mean),
          ...(withSources ? sourceCells(c, columns) : []),
        ])}
      />
      {report.clickLog ? (
        <p class="note" role="note">
          Warning: {clickLogText(report.clickLog).replace(/`/g, '')}
        </p>
      ) : null}
      {spread ? (
        <p class="note" role="note">
          Warning: judged@{k} differs by more than {JUDGED_SPREAD_WARNING.toFixed(2)} between the configurations
          compared (<code>{spread.low.name}</code> {fmt(spread.low.judged.mean)}, <code>{spread.high.name}</code>{' '}
          {fmt(spread.high.judged.mean)}): the less judged ones score lower for their holes, not for their ranking. Pool
          the runs, then judge the pool: <code>{spread.command}</code>
        </p>
      ) : null}
      <p>
        <a href={`/judge?${new URLSearchParams({ pool: `experiment:${folder}`, depth: String(k) })}`}>
          Judge the holes in these configurations' top {k}
        </a>{' '}
        on the judging page (blind: it does not say which configuration found a document).
      </p>
    </section>
  );
}
