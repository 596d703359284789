import { Hono } from 'hono';
import { jsx } from 'hono/jsx';
import { NotFoundError } from '../../errors.js';
import { asset as assetNamed } from '../../web/assets.js';
import type { WebDeps } from '../../web/deps.js';
import { listConfigFiles } from '../../web/experiments/config-files.js';
import { ExperimentsPage } from '../../web/experiments/experiments-page.js';
import { reportLinks } from '../../web/experiments/failure-link.js';
import { withQueryDetails } from '../../experiments/recorded-query-details.js';
import { diffPageView, queriesPageView } from '../../web/experiments/report-views.js';
import { DiffPage } from '../../web/experiments/diff-page.js';
import { QueriesPage } from '../../web/experiments/queries-page.js';
import { JudgePage } from '../../web/judge/judge-page.js';
import { loadJudgeView, readJudgeForm } from '../../web/judge/judge-view.js';
import { NotFoundPage } from '../../web/not-found-page.js';
import { ReportPage } from '../../web/experiments/report-page.js';
import { findReport, listSaved } from '../../web/experiments/report-source.js';
import { htmlPage, wantsHtml } from '../../web/page-response.js';
import { readForm } from '../../web/playground/form.js';
import { PlaygroundPage } from '../../web/playground/playground-page.js';
import { runPlayground } from '../../web/playground/run-playground.js';
import { trafficView } from '../../web/traffic/traffic-view.js';
import { errorResponse } from '../errors.js';
import { knownRoots, shownAnswer, type ServedRoots } from '../shown-paths.js';
import { documented } from '../openapi/documented.js';
import { PAGE_OPERATIONS as OPS } from './page-operations.js';

/**
 * The pages for people: the playground at `/` (the query log's summary below it, when the
 * server keeps one), the judging page at `/judge`, the experiments list and reports, and the stylesheet and
 * script they load (a report's downloads: downloads.ts).
 *
 * `/experiments` and `/experiments/:id` are also API routes. A browser navigating there asks
 * for text/html and gets the page; every other client falls through (next()) to the JSON API.
 * That only works when these routes are mounted before the API's.
 *
 * What a page shows follows the API's rule for paths (shownAnswer): each view is passed through
 * it before rendering, so a gold-set error or a report's corpus is named from the served roots
 * and never as the machine's path. The form a user typed is echoed back as typed.
 */
export function uiRoutes(deps: WebDeps): Hono {
  const app = new Hono();
  const tokenRequired = deps.tokenRequired === true;
  const served = pageRoots(deps);
  const shown = <T>(value: T): T => shownAnswer(value, knownRoots(served));

  app.get('/', documented(OPS.playgroundPage), async (c) => {
    const searchProtected = deps.searchProtected === true;
    const [view, traffic] = await Promise.all([
      runPlayground(
        { ...deps, measured: { jobs: deps.jobs, resultsRoot: deps.resultsRoot, cacheDir: deps.cacheDir } },
        readForm(c.req.query(), c.req.queries('col') ?? []),
      ),
      trafficView(deps.traffic, {
        protected: searchProtected || tokenRequired,
        showRawQueries: deps.showRawQueries === true,
      }),
    ]);
    const page = jsx(PlaygroundPage, {
      view: { ...shown(view), form: view.form },
      options: { tokenRequired, searchProtected },
      traffic: shown(traffic),
    });
    return htmlPage(c, page, view.error?.status ?? 200);
  });

  app.get('/judge', documented(OPS.judgePage), async (c) => {
    const view = await loadJudgeView(deps, readJudgeForm(c.req.query()));
    return htmlPage(
      c,
      jsx(JudgePage, { view: { ...shown(view), form: view.form }, tokenRequired }),
      view.error?.status ?? 200,
    );
  });

  app.get('/assets/:name', documented(OPS.getPageAsset), (c) => {
    const asset = assetNamed(c.req.param('name'));
    if (!asset) throw new NotFoundError(`no asset "${c.req.param('name')}"`);
    return c.body(asset.body, 200, {
      'Content-Type': asset.type,
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    });
  });

  app.get('/experiments', async (c, next) => {
    if (!wantsHtml(c)) return next();
    const view = {
      configs: listConfigFiles(deps.experimentsRoot),
      jobs: deps.jobs.list(),
      saved: listSaved(deps.resultsRoot),
      experimentsRoot: deps.experimentsRoot,
      resultsRoot: deps.resultsRoot,
    };
    return htmlPage(c, jsx(ExperimentsPage, { view: shown(view), tokenRequired }));
  });

  // Before /experiments/:id, which would take "diff" for an id. A page only: no JSON twin.
  app.get('/experiments/diff', documented(OPS.reportDiffPage), async (c) => {
    const { view, status } = await diffPageView(deps.jobs, deps.resultsRoot, deps.corporaRoot, c.req.query(), shown);
    return htmlPage(c, jsx(DiffPage, { view, tokenRequired }), status);
  });

  app.get('/experiments/:id/queries', documented(OPS.reportQueriesPage), async (c) => {
    const id = c.req.param('id');
    const source = findReport(deps.jobs, deps.resultsRoot, id);
    if (!source?.report) {
      const message = source
        ? `Experiment "${id}" has no report yet.`
        : `No experiment run or saved report named "${id}".`;
      return htmlPage(c, jsx(NotFoundPage, { message, tokenRequired }), 404);
    }
    // A report saved before it recorded query texts reads them from its queries file, if under the corpora root.
    const { report } = await withQueryDetails(source.report, deps.corporaRoot);
    const { view, status } = queriesPageView(id, shown(report), c.req.query());
    return htmlPage(c, jsx(QueriesPage, { view, tokenRequired }), status);
  });

  app.get('/experiments/:id', async (c, next) => {
    if (!wantsHtml(c)) return next();
    const id = c.req.param('id');
    const source = findReport(deps.jobs, deps.resultsRoot, id);
    if (!source) {
      return htmlPage(
        c,
        jsx(NotFoundPage, { message: `No experiment run or saved report named "${id}".`, tokenRequired }),
        404,
      );
    }
    const report = source.report;
    const links = report
      ? reportLinks(id, report, {
          indexes: deps.catalog.indexes,
          corporaRoot: deps.corporaRoot,
          cacheDir: deps.cacheDir,
        })
      : {};
    return htmlPage(c, jsx(ReportPage, { source: shown(source), links, tokenRequired }));
  });

  app.onError((err, c) => errorResponse(err, c, served));
  return app;
}

/** The roots a page or a download names paths from (shownAnswer): every folder the server serves. */
export function pageRoots(
  deps: Pick<WebDeps, 'catalog' | 'corporaRoot' | 'resultsRoot' | 'experimentsRoot' | 'traffic'>,
): ServedRoots {
  return {
    data: deps.catalog.dataDir,
    corpora: deps.corporaRoot,
    results: deps.resultsRoot,
    experiments: deps.experimentsRoot,
    ...(deps.traffic && { logs: deps.traffic.dir }),
  };
}
