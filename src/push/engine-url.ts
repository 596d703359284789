import { joinUrl, type BaseUrl } from '../remote/base-url.js';

/**
 * `base` + path segments, each URL-encoded, + `query` (`a=b`, no `?`), by joinUrl: a path prefix
 * of the base (a cluster behind a proxy at https://host/search/) comes first, and the base's own
 * query string is kept on every request.
 */
export function engineUrl(base: BaseUrl | string, segments: string[], query = ''): string {
  return joinUrl(base, `/${segments.map(encodeURIComponent).join('/')}`, query);
}
