import fs from 'node:fs';
import path from 'node:path';
import { readQuerySet } from '../gold/index.js';
import type { ExperimentReport } from '../reports/report-model.js';
import { goldPaths } from './config.js';
import { queryDetails } from './query-details.js';

/** A report with its queryDetails, and where they were read from when the report lacked them. */
export interface WithQueryDetails {
  report: ExperimentReport;
  /** The queries file read, when the report was saved before queryDetails were recorded. */
  readFrom?: string;
}

/**
 * A report saved before it recorded its queries' text and slice values, with them read back from
 * the queries file its config names (as the experiment read it), for the per-query views. Only
 * when that file is still there and, with `within`, inside that folder (a server reads under its
 * corpora root only); else the report as it is, whose views show query ids without text. A
 * report that records them is returned unchanged, and nothing is read.
 */
export async function withQueryDetails(report: ExperimentReport, within?: string): Promise<WithQueryDetails> {
  if (report.queryDetails) return { report };
  const file = path.resolve(goldPaths(report.config).queries);
  if (within !== undefined && !inside(within, file)) return { report };
  try {
    const scored = new Set(report.configs.flatMap((c) => Object.keys(c.perQuery)));
    const queries = (await readQuerySet(file)).filter((q) => scored.has(q.id));
    return { report: { ...report, queryDetails: queryDetails(queries, report.sliceFields) }, readFrom: file };
  } catch {
    return { report };
  }
}

/** Whether `file` is under `root`, links resolved, and both exist. */
function inside(root: string, file: string): boolean {
  try {
    const rel = path.relative(fs.realpathSync(root), fs.realpathSync(file));
    return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
  } catch {
    return false;
  }
}
