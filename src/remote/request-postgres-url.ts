/**
 * Connection strings from requests are data, not configuration (as PostgreSQL's postgres_fdw
 * treats a non-superuser's): a postgres URL sent to `testbed serve` may name only a host, a port,
 * a database, a user and `sslmode`. Everything else a libpq-style URL can carry is
 * configuration of the server's own client: `?host=`/`?port=` would move the connection past the
 * allow-list, `sslrootcert=`/`sslcert=`/`sslkey=` make the server read its own files,
 * `options=`/`application_name=` set session state, and `${env:NAME}` would hand the server's
 * environment to whoever asked (a role name echoed in an error). The password comes only from
 * the operator (PGPASSWORD, `serve --pg-password-env NAME`), never from the request.
 */

import { isPortNumber } from './postgres-target.js';

/** The only query parameter a request's URL may carry, and the values libpq documents for it. */
const SSLMODES = new Set(['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full']);
/** A host name or an IPv4 address as written (no percent-encoding), or an IPv6 address in brackets. */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}))*|\[[0-9A-Fa-f:.]+\])$/;
/** A database or user name: plain identifier characters, so nothing is decoded into something else. */
const NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,62}$/;
const AUTHORITY = /^postgres(?:ql)?:\/\/(?:([^/?#@]*)@)?([^/?#@]*?)(?::(\d*))?(\/[^?#]*)?(\?[^#]*)?(#.*)?$/i;

/** What is wrong with a postgres URL that came in a request, in words naming the part; undefined when it may be used. */
export function requestPostgresUrlProblem(url: string): string | undefined {
  if (readsEnvironment(url))
    return "reads the server's environment (${env:...}), which is taken only from experiment files on the server and the CLI, not from a request";
  const m = AUTHORITY.exec(url);
  if (!m)
    return 'is not postgres://USER@HOST:PORT/DATABASE (one host, at most one @, a port of digits); a URL sent over HTTP may carry only host, port, database, user and sslmode';
  const [, userinfo, host, port, path, query, fragment] = m;
  if (userinfo?.includes(':'))
    return 'carries a password: over HTTP the password comes only from the server operator (PGPASSWORD or serve --pg-password-env NAME), never from a request';
  if (userinfo !== undefined && !NAME.test(userinfo))
    return 'has a user that is not a plain name (letters, digits, _ . -; no percent-encoding)';
  if (!host) return 'names no host: a URL sent over HTTP names the host it connects to';
  if (!HOST.test(host!)) return `has a host that is not a plain host name or IP address (no percent-encoding)`;
  if (port !== undefined && !isPortNumber(port)) return 'has a port that is not a number from 1 to 65535';
  const database = (path ?? '').slice(1);
  if (database !== '' && !NAME.test(database))
    return 'has a database that is not a plain name (letters, digits, _ . -; no percent-encoding or more path)';
  if (fragment !== undefined) return 'has a #fragment, which a connection URL does not take';
  const params = (query ?? '').slice(1).split('&');
  const seen = new Set<string>();
  for (const param of query === undefined ? [] : params) {
    const eq = param.indexOf('=');
    const name = eq < 0 ? param : param.slice(0, eq);
    if (name !== 'sslmode')
      return `has ${shownName(name)}, which is not taken from a request: a URL sent over HTTP may carry only host, port, database, user and sslmode`;
    if (seen.has(name)) return 'gives sslmode twice';
    seen.add(name);
    const value = param.slice(eq + 1);
    if (!SSLMODES.has(value)) return `has an sslmode libpq does not know; expected one of ${[...SSLMODES].join(', ')}`;
  }
  return undefined;
}

/** `${env:` written out or percent-encoded anywhere (in the user, the password, the database, a parameter). */
function readsEnvironment(url: string): boolean {
  if (/\$\{\s*env:/i.test(url)) return true;
  try {
    // Decoded twice: a `%2524%257Benv:` would become `${env:` only after two rounds.
    const once = decodeURIComponent(url);
    return /\$\{\s*env:/i.test(once) || /\$\{\s*env:/i.test(decodeURIComponent(once));
  } catch {
    return /%24|%7b/i.test(url) && /env:/i.test(url);
  }
}

/**
 * A parameter's name as a message quotes it: only a plain name is echoed, so nothing the
 * request wrote (a path, a control character) comes back in the answer.
 */
function shownName(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]{0,40}$/.test(name)
    ? `the parameter "${name}"`
    : 'a parameter that is not a plain name';
}
