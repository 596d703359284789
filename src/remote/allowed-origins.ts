import { ForbiddenError, InputError } from '../errors.js';
import { redactUrl } from './redact-url.js';
import { postgresOrigin } from './postgres-url.js';

/**
 * Which remote endpoints a request to our own server may make us call. From the CLI and from an
 * experiment file the user names any engine they like; over HTTP a pipeline, index build or
 * experiment naming a URL would let any client make the server fetch any address (its cloud
 * metadata service, an admin port on the private network), so `testbed serve` calls only the
 * origins it was started with (`--allow-remote ORIGIN`, repeatable) and refuses the rest.
 */
export type RemoteAllowList = readonly string[] | 'any';

/** The origin of a configured URL (scheme://host:port), or an error naming `what`. */
export function originOf(url: string, what: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new InputError(`${what}: "${redactUrl(url)}" is not an absolute URL`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw new InputError(`${what}: only http and https URLs are called, got ${u.protocol}`);
  return u.origin;
}

/** A PostgreSQL URL (a postgres leg's), whose origin is postgres://host:port (5432 when no port is given). */
export const POSTGRES_SCHEME = /^postgres(ql)?:\/\//i;

/** Throws unless `url`'s origin is allowed. */
export function checkRemoteUrl(url: string, allowed: RemoteAllowList, what: string): void {
  const origin = POSTGRES_SCHEME.test(url) ? postgresOrigin(url, what) : originOf(url, what);
  if (allowed === 'any') return;
  if (!allowed.some((a) => normalOrigin(a) === origin)) {
    throw new ForbiddenError(
      `${what}: this server does not call ${origin}; start it with --allow-remote ${origin} to let requests use that endpoint${allowed.length ? ` (allowed: ${allowed.join(', ')})` : ''}`,
    );
  }
}

/** `--allow-remote` values as origins, so `http://h:9200/` and `http://h:9200` are the same. */
export function normalOrigin(value: string): string {
  if (POSTGRES_SCHEME.test(value)) return postgresOrigin(value, '--allow-remote');
  return originOf(value, '--allow-remote');
}
