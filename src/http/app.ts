import { Hono } from 'hono';
import { jsx } from 'hono/jsx';
import { htmlPage, wantsHtml } from '../web/page-response.js';
import { NotFoundPage } from '../web/not-found-page.js';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import type { IndexCatalog } from '../serving/catalog/index-catalog.js';
import type { RemoteAllowList } from '../remote/allowed-origins.js';
import { ExperimentJobs } from '../experiments/experiment-jobs.js';
import { requireToken } from './auth.js';
import { pageOrJsonRefusal } from './page-refusal.js';
import { errorResponse, jsonError } from './errors.js';
import { checkHost } from './guards/host-check.js';
import { requireJson } from './guards/media-type.js';
import { refuseCrossSite } from './guards/origin-check.js';
import { DEFAULT_MAX_URL_BYTES, limitUrlLength } from './guards/url-length.js';
import { requireWellFormedQuery } from './guards/query-encoding.js';
import { checkTokenSetting } from './guards/token.js';
import { experimentRoutes } from './routes/experiments.js';
import { goldRoutes } from './routes/gold.js';
import { indexRoutes } from './routes/indexes.js';
import { openapiRoutes } from './routes/openapi.js';
import { openApiDocument } from './openapi/document.js';
import { downloadRoutes } from './routes/downloads.js';
import { cacheHome } from '../cache-home.js';
import { healthRoutes } from './routes/health.js';
import { searchRoutes } from './routes/search.js';
import { mcpEndpoint } from './routes/mcp.js';
import type { ExploreOptions } from '../traffic/explore-swap.js';
import { eventRoutes } from './routes/events.js';
import { type JudgementRequest, type SampleRequest, trafficJobRoutes } from './routes/traffic-jobs.js';
import { TrafficJobs } from '../serving/traffic-jobs/traffic-jobs.js';
import type { QueryLog } from '../traffic/query-log.js';
import { MAX_EVENTS_BODY_BYTES } from '../traffic/ubi-events.js';
import { trafficRoutes } from './routes/traffic.js';
import { servedTrafficOf, type ServedTraffic } from '../serving/traffic-summary/served-traffic.js';
import type { SearchPool } from '../serving/search-pool/search-pool.js';
import type { IndexSearch } from '../serving/searchers/index-search.js';
import { uiRoutes } from './routes/ui.js';
import type { Interleaving } from '../serving/interleavings/interleave-config.js';
import { rememberSecret } from '../remote/known-secrets.js';

export interface AppDeps {
  catalog: IndexCatalog;
  /** Corpus paths in POST /indexes resolve inside this folder only. */
  corporaRoot: string;
  /** Experiment configs named over HTTP resolve here (default experiments). */
  experimentsRoot?: string;
  /** Experiment reports are written here (default results). */
  resultsRoot?: string;
  /** The cache shared by every command: embeddings, experiment indexes, job records (default cacheHome()). */
  cacheDir?: string;
  /** When set, state-changing endpoints need `Authorization: Bearer <token>`. */
  token?: string;
  /** Search needs the token too (by default search stays open). */
  protectSearch?: boolean;
  /**
   * GET /traffic and the home page show query texts as logged (`testbed serve
   * --show-raw-queries`); by default personal data in them is masked (masked-summary.ts).
   */
  showRawQueries?: boolean;
  /** Origins allowed to call the API from a browser; CORS is off when empty. */
  corsOrigins?: string[];
  /**
   * Host names answered besides localhost, 127.0.0.1 and [::1] (no port): startServer adds the
   * bound host, `testbed serve` each --allowed-host. Any other Host is refused (DNS rebinding).
   */
  allowedHosts?: string[];
  /**
   * The remote origins (scheme://host:port) a pipeline, experiment or other request may make the
   * server call: `testbed serve --allow-remote ORIGIN`; none by default (remote/allowed-origins.ts).
   */
  allowedRemoteOrigins?: RemoteAllowList;
  maxBodyBytes?: number;
  /** The body limit of POST /events alone, which takes batches (default MAX_EVENTS_BODY_BYTES, 512 kB). */
  maxEventsBodyBytes?: number;
  /** Longer request targets (path and query string) are a JSON 414 (default DEFAULT_MAX_URL_BYTES, 256 kB). */
  maxUrlBytes?: number;
  /** Experiments over HTTP with more grid configurations are refused with a 400 (default 200: see grid-limit.ts). */
  maxGridCells?: number;
  /** Searches (the API's and the playground's) run on these worker threads; in-process (catalog.local) without one. */
  searchPool?: SearchPool;
  /**
   * The traffic log (`testbed serve --log-queries DIR`): every search is written to it, and
   * POST /events writes there (409 without one). Opened and closed by whoever starts the app.
   */
  queryLog?: QueryLog;
  /**
   * What GET /traffic and the home page summarise (as the log stands at each request): by
   * default the query log's folder. Absent, with no query log: GET /traffic answers 409 and the
   * home page says how to turn logging on.
   */
  traffic?: ServedTraffic;
  /** `--explore swap --explore-rate R`: logged searches swap an adjacent pair of their answer at rate R. */
  explore?: ExploreOptions;
  /** What /search/interleaved merges (`testbed serve --interleave FILE`); without any it answers 409. */
  interleavings?: readonly Interleaving[];
  /** The MCP judge tool at /mcp (`testbed serve --allow-judging`); off by default. */
  allowJudging?: boolean;
}

