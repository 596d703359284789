import { InputError } from '../../errors.js';
import { withQueryDetails } from '../../experiments/recorded-query-details.js';
import { diffReports } from '../../reports/diff/report-diff.js';
import { perQueryTable } from '../../reports/per-query-table.js';
import type { ExperimentReport } from '../../reports/report-model.js';
import type { DiffView } from './diff-page.js';
import type { QueriesView } from './queries-page.js';
import { parseSort } from './query-sort.js';
import { reportChoices } from './report-choices.js';
import { findReport, listSaved, type JobsView } from './report-source.js';
import { judgementChange } from '../../experiments/judgement-change.js';

type Query = Record<string, string | undefined>;

/**
 * The per-query page's view from its query string (metric, baseline, sort, dir). A bad value is
 * said on the page (status 400) over the table with its defaults, not a bare error.
 */
export function queriesPageView(
  id: string,
  report: ExperimentReport,
  q: Query,
): { view: QueriesView; status: 200 | 400 } {
  const descending = q.dir === 'desc';
  try {
    const sort = parseSort(q.sort);
    const table = perQueryTable(report, {
      ...(q.metric && { metric: q.metric }),
      ...(q.baseline && { baseline: q.baseline }),
      ...(sort && { sort }),
      descending,
    });
    return { view: { id, name: report.name, table, ...(sort && { sort }), descending }, status: 200 };
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    return {
      view: { id, name: report.name, table: perQueryTable(report), descending: false, error: err.message },
      status: 400,
    };
  }
}

/**
 * The diff page's view from `a`, `b` (report ids: a job id or a saved folder), `metric` and
 * `top`. A report saved before it recorded its query texts has them read as withQueryDetails
 * reads them, from inside `corporaRoot` only. Without both ids it is the form (400 when only one is given); an id with no finished
 * report is a 404 naming it; a bad metric or top a 400 saying why.
 */
export async function diffPageView(
  jobs: JobsView,
  resultsRoot: string,
  corporaRoot: string,
  q: Query,
  shown: <T>(value: T) => T,
): Promise<{ view: DiffView; status: 200 | 400 | 404 }> {
  const choices = reportChoices(jobs.list(), listSaved(resultsRoot));
  const form: DiffView = {
    choices,
    ...(q.a && { a: q.a }),
    ...(q.b && { b: q.b }),
    ...(q.metric && { metric: q.metric }),
    ...(q.top && { top: q.top }),
  };
  if (!q.a || !q.b)
    return q.a || q.b
      ? { view: { ...form, error: 'Choose two reports, A and B.' }, status: 400 }
      : { view: form, status: 200 };
  // Each report resolved once: its report for the diff, its folder for the judgements it was scored with.
  const [sourceA, sourceB] = [findReport(jobs, resultsRoot, q.a), findReport(jobs, resultsRoot, q.b)];
  const missing = !sourceA?.report ? q.a : !sourceB?.report ? q.b : undefined;
  if (missing !== undefined || !sourceA?.report || !sourceB?.report)
    return { view: { ...form, error: `No finished report named "${missing}".` }, status: 404 };
  // Query texts of a report saved before it recorded them: read from its queries file, under the corpora root only.
  const a = shown((await withQueryDetails(sourceA.report, corporaRoot)).report);
  const b = shown((await withQueryDetails(sourceB.report, corporaRoot)).report);
  try {
    const top = q.top === undefined || q.top === '' ? undefined : Number(q.top);
    if (top !== undefined && !(Number.isInteger(top) && top >= 1 && top <= 1000))
      throw new InputError(`top must be a whole number from 1 to 1000, got "${q.top}"`);
    const diff = diffReports(a, b, { ...(q.metric && { metric: q.metric }), ...(top && { top }) });
    // Each report folder keeps the judgements it was scored with: say whether they changed, and re-score.
    diff.judgements = await judgementChange(
      { report: a, dir: sourceA.output },
      { report: b, dir: sourceB.output },
      diff.metrics,
    );
    return { view: { ...form, diff }, status: 200 };
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    return { view: { ...form, error: err.message }, status: 400 };
  }
}
