import fs from 'node:fs';
import path from 'node:path';
import type { ExperimentJob, ExperimentJobs } from '../../experiments/experiment-jobs.js';
import type { ExperimentReport } from '../../reports/report-model.js';

/**
 * Where a report page's data comes from: an experiment started in this server (its job, with
 * progress while it runs), or a report saved earlier under the results folder (by a previous
 * server or `testbed experiment`), named by its folder.
 */
export type ReportSource =
  | { kind: 'job'; id: string; job: ExperimentJob; output: string; report?: ExperimentReport }
  | { kind: 'saved'; id: string; output: string; report: ExperimentReport };

export interface SavedReport {
  /** Folder name under the results root; also the id of its page. */
  name: string;
  output: string;
  report: ExperimentReport;
}

/** The jobs the pages need: reading only, so a test can hand in a fixed list. */
export type JobsView = Pick<ExperimentJobs, 'get' | 'list'>;

const FOLDER = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
const cache = new Map<string, { stamp: string; report: ExperimentReport | null }>();

export function findReport(jobs: JobsView, resultsRoot: string, id: string): ReportSource | undefined {
  const job = jobs.get(id);
  if (job) return { kind: 'job', id, job, output: job.output, ...(job.report && { report: job.report }) };
  const saved = readSaved(resultsRoot, id);
  return saved && { kind: 'saved', id, output: saved.output, report: saved.report };
}

/** Reports saved under the results root, newest first. */
export function listSaved(resultsRoot: string): SavedReport[] {
  let names: string[];
  try {
    names = fs.readdirSync(resultsRoot);
  } catch {
    return [];
  }
  return names
    .map((name) => readSaved(resultsRoot, name))
    .filter((s): s is SavedReport => s !== undefined)
    .sort((a, b) => b.report.createdAt.localeCompare(a.report.createdAt));
}

/**
 * `<resultsRoot>/<name>/report.json`, parsed once per file version. Only plain folder names are
 * looked up, so an id can never walk out of the results root. A file that is not a report is
 * treated as absent.
 */
export function readSaved(resultsRoot: string, name: string): SavedReport | undefined {
  if (!FOLDER.test(name)) return undefined;
  const output = path.join(resultsRoot, name);
  const file = path.join(output, 'report.json');
  let stamp: string;
  try {
    const s = fs.statSync(file);
    stamp = `${s.mtimeMs}:${s.size}`;
  } catch {
    return undefined;
  }
  let entry = cache.get(file);
  if (entry?.stamp !== stamp) {
    entry = { stamp, report: parseReport(fs.readFileSync(file, 'utf8')) };
    cache.set(file, entry);
  }
  return entry.report ? { name, output, report: entry.report } : undefined;
}

function parseReport(text: string): ExperimentReport | null {
  try {
    const value = JSON.parse(text) as Partial<ExperimentReport>;
    const ok =
      typeof value.name === 'string' &&
      Array.isArray(value.configs) &&
      Array.isArray(value.metrics) &&
      Array.isArray(value.curveKs);
    return ok ? (value as ExperimentReport) : null;
  } catch {
    return null;
  }
}
