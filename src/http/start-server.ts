import type { ServerType } from '@hono/node-server';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { IndexCatalog } from '../serving/catalog/index-catalog.js';
import { BACKGROUND_NICENESS } from '../serving/jobs/job-process.js';
import { JobQueue } from '../serving/jobs/job-queue.js';
import { InputError, TestbedError } from '../errors.js';
import { createApp } from './app.js';
import { answerClientErrors } from './client-errors.js';
import { requestListener } from './request-listener.js';
import { checkTokenSetting } from './guards/token.js';
import { SearchPool } from '../serving/search-pool/search-pool.js';
import type { IndexFile } from '../serving/searchers/index-search.js';
import { normalOrigin } from '../remote/allowed-origins.js';
import { QueryLog } from '../traffic/query-log.js';
import { seedTraffic } from '../traffic/seed-traffic.js';
import type { ExploreOptions } from '../traffic/explore-swap.js';
import { servedTrafficOf } from '../serving/traffic-summary/served-traffic.js';
import { closePostgresPools } from '../legs/postgres/postgres-pools.js';
import { loadInterleavings } from '../serving/interleavings/interleave-config.js';

export interface ServerOptions {
  dataDir: string;
  corporaRoot: string;
  host?: string;
  port?: number;
  token?: string;
  protectSearch?: boolean;
  /** GET /traffic and the home page show query texts unmasked (`--show-raw-queries`). */
  showRawQueries?: boolean;
  corsOrigins?: string[];
  /** Host names answered besides the loopback ones and `host` (see AppDeps.allowedHosts). */
  allowedHosts?: string[];
  /** Remote origins pipelines and experiments sent over HTTP may make the server call (`--allow-remote`; default none). */
  allowRemote?: string[];
  /** Search worker threads (`testbed serve --workers`); 0 or absent: searches run on the main thread. */
  workers?: number;
  /**
   * Open no index before its first search (`--lazy-open`). By default every readable index of
   * the data folder is opened for search where searches run (each worker) before the server
   * listens, so no first search pays for it (Searcher.openForSearch).
   */
  lazyOpen?: boolean;
  /** Builds and experiments running at once, each in a process of its own; the others wait (default 1). */
  maxJobs?: number;
  /** Grid configurations an experiment over HTTP may have (default 200). */
  maxGridCells?: number;
  /** Log every search and accept POST /events into this folder (`--log-queries DIR`); off when absent. */
  logQueries?: string;
  /** A folder of UBI files copied into the logQueries folder when it holds no log yet (`--seed-traffic DIR`). */
  seedTraffic?: string;
  /** Swap an adjacent pair in a share of logged searches (`--explore swap --explore-rate R`); needs logQueries. */
  explore?: ExploreOptions;
  /**
   * The YAML file of the interleavings /search/interleaved serves (`--interleave FILE`); needs
   * logQueries, since an interleaved search is only worth its log record.
   */
  interleave?: string;
  /** The MCP judge tool at /mcp records judgements (`--allow-judging`). */
  allowJudging?: boolean;
}

/** After close() stops accepting, requests in flight have this long before their connections are cut. */
const CLOSE_GRACE_MS = 2000;

/** Another process already listens on host:port (EADDRINUSE); the CLI says how to pick another. */
export class PortInUseError extends TestbedError {
  readonly code = 'port_in_use';
  readonly status = 409;
  constructor(
    readonly host: string,
    readonly port: number,
  ) {
    super(`${hostPort(host, port)} is already in use`);
    this.name = 'PortInUseError';
  }
}

export const DEFAULT_HOST = '127.0.0.1';
const LOOPBACK = new Set([DEFAULT_HOST, 'localhost', '::1']);
/** Request line + headers; see listen(). */
export const MAX_HEADER_BYTES = 1024 * 1024;

/**
 * The token settings a bind needs, checked before anything else happens (the CLI calls it
 * before building a missing index): a token anyone can use, and a remote bind needs a token
 * (anyone on the network could otherwise build and delete indexes) of some length.
 */
export function checkBinding(host: string, token: string | undefined): void {
  const remote = !LOOPBACK.has(host);
  checkTokenSetting(token, remote && { host });
  if (remote && token === undefined) {
    throw new InputError(
      `refusing to listen on ${host} without a token: set TESTBED_TOKEN (state-changing endpoints will require it)`,
    );
  }
}

