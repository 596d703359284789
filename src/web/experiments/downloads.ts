import fs from 'node:fs';
import path from 'node:path';
import { ConflictError, NotFoundError } from '../../errors.js';
import { fileSafe } from '../../reports/file-safe.js';
import type { ExperimentReport } from '../../reports/report-model.js';
import { renderCsv } from '../../reports/csv.js';
import { renderMarkdown } from '../../reports/markdown.js';
import { renderPerQueryCsv } from '../../reports/per-query-csv.js';
import type { ReportSource } from './report-source.js';

export interface Download {
  body: string;
  type: string;
  filename: string;
}

export type RenderedKind = 'report.md' | 'metrics.csv' | 'per-query.csv' | 'report.json';

/**
 * Markdown, the two CSVs and JSON are rendered from the report itself with the CLI's renderers, so the
 * download is the report shown on the page even when a later run has rewritten the folder.
 */
export function renderedDownload(source: ReportSource, kind: RenderedKind): Download {
  const report = finished(source);
  const stem = fileSafe(report.name);
  switch (kind) {
    case 'report.md':
      return { body: renderMarkdown(report), type: 'text/markdown; charset=utf-8', filename: `${stem}.md` };
    case 'metrics.csv':
      return { body: renderCsv(report), type: 'text/csv; charset=utf-8', filename: `${stem}.csv` };
    case 'per-query.csv':
      return {
        body: renderPerQueryCsv(report),
        type: 'text/csv; charset=utf-8',
        filename: `${stem}-per-query.csv`,
      };
    case 'report.json':
      return {
        body: JSON.stringify(report, null, 1) + '\n',
        type: 'application/json; charset=utf-8',
        filename: `${stem}.json`,
      };
  }
}

/**
 * The TREC run file of one configuration, as the experiment wrote it under its output folder.
 * Only `<config>.trec` for a configuration of this report is served: the name is checked
 * against the report, never joined into a path as given.
 */
export function runDownload(source: ReportSource, file: string): Download {
  const report = finished(source);
  const config = report.configs.find((c) => `${fileSafe(c.name)}.trec` === file);
  if (!config)
    throw new NotFoundError(
      `no run file "${file}" in this report; expected one of ${report.configs.map((c) => `${fileSafe(c.name)}.trec`).join(', ')}`,
    );
  const full = path.join(source.output, 'runs', `${fileSafe(config.name)}.trec`);
  let body: string;
  try {
    body = fs.readFileSync(full, 'utf8');
  } catch {
    throw new NotFoundError(`the run file of "${config.name}" is no longer in ${path.join(source.output, 'runs')}`);
  }
  return {
    body,
    type: 'text/plain; charset=utf-8',
    filename: `${fileSafe(report.name)}-${fileSafe(config.name)}.trec`,
  };
}

function finished(source: ReportSource): ExperimentReport {
  if (source.report) return source.report;
  if (source.kind === 'job' && (source.job.state === 'running' || source.job.state === 'queued'))
    throw new ConflictError(`experiment "${source.job.name}" is still running`);
  throw new NotFoundError(
    `experiment "${source.id}" has no report${source.kind === 'job' && source.job.error ? `: it failed (${source.job.error})` : ''}`,
  );
}
