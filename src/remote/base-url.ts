import { InputError } from '../errors.js';
import { redactUrl } from './redact-url.js';

/**
 * A remote service's base URL taken apart once: where requests go (origin, then a path prefix,
 * as for a cluster behind a proxy at https://host/search/), the query string every request
 * keeps (an OpenSearch `search_pipeline`, an Azure `api-version`), and the userinfo, which
 * RemoteClient turns into an Authorization header (url-credentials.ts) and never sends in the URL.
 */
export interface BaseUrl {
  /** scheme://host[:port] */
  origin: string;
  /** The userinfo as written, percent-encoded, `user:pass` (or ''). */
  userinfo: string;
  /** The path without its trailing slashes: '' or '/prefix'. */
  pathPrefix: string;
  /** '' or `?a=b`, as written. */
  query: string;
}

/**
 * `raw` taken apart, or an InputError naming `what` and saying why it cannot be a base URL: not
 * absolute, a scheme other than http(s), or a fragment (`#...` is never sent to a server, so
 * whatever it was meant to select would silently not be).
 */
export function parseBaseUrl(raw: string, what: string): BaseUrl {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new InputError(`${what}: "${redactUrl(raw)}" is not an absolute URL (such as http://127.0.0.1:9200)`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw new InputError(`${what}: only http and https URLs are called, got ${u.protocol}`);
  if (u.hash !== '' || raw.includes('#'))
    throw new InputError(
      `${what}: ${redactUrl(raw.split('#')[0]!)} has a fragment (#...), which is never sent to a server: remove it`,
    );
  const userinfo = u.username === '' && u.password === '' ? '' : `${u.username}${u.password ? `:${u.password}` : ''}`;
  return { origin: u.origin, userinfo, pathPrefix: u.pathname.replace(/\/+$/, ''), query: u.search };
}

/**
 * The URL of an endpoint under a base: the base's path prefix, then `path` (which starts with
 * `/` and is encoded by the caller), then the base's query string with `query` (`a=b`, no `?`)
 * after it. `http://h/prefix/?search_pipeline=x` with `/INDEX/_search` is
 * `http://h/prefix/INDEX/_search?search_pipeline=x`. The userinfo is kept for RemoteClient.
 */
export function joinUrl(base: BaseUrl | string, path: string, query = ''): string {
  const b = typeof base === 'string' ? parseBaseUrl(base, 'base URL') : base;
  const origin = b.userinfo === '' ? b.origin : b.origin.replace('://', `://${b.userinfo}@`);
  const search = [b.query.replace(/^\?/, ''), query].filter((q) => q !== '').join('&');
  return `${origin}${b.pathPrefix}${path}${search === '' ? '' : `?${search}`}`;
}
