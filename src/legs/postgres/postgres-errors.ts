import { InputError } from '../../errors.js';
import { RemoteError, type RemoteCaller } from '../../remote/remote-error.js';

/** What the leg or push says about a table layout, in messages. */
export const PUSHED_COLUMNS = 'id, doc_id, lang, metadata (jsonb) and a tsvector column';

interface PgFailure {
  code?: string;
  message?: string;
}

/** A SQLSTATE (PostgreSQL manual, appendix A): five digits or capitals. */
const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * A failure of the pg client or of the server as one line that says what to do, by the
 * SQLSTATE codes of the PostgreSQL manual's appendix A (and Node's socket codes). The message is
 * rebuilt from the code and what the request itself named (the table, the configuration, the
 * URL as shownPostgresUrl prints it), never copied from the driver: its text can hold a file's
 * absolute path (`ENOENT ... open '/etc/...'`) or a value the server filled in from its own
 * environment (the role or database PGUSER/PGDATABASE named), which a client must not see.
 *
 * What the request got wrong (a table, column or configuration that is not there, a NUL the
 * server cannot store in text) is an InputError (400 over HTTP); the rest is the server's or the
 * network's, a RemoteError (502).
 */
export function postgresError(
  err: unknown,
  caller: RemoteCaller,
  endpoint: string,
  where: { table: string; config?: string; timeoutMs: number },
): RemoteError | InputError {
  const e = (err ?? {}) as PgFailure;
  const code = typeof e.code === 'string' ? e.code : undefined;
  const said = typeof e.message === 'string' ? e.message : String(err);
  const theirs = (problem: string) => new RemoteError(caller, endpoint, problem);
  const ours = (problem: string) =>
    new InputError(
      `${caller.what}${caller.queryId !== undefined ? `, query ${caller.queryId}` : ''}: ${endpoint}: ${problem}`,
    );
  switch (code) {
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'EAI_AGAIN':
    case 'ETIMEDOUT':
    case 'ECONNRESET':
      return theirs(`cannot connect (${code}): is PostgreSQL running there, and is the host and port right?`);
    case '28P01':
    case '28000':
      return theirs(
        `the login was refused (${code}): the password comes from PGPASSWORD, serve --pg-password-env NAME, or \${env:NAME} in the URL of an experiment file or the CLI`,
      );
    case '3D000':
      return theirs(`the database does not exist (${code}): create it (createdb) or correct the URL's database`);
    case '42P01':
      return ours(
        `table "${where.table}" does not exist: push an index into it first (testbed push INDEX --to postgres URL --name ${where.table})`,
      );
    case '42703':
      return ours(
        `${missingColumn(said)}: the table needs the columns ${PUSHED_COLUMNS}, as testbed push --to postgres makes them`,
      );
    case '42704':
    case '22023':
      return where.config !== undefined && /text search configuration/.test(said)
        ? ours(
            `config "${where.config}" is not a text search configuration of this server (SELECT cfgname FROM pg_ts_config lists them)`,
          )
        : theirs(`PostgreSQL refused the statement (SQLSTATE ${code})`);
    case '22021':
    case '22P05':
      return ours(
        `the query or a filter value holds a character PostgreSQL text cannot hold (SQLSTATE ${code}; a NUL, U+0000, is the usual one)`,
      );
    case '57014':
      return theirs(`cancelled after timeout_ms ${where.timeoutMs} (57014)`);
    default:
      if (code !== undefined && SQLSTATE.test(code))
        return theirs(`PostgreSQL refused the statement (SQLSTATE ${code})`);
      if (/timeout|timed out/i.test(said)) return theirs(`no answer within timeout_ms ${where.timeoutMs}`);
      if (code !== undefined && /^E[A-Z]+$/.test(code)) return theirs(`the PostgreSQL client failed (${code})`);
      return theirs(clientProblem(said));
  }
}

/** The column the server says is missing, when it is a plain name (the leg's own column names are), else a phrase. */
function missingColumn(said: string): string {
  const name = /column "?([A-Za-z_][A-Za-z0-9_.]{0,126})"? does not exist/.exec(said)?.[1];
  return name === undefined ? 'a column the leg reads does not exist' : `column "${name}" does not exist`;
}

/**
 * The pg client's own failures carry no code; the few it raises are named here by what they
 * are, the rest reduced to a fixed phrase, so a message is never passed through.
 */
function clientProblem(said: string): string {
  if (/SASL|password must be a string/i.test(said))
    return 'the server asks for a password and none was given: set PGPASSWORD or serve --pg-password-env NAME';
  if (/does not support SSL/i.test(said)) return 'the server does not take SSL connections: sslmode=disable';
  if (/Connection terminated|connection.*(closed|ended)/i.test(said)) return 'the server closed the connection';
  return 'the PostgreSQL client failed (no error code)';
}
