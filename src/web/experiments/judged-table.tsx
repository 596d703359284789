import { fmt } from '../../reports/format.js';
import { judgedConfigs, judgedSpread } from '../../reports/judged-section.js';
import { JUDGED_SPREAD_WARNING, type ExperimentReport } from '../../reports/report-model.js';
import { DataTable } from './report-charts.js';

/**
 * judged@k per configuration, and the warning of the Markdown report (reports/judged-section.ts)
 * when the configurations compared lie more than JUDGED_SPREAD_WARNING apart: the page shows
 * what the report file shows.
 */
export function JudgedTable({ report }: { report: ExperimentReport }) {
  const judged = judgedConfigs(report);
  if (judged.length === 0) return null;
  const k = judged[0]!.judged.k;
  const spread = judgedSpread(report, judged);
  return (
    <section class="judged" aria-label="Judged">
      <p class="legend-note">
        judged@{k}: share of a configuration's top {k} documents that the qrels judge (any grade, 0 included). Every
        metric counts an unjudged document as not relevant.
      </p>
      <DataTable head={['configuration', `judged@${k}`]} rows={judged.map((c) => [c.name, fmt(c.judged.mean)])} />
      {spread ? (
        <p class="note" role="note">
          Warning: judged@{k} differs by more than {JUDGED_SPREAD_WARNING.toFixed(2)} between the configurations
          compared (<code>{spread.low.name}</code> {fmt(spread.low.judged.mean)}, <code>{spread.high.name}</code>{' '}
          {fmt(spread.high.judged.mean)}): the less judged ones score lower for their holes, not for their ranking. Pool
          the runs, then judge the pool: <code>{spread.command}</code>
        </p>
      ) : null}
    </section>
  );
}