/** Listens on 127.0.0.1 unless told otherwise; see checkBinding for what else is refused. */
export async function startServer(
  options: ServerOptions,
): Promise<{ url: string; server: ServerType; catalog: IndexCatalog; close(): Promise<void> }> {
  const host = options.host ?? DEFAULT_HOST;
  checkBinding(host, options.token);
  const allowedRemoteOrigins = (options.allowRemote ?? []).map(normalOrigin);
  if (options.protectSearch && !options.token)
    throw new InputError('--protect-search needs a token: set TESTBED_TOKEN');
  if (options.seedTraffic !== undefined && options.logQueries === undefined)
    throw new InputError('--seed-traffic needs --log-queries DIR: the folder the seed is copied into');
  if (options.explore !== undefined && options.logQueries === undefined)
    throw new InputError('--explore needs --log-queries DIR: a swap nobody logs cannot be learned from');
  if (options.interleave !== undefined && options.logQueries === undefined)
    throw new InputError(
      '--interleave needs --log-queries DIR: an interleaved search is worth the clicks its log record lets you credit to each arm',
    );
  // Read before anything starts: a mistake in the file is reported at its line, and nothing is left running.
  const interleavings = options.interleave === undefined ? undefined : loadInterleavings(options.interleave);
  // Before anything is started: a log folder that cannot be written is reported at once.
  const queryLog =
    options.logQueries === undefined ? undefined : await openQueryLog(options.logQueries, options.seedTraffic);
  // Jobs run behind the searches (niceness 10), at most maxJobs at a time.
  const catalog = new IndexCatalog(options.dataDir, { queue: new JobQueue(options.maxJobs, BACKGROUND_NICENESS) });
  const open = options.lazyOpen ? [] : readableIndexes(catalog);
  const searchPool = options.workers
    ? await SearchPool.start({ workers: options.workers, open }).catch(async (err: unknown) => {
        await catalog.close();
        await queryLog?.close();
        throw err;
      })
    : undefined;
  if (!searchPool) await catalog.local.openAll(open);
  // Summarised in worker threads, which close() ends (a summary in progress answers 503).
  const traffic = queryLog && servedTrafficOf(queryLog.dir);
  const app = createApp({
    ...(searchPool && { searchPool }),
    catalog,
    corporaRoot: options.corporaRoot,
    ...(options.token !== undefined && { token: options.token }),
    // The bound name is one the server answers to (a wildcard like 0.0.0.0 too: an address
    // literal cannot be rebound); others, such as this machine's LAN name, via --allowed-host.
    allowedHosts: [host, ...(options.allowedHosts ?? [])],
    ...(options.protectSearch && { protectSearch: true }),
    ...(options.showRawQueries && { showRawQueries: true }),
    ...(options.corsOrigins && { corsOrigins: options.corsOrigins }),
    ...(options.maxGridCells !== undefined && { maxGridCells: options.maxGridCells }),
    allowedRemoteOrigins,
    ...(queryLog && { queryLog }),
    ...(traffic && { traffic }),
    ...(options.explore && { explore: options.explore }),
    ...(interleavings && { interleavings }),
    ...(options.allowJudging && { allowJudging: true }),
  });
  const server = await listen(app.fetch, host, options.port ?? 8787).catch(async (err: unknown) => {
    await searchPool?.close();
    await catalog.close();
    await queryLog?.close();
    throw err;
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${hostPort(host, port)}`,
    server,
    catalog,
    // Bounded, so that a stop signal ends the server in seconds: no new connection is accepted,
    // idle keep-alive ones are closed, busy ones cut after CLOSE_GRACE_MS, and meanwhile the job
    // processes are stopped and their jobs recorded interrupted.
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      const http = server as HttpServer;
      http.closeIdleConnections();
      const cut = setTimeout(() => http.closeAllConnections(), CLOSE_GRACE_MS);
      // A traffic summary still being built is ended, not waited for: its request answers 503 at once.
      await Promise.all([closed, catalog.queue.close(), traffic?.close?.()]);
      clearTimeout(cut);
      await searchPool?.close();
      await catalog.close();
      // The postgres legs' connections, once no search can use them.
      await closePostgresPools();
      // Last: the searches and events answered before the connections closed are all written.
      await queryLog?.close();
    },
  };
}

/** The data folder's indexes that can be searched, with their files. */
function readableIndexes(catalog: IndexCatalog): IndexFile[] {
  return catalog.indexes
    .list()
    .filter((s) => s.status === 'ready')
    .map((s) => ({ index: s.name, file: catalog.indexes.fileOf(s.name) }));
}

/** The --log-queries folder's log, seeded first from --seed-traffic when it holds no log yet. */
async function openQueryLog(dir: string, seed: string | undefined): Promise<QueryLog> {
  if (seed !== undefined) await seedTraffic(dir, seed);
  return QueryLog.open(dir);
}

/**
 * Serves `fetch` on host:port with the HTTP-layer settings every testbed server uses. Node's
 * default 16 kB header limit would refuse a long GET query before the app could say why;
 * 1 MiB lets a URL up to the app's own limit (guards/url-length.ts, 256 kB: a JSON 414 beyond)
 * reach the app with room for headers, and anything longer gets a JSON 431.
 */
export function listen(
  fetch: (req: Request) => Response | Promise<Response>,
  host: string,
  port: number,
): Promise<ServerType> {
  return new Promise<ServerType>((resolve, reject) => {
    // Host made canonical and the adapter's refusals written as JSON (request-listener.ts).
    const s = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, requestListener(fetch, host));
    s.listen(port, host, () => resolve(s));
    answerClientErrors(s);
    s.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'EADDRINUSE' ? new PortInUseError(host, port) : err),
    );
  });
}

/** host:port as a URL writes it: an IPv6 address in brackets. */
function hostPort(host: string, port: number): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}
