import path from 'node:path';
import type { ExperimentJob } from '../../experiments/experiment-jobs.js';
import type { ReportChoice } from './diff-page.js';
import type { SavedReport } from './report-source.js';

/**
 * The finished reports a person can pick to compare: those saved under the results root (by
 * folder name, newest first), then runs of this server that finished with a report saved
 * elsewhere (by job id). A run whose report is one of the saved folders is offered once.
 */
export function reportChoices(jobs: readonly ExperimentJob[], saved: readonly SavedReport[]): ReportChoice[] {
  const savedNames = new Set(saved.map((s) => s.name));
  return [
    ...saved.map((s) => ({ id: s.name, label: `${s.name} (${s.report.createdAt})` })),
    ...jobs
      .filter((j) => j.report && !savedNames.has(path.basename(j.output)))
      .map((j) => ({ id: j.id, label: `${j.name} (run ${j.id})` })),
  ];
}
