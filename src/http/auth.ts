import type { MiddlewareHandler } from 'hono';
import { jsonError } from './errors.js';
import { tokenMatches } from './guards/token.js';

/** Bearer-token check for state-changing endpoints; a no-op when no token is configured. */
export function requireToken(token: string | undefined): MiddlewareHandler {
  return async (c, next) => {
    if (token === undefined) return next();
    const header = c.req.header('authorization') ?? '';
    // The scheme name is case-insensitive (RFC 9110 section 11.1).
    const given = /^bearer /i.test(header) ? header.slice(7) : '';
    if (!given) return jsonError(c, 401, 'unauthorized', 'this endpoint needs Authorization: Bearer <token>');
    if (!tokenMatches(given, token)) return jsonError(c, 403, 'forbidden', 'wrong token');
    return next();
  };
}
