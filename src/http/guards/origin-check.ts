import type { MiddlewareHandler } from 'hono';
import { jsonError } from '../errors.js';
import { corsOriginSet, originOf, ownOrigin } from './cross-site.js';
import { isStateChanging } from './methods.js';

export interface OriginCheckOptions {
  /** Origins allowed to call from elsewhere (the --cors origins); the server's own always are. */
  corsOrigins?: readonly string[];
}

/**
 * Cross-site request forgery defence for state-changing requests (reads are left to the
 * browser's same-origin policy and the Host check):
 *
 * - `Origin`, when sent, must be the server's own origin (this request's scheme and its Host,
 *   which the Host check has already found to be one of the server's names) or a --cors origin.
 *   `Origin: null` (sandboxed frames, file: pages) is refused.
 * - `Sec-Fetch-Site` (sent by current browsers, and not forgeable by a page): `same-origin`
 *   and `none` (typed into the address bar, a bookmark) pass; `cross-site`, and also
 *   `same-site`, pass only for a --cors origin. Same-site is refused because a site ignores
 *   the port: every other local server's page (a dev server on localhost:5173, a notebook) is
 *   same-site with this one, and those are exactly the pages not to trust. Unknown values are
 *   refused.
 * - Neither header (curl, scripts, old browsers): allowed; the JSON-only media type check
 *   still stops a form or a no-cors fetch.
 *
 * 403 with a JSON error naming the refused value.
 */
export function refuseCrossSite(options: OriginCheckOptions = {}): MiddlewareHandler {
  const cors = corsOriginSet(options.corsOrigins ?? []);
  return async (c, next) => {
    if (!isStateChanging(c.req.method)) return next();
    const own = ownOrigin(c);
    const rawOrigin = c.req.header('origin');
    const origin = rawOrigin === undefined ? undefined : originOf(rawOrigin);
    const fromCors = origin !== undefined && cors.has(origin);
    if (rawOrigin !== undefined && !fromCors && (origin === undefined || origin !== own)) {
      return jsonError(
        c,
        403,
        'cross_origin',
        `requests from origin ${JSON.stringify(rawOrigin.slice(0, 100))} may not change anything here (allow an origin with --cors ORIGIN)`,
      );
    }
    const site = c.req.header('sec-fetch-site');
    if (site === undefined || site === 'same-origin' || site === 'none' || fromCors) return next();
    return jsonError(
      c,
      403,
      'cross_origin',
      `a ${JSON.stringify(site.slice(0, 40))} request (Sec-Fetch-Site) may not change anything here (allow an origin with --cors ORIGIN)`,
    );
  };
}
