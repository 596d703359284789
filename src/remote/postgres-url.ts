import { InputError } from '../errors.js';
import { postgresTarget, targetOrigin } from './postgres-target.js';
import { resolveEnvText } from './secrets.js';

/**
 * A PostgreSQL connection URL as a leg or `testbed push` takes it,
 * `postgres://USER:PASSWORD@HOST:PORT/DATABASE?sslmode=require`, whose secrets come from the
 * environment: the password is written `${env:NAME}` (or left out, and then the pg client reads
 * PGPASSWORD or ~/.pgpass, as psql does). A password written out in the URL is refused, since
 * the URL is part of the leg, and legs are copied into experiment files, reports and logs.
 */
export const POSTGRES_URL = /^postgres(?:ql)?:\/\/[^\s]+$/i;

const PARTS = /^(postgres(?:ql)?):\/\/(?:([^/?#]*)@)?([^/?#@]*)([^?#]*)(\?[^#]*)?(#.*)?$/i;
const ENV_ONLY = /^(\$\{env:[A-Za-z_][A-Za-z0-9_]*\})*$/;
/** Query parameters of libpq's connection URIs that carry a secret. */
const SECRET_PARAM = /password|passphrase|key|token|secret/i;

interface UrlParts {
  scheme: string;
  user?: string;
  password?: string;
  host: string;
  path: string;
  params: [string, string][];
}

function partsOf(url: string, what: string): UrlParts {
  const m = PARTS.exec(url);
  if (!m) throw new InputError(`${what}: "${shownPostgresUrl(url)}" is not a postgres://USER@HOST:PORT/DATABASE URL`);
  const [, scheme, userinfo, host, path, query] = m;
  // The user may itself be a ${env:NAME} reference, whose own colon does not end it.
  const colon =
    userinfo === undefined ? -1 : userinfo.replace(/\$\{env:[^}]*\}/g, (r) => '_'.repeat(r.length)).indexOf(':');
  const params = (query ?? '')
    .slice(1)
    .split('&')
    .filter((p) => p !== '')
    .map((p): [string, string] => {
      const eq = p.indexOf('=');
      return eq < 0 ? [p, ''] : [p.slice(0, eq), p.slice(eq + 1)];
    });
  return {
    scheme: scheme!,
    ...(userinfo !== undefined && { user: colon < 0 ? userinfo : userinfo.slice(0, colon) }),
    ...(colon >= 0 && { password: userinfo!.slice(colon + 1) }),
    host: host!,
    path: path!,
    params,
  };
}

/**
 * The problem with a configured URL, or undefined: it must parse, and any password in it (the
 * userinfo's, or a `password=` parameter's) must be `${env:NAME}` references only.
 */
export function postgresUrlProblem(url: string): string | undefined {
  const m = PARTS.exec(url);
  if (!m) return 'a postgres://USER@HOST:PORT/DATABASE URL';
  const parts = partsOf(url, 'url');
  const literal =
    (parts.password !== undefined && !ENV_ONLY.test(parts.password)) ||
    parts.params.some(([k, v]) => SECRET_PARAM.test(k) && !ENV_ONLY.test(safelyDecoded(v)));
  if (literal)
    return 'the URL holds a password written out; write ${env:NAME} in its place (postgres://user:${env:PGPASSWORD}@host/db), or leave it out and set PGPASSWORD, so it never reaches a report or a log';
  return undefined;
}

/** A parameter's value decoded, or as written when its percent-encoding is broken (then it is no reference either). */
function safelyDecoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The URL with its `${env:NAME}` references read from the environment (values URL-encoded): only ever handed to the pg client. */
export function resolvePostgresUrl(url: string, what: string, env: NodeJS.ProcessEnv = process.env): string {
  const problem = postgresUrlProblem(url);
  if (problem) throw new InputError(`${what}: url: ${problem}`);
  return resolveEnvText(url, what, 'url', { env, urlEncode: true });
}

/**
 * How a PostgreSQL URL is shown anywhere (reports, errors, `push` output): the password and any
 * secret-looking parameter replaced by `(set)`, everything else as configured.
 */
export function shownPostgresUrl(url: string): string {
  const m = PARTS.exec(url);
  if (!m) return url.replace(/\/\/[^@/]*@/, '//(set)@');
  const p = partsOf(url, 'url');
  const user = p.user === undefined ? '' : `${p.user}${p.password !== undefined ? ':(set)' : ''}@`;
  const query = p.params.length
    ? `?${p.params.map(([k, v]) => (SECRET_PARAM.test(k) ? `${k}=(set)` : v === '' ? k : `${k}=${v}`)).join('&')}`
    : '';
  return `${p.scheme}://${user}${p.host}${p.path}${query}`;
}

/**
 * `postgres://host:port` of the server the driver will actually connect to (postgres-target.ts:
 * `?host=`/`?port=` win, PGHOST/PGPORT fill what is missing, port 5432 last): what `testbed serve
 * --allow-remote` names.
 */
export function postgresOrigin(url: string, what: string): string {
  partsOf(url, what);
  return targetOrigin(postgresTarget(url, what));
}
