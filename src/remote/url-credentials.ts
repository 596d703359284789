import { InputError } from '../errors.js';
import { parseBaseUrl } from './base-url.js';
import { redactUrl } from './redact-url.js';

/** A request URL with its userinfo taken out, and the header that carries it instead. */
export interface MovedCredentials {
  /** The URL fetched: the same without `user:password@`. */
  url: string;
  /** `Basic base64(user:password)` when the URL held userinfo (RFC 7617). */
  authorization?: string;
  /** The password as written, for scrubbing from what a server echoes; undefined without one. */
  password?: string;
}

/**
 * `http://elastic:PASSWORD@host` is how Elasticsearch's and OpenSearch's own documentation
 * spell a cluster with a password, but fetch refuses a URL that holds credentials, and a URL is
 * printed in reports. So the userinfo becomes `Authorization: Basic` (what a browser or curl
 * sends for it) and the URL fetched has none. A leg whose headers set Authorization too would
 * send two answers to one question: refused, naming both, so the user keeps one.
 */
export function moveCredentials(
  url: string,
  headers: Readonly<Record<string, string>>,
  what: string,
): MovedCredentials {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { url };
  }
  if (u.username === '' && u.password === '') return { url };
  if (Object.keys(headers).some((name) => name.toLowerCase() === 'authorization'))
    throw new InputError(
      `${what}: the URL ${redactUrl(url)} holds credentials (user:password@) and the headers set Authorization too: keep one (the URL's user:password is sent as Authorization: Basic)`,
    );
  const user = decodeURIComponent(u.username);
  const password = decodeURIComponent(u.password);
  u.username = '';
  u.password = '';
  return {
    url: u.href,
    authorization: `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`,
    ...(password !== '' && { password }),
  };
}

/**
 * Why a configured endpoint (placeholders, if any, not filled yet) cannot be called as written, or
 * undefined: the URL is not absolute http(s) or has a fragment (parseBaseUrl), or its userinfo
 * meets an Authorization header (moveCredentials). Checked when a pipeline is read.
 */
export function endpointProblem(url: string, headers: Readonly<Record<string, string>>): string | undefined {
  try {
    parseBaseUrl(url.replace(/\{\{[^}]*\}\}/g, 'x'), 'url');
  } catch (err) {
    return (err as Error).message.replace(/^url: /, '');
  }
  return credentialsProblem(url, headers);
}

/**
 * The problem moveCredentials would raise for a configured URL (whose placeholders, if any, are
 * not filled yet), so a pipeline is refused when it is read rather than at its first query.
 */
export function credentialsProblem(url: string, headers: Readonly<Record<string, string>>): string | undefined {
  try {
    moveCredentials(url.replace(/\{\{[^}]*\}\}/g, 'x'), headers, 'url');
    return undefined;
  } catch (err) {
    return (err as Error).message.replace(/^url: /, '');
  }
}
