import type { Context } from 'hono';

/** `scheme://host[:port]` with the default port dropped, or undefined for `null` and junk. */
export function originOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The --cors origins as origins compare (default port dropped, case folded). */
export function corsOriginSet(corsOrigins: readonly string[]): Set<string> {
  return new Set(corsOrigins.map((o) => originOf(o) ?? o));
}

/** This request's own origin: its scheme and its Host (which the Host check has found to be one of the server's names). */
export function ownOrigin(c: Context): string | undefined {
  const url = new URL(c.req.url);
  return originOf(`${url.protocol}//${c.req.header('host') ?? url.host}`);
}

/**
 * Whether a page on another site sent this request: `Sec-Fetch-Site` says `cross-site` or
 * `same-site` (a site ignores the port, so every other local server's page is same-site), or an
 * `Origin` is sent that is neither the server's own nor a --cors origin. A --cors origin is the
 * operator's own front end, and never counts as another site. Without either header (curl,
 * scripts) a request is taken as the caller's own.
 */
export function fromAnotherSite(c: Context, cors: ReadonlySet<string>): boolean {
  const rawOrigin = c.req.header('origin');
  const origin = rawOrigin === undefined ? undefined : originOf(rawOrigin);
  if (origin !== undefined && cors.has(origin)) return false;
  if (rawOrigin !== undefined && origin !== ownOrigin(c)) return true;
  const site = c.req.header('sec-fetch-site');
  return site === 'cross-site' || site === 'same-site';
}
