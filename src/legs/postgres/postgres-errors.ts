import { RemoteError, type RemoteCaller } from '../../remote/remote-error.js';

/** What the leg or push says about a table layout, in messages. */
export const PUSHED_COLUMNS = 'id, doc_id, lang, metadata (jsonb) and a tsvector column';

interface PgFailure {
  code?: string;
  message?: string;
}

/**
 * A failure of the pg client or of the server as one line that says what to do, by the
 * SQLSTATE codes of the PostgreSQL manual's appendix A (and Node's socket codes): a refused
 * connection, a failed login, a missing database, table, column or text search configuration, a
 * statement timeout. `endpoint` is the URL as shownPostgresUrl prints it; the server's own
 * messages never hold a password.
 */
export function postgresError(
  err: unknown,
  caller: RemoteCaller,
  endpoint: string,
  where: { table: string; config?: string; timeoutMs: number },
): RemoteError {
  const e = (err ?? {}) as PgFailure;
  const said = e.message ?? String(err);
  const problem = (() => {
    switch (e.code) {
      case 'ECONNREFUSED':
      case 'ENOTFOUND':
      case 'EHOSTUNREACH':
      case 'ETIMEDOUT':
        return `cannot connect (${e.code}): is PostgreSQL running there, and is the host and port right?`;
      case '28P01':
      case '28000':
        return `the login was refused (${said}): give the password as \${env:NAME} in the URL, or set PGPASSWORD`;
      case '3D000':
        return `${said}: create it (createdb) or correct the URL's database`;
      case '42P01':
        return `table "${where.table}" does not exist: push an index into it first (testbed push INDEX --to postgres URL --name ${where.table})`;
      case '42703':
        return `${said}: the table needs the columns ${PUSHED_COLUMNS}, as testbed push --to postgres makes them`;
      case '42704':
      case '22023':
        return where.config !== undefined && /text search configuration/.test(said)
          ? `${said}: config "${where.config}" is not a text search configuration of this server (SELECT cfgname FROM pg_ts_config lists them)`
          : said;
      case '57014':
        return `cancelled after timeout_ms ${where.timeoutMs} (${said})`;
      default:
        return /timeout/i.test(said) ? `${said} (timeout_ms ${where.timeoutMs})` : said;
    }
  })();
  return new RemoteError(caller, endpoint, problem);
}
