import { Hono } from 'hono';
import { ConflictError } from '../../errors.js';
import type { QueryLog } from '../../traffic/query-log.js';
import { summarizeServedTraffic, type ServedTraffic } from '../../serving/traffic-summary/served-traffic.js';
import { maskedSummary } from '../../traffic/masked-summary.js';
import { servedInterleavings } from '../../serving/traffic-summary/served-interleavings.js';
import { errorResponse } from '../errors.js';
import { documented } from '../openapi/documented.js';
import { interleavingsQuery, summaryQuery, TRAFFIC_OPERATIONS as OPS } from './traffic-operations.js';

/** What GET /traffic answers on a server that keeps no log: how to start one that does. */
export const NOT_LOGGING = 'this server does not log queries: start it with --log-queries DIR';

/**
 * `GET /traffic`: the summary of the server's query log (summarizeTraffic), read at each request.
 * A 409 when the server was started without `--log-queries`: the request is fine, the server is
 * in the wrong state for it, and the message says how to change that. It shows what users
 * searched: its query texts masked (masked-summary.ts) unless the server runs with
 * --show-raw-queries, and it needs the token whenever the server has one (app.ts). A server that
 * writes the log adds `lost_log_writes` (as GET /health): what the summary cannot show because
 * the log could not be written. `GET /traffic/interleavings` answers `testbed interleave --json`
 * over the same log, behind the same guards.
 */
export function trafficRoutes(
  traffic: ServedTraffic | undefined,
  options: { queryLog?: Pick<QueryLog, 'lostWrites'> | undefined; showRawQueries?: boolean | undefined } = {},
): Hono {
  const { queryLog, showRawQueries = false } = options;
  const app = new Hono();
  app.get('/', documented(OPS.getTrafficSummary), async (c) => {
    const req = summaryQuery.parse(c.req.query());
    if (!traffic) throw new ConflictError(NOT_LOGGING);
    const summary = await summarizeServedTraffic(traffic, { top: req.top, maxRank: req.max_rank });
    const shown = showRawQueries ? summary : maskedSummary(summary);
    return c.json({ ...shown, ...(queryLog && { lost_log_writes: queryLog.lostWrites() }) });
  });
  // `testbed interleave --json` over the server's log: per pair of arms, wins, ties, Δ, interval, p.
  app.get('/interleavings', documented(OPS.getTrafficInterleavings), async (c) => {
    const req = interleavingsQuery.parse(c.req.query());
    if (!traffic) throw new ConflictError(NOT_LOGGING);
    return c.json(await servedInterleavings(traffic, req.name));
  });
  app.onError((err, c) => errorResponse(err, c));
  return app;
}
