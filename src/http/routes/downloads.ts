import { type Context, Hono } from 'hono';
import { NotFoundError } from '../../errors.js';
import type { WebDeps } from '../../web/deps.js';
import { renderedDownload, runDownload, type Download, type RenderedKind } from '../../web/experiments/downloads.js';
import { findReport, type ReportSource } from '../../web/experiments/report-source.js';
import { errorResponse } from '../errors.js';
import { documented } from '../openapi/documented.js';
import { knownRoots, shownAnswer } from '../shown-paths.js';
import { PAGE_OPERATIONS as OPS } from './page-operations.js';
import { pageRoots } from './ui.js';

/**
 * A report's files, `/experiments/:id/download/...`: the report as Markdown, CSV and JSON, and each
 * configuration's run file, for a job of this server or a report saved under the results folder.
 * Mounted after the experiments API, so the document lists them after it as it always did.
 */
export function downloadRoutes(
  deps: Pick<WebDeps, 'catalog' | 'jobs' | 'corporaRoot' | 'resultsRoot' | 'experimentsRoot' | 'traffic'>,
): Hono {
  const app = new Hono();
  const served = pageRoots(deps);
  const sourceOf = (c: Context): ReportSource => {
    const id = c.req.param('id') ?? '';
    const source = findReport(deps.jobs, deps.resultsRoot, id);
    if (!source) throw new NotFoundError(`no experiment with id "${id}"`);
    return source;
  };
  // A download is the report as GET /experiments/:id answers it: paths relative to the served roots.
  const rendered = (kind: RenderedKind) => (c: Context) => {
    const source = sourceOf(c);
    return send(
      c,
      renderedDownload(
        source.report ? { ...source, report: shownAnswer(source.report, knownRoots(served)) } : source,
        kind,
      ),
    );
  };
  app.get('/experiments/:id/download/report.md', documented(OPS.downloadReportMarkdown), rendered('report.md'));
  app.get('/experiments/:id/download/metrics.csv', documented(OPS.downloadMetricsCsv), rendered('metrics.csv'));
  app.get('/experiments/:id/download/per-query.csv', documented(OPS.downloadPerQueryCsv), rendered('per-query.csv'));
  app.get('/experiments/:id/download/report.json', documented(OPS.downloadReportJson), rendered('report.json'));
  app.get('/experiments/:id/download/runs/:file', documented(OPS.downloadRunFile), (c) =>
    send(c, runDownload(sourceOf(c), c.req.param('file') ?? '')),
  );
  app.onError((err, c) => errorResponse(err, c, served));
  return app;
}

function send(c: Context, d: Download): Response {
  return c.body(d.body, 200, {
    'Content-Type': d.type,
    'Content-Disposition': `attachment; filename="${d.filename}"`,
    'X-Content-Type-Options': 'nosniff',
  });
}
