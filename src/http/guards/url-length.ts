import type { MiddlewareHandler } from 'hono';
import { jsonError } from '../errors.js';

/**
 * The longest request target (path and query string, as sent) the app reads by default: 256 kB,
 * four times the default body limit, since percent-encoding at most triples a byte. A GET can
 * then say anything a POST body may (64 kB of pipeline JSON, percent-encoded) with room for the
 * rest of the parameters: a 2,000-character CJK query is 18 kB of URL.
 */
export const DEFAULT_MAX_URL_BYTES = 4 * 64 * 1024;

/**
 * Caps the URL as the body is capped: a longer request target is a JSON 414 before any route
 * parses its query string (`legs=` JSON in a GET search would otherwise be parsed and walked
 * however large). Node's own header limit (start-server.ts, 1 MiB) still answers anything longer
 * than that with a 431 before the app sees it.
 */
export function limitUrlLength(maxUrlBytes: number): MiddlewareHandler {
  return async (c, next) => {
    const url = c.req.raw.url;
    // Everything after the origin: the request target as the client sent it (already ASCII).
    const target = url.length - new URL(url).origin.length;
    if (target > maxUrlBytes) {
      c.header('Connection', 'close');
      return jsonError(
        c,
        414,
        'too_large',
        `request URL is over ${maxUrlBytes} bytes; send long parameters as a POST body`,
      );
    }
    return next();
  };
}