/**
 * What searches found, read back: experiment reports, their run files (full rankings) and pages,
 * the judging page's pools, and the judgements and questions added to gold sets. With
 * --protect-search these need the token as the searches do, pages included.
 */
const RANKING_PATHS = ['/experiments', '/experiments/*', '/judge', '/gold', '/gold/*'];

/** The traffic jobs' routes: POST starts one (a write), GET shows what users searched. */
const TRAFFIC_JOB_PATHS = ['/traffic/samples', '/traffic/samples/*', '/traffic/judgements', '/traffic/judgements/*'];

/** The HTTP service: a thin shell over the catalog and where the searches run. */
export function createApp(deps: AppDeps): Hono {
  const traffic = deps.traffic ?? (deps.queryLog && servedTrafficOf(deps.queryLog.dir));
  const {
    catalog,
    corporaRoot,
    token,
    maxBodyBytes = 64 * 1024,
    maxEventsBodyBytes = MAX_EVENTS_BODY_BYTES,
    maxUrlBytes = DEFAULT_MAX_URL_BYTES,
    experimentsRoot = 'experiments',
    resultsRoot = 'results',
    cacheDir = cacheHome(),
  } = deps;
  checkTokenSetting(token);
  // The token is never repeated in an answer or a log, whatever quotes it (known-secrets.ts).
  rememberSecret(token);
  const app = new Hono();
  // Host first, on every request but the health probe, so a rebinding page reads nothing.
  app.use('*', checkHost({ allowedHosts: deps.allowedHosts ?? [], anyHostPaths: ['/health'] }));
  // A front end on a --cors origin reads the search's X-Query-Id to send its clicks with.
  if (deps.corsOrigins?.length) app.use('*', cors({ origin: deps.corsOrigins, exposeHeaders: ['X-Query-Id'] }));
  app.use('*', limitUrlLength(maxUrlBytes));
  // A query string is read as UTF-8 text or refused, before any route reads a parameter of it.
  app.use('*', requireWellFormedQuery());
  const limitBody = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: (c) => {
        // The rest of the body is not read: close the connection so a keep-alive client
        // does not send its next request into a socket the server is about to drop.
        c.header('Connection', 'close');
        return jsonError(c, 413, 'too_large', `request body is over ${maxSize} bytes`);
      },
    });
  // POST /events takes a page's batch of up to MAX_EVENTS_PER_REQUEST clicks; every other body stays small.
  const bodyLimits = { events: limitBody(maxEventsBodyBytes), other: limitBody(maxBodyBytes) };
  app.use('*', (c, next) => (isEventsPath(c.req.path) ? bodyLimits.events : bodyLimits.other)(c, next));
  // What a page elsewhere could send unasked is refused before any token or body is looked at.
  app.use('*', refuseCrossSite({ corsOrigins: deps.corsOrigins ?? [] }));
  app.use('*', requireJson());
  app.on(['POST', 'DELETE'], '/indexes/*', requireToken(token));
  app.on(['POST', 'DELETE'], '/indexes', requireToken(token));
  app.on('POST', ['/gold', '/gold/*', '/experiments', '/experiments/*'], requireToken(token));
  app.on('DELETE', ['/gold', '/gold/*', '/experiments/*'], requireToken(token));
  app.on('POST', ['/events', '/events/*'], requireToken(token));
  app.on('POST', TRAFFIC_JOB_PATHS, requireToken(token));
  // The traffic summary shows what users searched: whenever there is a token it needs it, as
  // the home page then leaves its traffic section out (a page load carries no token). The
  // interleavings come from the same log and that section: the same guard.
  app.on('GET', ['/traffic', '/traffic/interleavings'], requireToken(token));
  if (deps.protectSearch) {
    // The MCP server searches, reads documents and reports: as private as the API's searches.
    app.use('/mcp', requireToken(token));
    app.use('/search', requireToken(token));
    app.use('/search/*', requireToken(token));
    // The traffic summary, the jobs' summaries and their query sets show what users searched:
    // as private as the searches themselves.
    app.use('/traffic', requireToken(token));
    app.use('/traffic/*', requireToken(token));
    // A browser navigating to one of these pages gets a page saying why, the API the JSON error.
    for (const p of RANKING_PATHS) app.use(p, requireToken(token, pageOrJsonRefusal));
  }

  // Experiments wait in the catalog's queue, behind its builds: one set of job processes per server.
  const jobs = new ExperimentJobs(cacheDir, {
    queue: catalog.queue,
    ...(deps.maxGridCells !== undefined && { maxGridCells: deps.maxGridCells }),
  });
  // Traffic jobs wait in the same queue, so a server stopping stops them with the rest.
  const trafficJobs = { cacheDir, resultsRoot, queue: catalog.queue };
  const samples = new TrafficJobs<SampleRequest>('sample', trafficJobs);
  const judgements = new TrafficJobs<JudgementRequest>('judgement', trafficJobs);
  const search: IndexSearch = deps.searchPool ?? catalog.local;
  // The pages first: GET /experiments and /experiments/:id answer a browser (Accept: text/html)
  // with a page and pass every other request on to the JSON API below.
  app.route(
    '/',
    uiRoutes({
      catalog,
      jobs,
      corporaRoot,
      experimentsRoot,
      resultsRoot,
      cacheDir,
      tokenRequired: Boolean(token),
      searchProtected: Boolean(deps.protectSearch),
      showRawQueries: Boolean(deps.showRawQueries),
      search,
      ...(traffic && { traffic }),
    }),
  );
  // The document is generated from this app's routes (each declares its operation), all of them
  // registered by the time the first request for it comes.
  app.route(
    '/',
    openapiRoutes(() => openApiDocument(app)),
  );
  app.route('/', healthRoutes(catalog, deps.queryLog));
  const allowedRemoteOrigins = deps.allowedRemoteOrigins ?? [];
  app.route('/indexes', indexRoutes(catalog, corporaRoot, allowedRemoteOrigins));
  app.route(
    '/search',
    searchRoutes(
      catalog,
      search,
      allowedRemoteOrigins,
      deps.queryLog,
      deps.corsOrigins,
      deps.explore,
      deps.interleavings,
    ),
  );
  app.route('/events', eventRoutes(deps.queryLog));
  app.use(
    '/mcp',
    mcpEndpoint({
      catalog,
      search,
      corporaRoot,
      experimentsRoot,
      resultsRoot,
      cacheDir,
      allowedRemoteOrigins,
      ...(token !== undefined && { token }),
      ...(deps.queryLog && { queryLog: deps.queryLog }),
      ...(deps.explore && { explore: deps.explore }),
      ...(deps.allowJudging && { allowJudging: true }),
      ...(deps.maxGridCells !== undefined && { maxGridCells: deps.maxGridCells }),
    }),
  );
  app.route('/gold', goldRoutes(corporaRoot));
  // The jobs before the summary, and the downloads after the experiments: the order /docs lists them in.
  app.route('/traffic', trafficJobRoutes({ samples, judgements, queryLog: deps.queryLog, corporaRoot, resultsRoot }));
  app.route('/traffic', trafficRoutes(traffic, { queryLog: deps.queryLog, showRawQueries: deps.showRawQueries }));
  app.route(
    '/experiments',
    experimentRoutes(jobs, { experimentsRoot, corporaRoot, resultsRoot }, allowedRemoteOrigins),
  );
  app.route(
    '/',
    downloadRoutes({ catalog, jobs, corporaRoot, resultsRoot, experimentsRoot, ...(traffic && { traffic }) }),
  );

  // A browser that follows a wrong link gets a page with the way back; API clients the JSON.
  app.notFound((c) =>
    wantsHtml(c)
      ? htmlPage(c, jsx(NotFoundPage, { message: `Nothing here: ${c.req.path}`, tokenRequired: Boolean(token) }), 404)
      : jsonError(c, 404, 'not_found', `no route ${c.req.method} ${c.req.path}`),
  );
  app.onError((err, c) => errorResponse(err, c));
  return app;
}

/** POST /events and anything under it: the one route whose body is a batch. */
function isEventsPath(p: string): boolean {
  return p === '/events' || p.startsWith('/events/');
}
