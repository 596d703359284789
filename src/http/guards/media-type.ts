import type { MiddlewareHandler } from 'hono';
import { jsonError } from '../errors.js';
import { carriesBody, isStateChanging } from './methods.js';

/**
 * True when a Content-Type names JSON exactly: `application/json`, case-insensitive, with no
 * parameter but `charset=utf-8` (quoted or not). Parsed, not searched: `text/plain;
 * x=application/json` is text/plain, and a browser page may send text/plain, form-urlencoded
 * or multipart to any site without asking (a "simple" request, no CORS preflight), so only a
 * type no page can send unasked marks a request as a deliberate API call.
 * Grammar: RFC 9110 section 8.3.1 (type "/" subtype *( OWS ";" OWS [ parameter ] )).
 */
export function isJsonMediaType(value: string | undefined): boolean {
  if (value === undefined) return false;
  const [essence = '', ...params] = value.split(';');
  if (essence.trim().toLowerCase() !== 'application/json') return false;
  return params.every((raw) => {
    const param = raw.trim();
    if (param === '') return true; // `application/json;` is allowed by the grammar
    const eq = param.indexOf('=');
    if (eq <= 0) return false;
    const name = param.slice(0, eq).toLowerCase();
    const quoted = /^"(.*)"$/.exec(param.slice(eq + 1));
    const v = (quoted ? quoted[1]! : param.slice(eq + 1)).toLowerCase();
    // The body is decoded as UTF-8 only; any other charset would be misread, so it is refused.
    return name === 'charset' && v === 'utf-8';
  });
}

/**
 * A request that changes state must be JSON: POST always (a bodiless POST is also something a
 * page can send unasked), PUT, PATCH and DELETE when they carry a body (bodiless, they are never
 * simple requests a page can send cross-site: the browser asks first, and CORS is off unless
 * configured; no route takes PUT or PATCH, so those go on to a 404). 415 with a JSON error otherwise.
 */
export function requireJson(): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method;
    if (!isStateChanging(method)) return next();
    if (method !== 'POST' && !carriesBody(c.req.raw.headers)) return next();
    const type = c.req.header('content-type');
    if (isJsonMediaType(type)) return next();
    const got = type === undefined ? 'none' : JSON.stringify(type.slice(0, 100));
    return jsonError(
      c,
      415,
      'unsupported_media_type',
      `${method} ${c.req.path} expects Content-Type: application/json (got ${got})`,
    );
  };
}
