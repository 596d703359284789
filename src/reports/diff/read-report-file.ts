import fs from 'node:fs';
import path from 'node:path';
import { InputError } from '../../errors.js';
import type { ExperimentReport } from '../report-model.js';

/** The folder of a saved report given as its report.json or the folder itself: where its runs/ and qrels.tsv are. */
export function reportFolder(given: string): string {
  try {
    if (fs.statSync(given).isDirectory()) return given;
  } catch {
    // readReportFile names the missing file.
  }
  return path.dirname(given);
}

/**
 * A saved report, given as its report.json or the folder holding it (`results/NAME`). Anything
 * else is an InputError naming the file: missing, unreadable, not JSON, or JSON that is not an
 * experiment report (no name, configs, metrics).
 */
export function readReportFile(given: string): ExperimentReport {
  let file = given;
  try {
    if (fs.statSync(given).isDirectory()) file = path.join(given, 'report.json');
  } catch {
    throw new InputError('no such file or folder', { file: given });
  }
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    throw new InputError(
      file === given ? 'cannot read the file' : 'the folder has no report.json (is it an experiment output folder?)',
      { file },
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new InputError(`not valid JSON (${(err as Error).message})`, { file });
  }
  const r = value as Partial<ExperimentReport> | null;
  if (
    !r ||
    typeof r !== 'object' ||
    typeof r.name !== 'string' ||
    !Array.isArray(r.configs) ||
    !Array.isArray(r.metrics) ||
    !r.configs.every((c) => typeof c?.name === 'string' && c.perQuery && c.means)
  )
    throw new InputError(
      'not an experiment report: expected report.json as `testbed experiment` writes it (name, metrics, configs with means and perQuery)',
      { file },
    );
  return r as ExperimentReport;
}
