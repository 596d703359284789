import type { Context, MiddlewareHandler } from 'hono';
import { jsonError } from './errors.js';
import { tokenMatches } from './guards/token.js';

/**
 * How a request without the right token is answered: 401 when it carries none, 403 when it
 * carries a wrong one. The API's answer is a JSON error; a page route passes one that renders
 * a page for a browser (pageOrJsonRefusal) and the same JSON for every other client.
 */
export type Refusal = (
  c: Context,
  status: 401 | 403,
  code: 'unauthorized' | 'forbidden',
  message: string,
) => Response | Promise<Response>;

/** Bearer-token check for state-changing endpoints; a no-op when no token is configured. */
export function requireToken(token: string | undefined, refuse: Refusal = jsonError): MiddlewareHandler {
  return async (c, next) => {
    if (token === undefined) return next();
    const header = c.req.header('authorization') ?? '';
    // The scheme name is case-insensitive (RFC 9110 section 11.1).
    const given = /^bearer /i.test(header) ? header.slice(7) : '';
    if (!given) return refuse(c, 401, 'unauthorized', 'this endpoint needs Authorization: Bearer <token>');
    if (!tokenMatches(given, token)) return refuse(c, 403, 'forbidden', 'wrong token');
    return next();
  };
}
