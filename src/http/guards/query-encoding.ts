import type { MiddlewareHandler } from 'hono';
import { jsonError } from '../errors.js';

/** At most this much of a bad raw value is quoted back in the error. */
const EXCERPT_CHARS = 60;

/**
 * The first parameter of a query string (the part after `?`, as sent) whose name or value is not
 * well-formed percent-encoded UTF-8, split and `+`-decoded as hono splits it; undefined when all
 * are. decodeURIComponent throws on a truncated escape (`%A`) and on bytes that are not UTF-8
 * (`%E0%A4` without its third byte), which is the strict reading wanted here.
 */
export function malformedParameter(queryString: string): { name: string; raw: string } | undefined {
  for (const pair of queryString.split('&')) {
    const eq = pair.indexOf('=');
    const rawName = eq === -1 ? pair : pair.slice(0, eq);
    const rawValue = eq === -1 ? '' : pair.slice(eq + 1);
    const name = strictDecode(rawName);
    if (name === undefined) return { name: rawName, raw: rawName };
    if (strictDecode(rawValue) === undefined) return { name, raw: rawValue };
  }
  return undefined;
}

function strictDecode(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/**
 * Refuses a query string with malformed percent-encoding (`q=%E0%A4%A`) with a JSON 400 naming
 * the parameter, on every route. hono's c.req.query() decodes leniently: it would hand the route
 * the escapes undecoded, and `q=%E0%A4%A` would be searched as those literal characters.
 */
export function requireWellFormedQuery(): MiddlewareHandler {
  return async (c, next) => {
    const url = c.req.raw.url;
    const start = url.indexOf('?');
    if (start === -1) return next();
    const hash = url.indexOf('#', start);
    const bad = malformedParameter(url.slice(start + 1, hash === -1 ? undefined : hash));
    if (!bad) return next();
    const excerpt = bad.raw.length > EXCERPT_CHARS ? `${bad.raw.slice(0, EXCERPT_CHARS)}...` : bad.raw;
    return jsonError(
      c,
      400,
      'bad_input',
      `query parameter "${bad.name}" is not well-formed percent-encoded UTF-8 (${excerpt}): encode it with encodeURIComponent`,
    );
  };
}
