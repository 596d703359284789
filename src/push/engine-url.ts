/**
 * `base` + path segments, each URL-encoded. The base may carry a path of its own (a cluster
 * behind a proxy at https://host/search/) and a trailing slash; both are kept as given.
 */
export function engineUrl(base: string, segments: string[], query = ''): string {
  return `${base.replace(/\/+$/, '')}/${segments.map(encodeURIComponent).join('/')}${query}`;
}
