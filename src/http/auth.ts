import type { MiddlewareHandler } from 'hono';
import { timingSafeEqual } from 'node:crypto';
import { jsonError } from './errors.js';

/** Bearer-token check for state-changing endpoints; a no-op when no token is configured. */
export function requireToken(token: string | undefined): MiddlewareHandler {
  return async (c, next) => {
    if (!token) return next();
    const header = c.req.header('authorization') ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!given) return jsonError(c, 401, 'unauthorized', 'this endpoint needs Authorization: Bearer <token>');
    const a = Buffer.from(given);
    const b = Buffer.from(token);
    if (a.length !== b.length || !timingSafeEqual(a, b)) return jsonError(c, 403, 'forbidden', 'wrong token');
    return next();
  };
}
