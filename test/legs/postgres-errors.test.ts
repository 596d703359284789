import { describe, expect, it } from 'vitest';
import { postgresError } from '../../src/legs/postgres/postgres-errors.js';

/**
 * Issue 40, items 2 and 10: what the pg client or the server says is reduced to a code and a
 * message of our own, so no absolute path (a TLS file the client tried to read) and no value the
 * server filled in from its environment (a role or database named by PGUSER/PGDATABASE) reaches
 * a caller; and what the request got wrong (a missing column, a NUL in the text) is a 400.
 */
const caller = { what: 'leg "pg"' };
const endpoint = 'SQL postgres://u@db:5432/search';
const where = { table: 'docs', config: 'english', timeoutMs: 5000 };
const SECRET = 'operator-role-7c1d';
const fail = (code: string | undefined, message: string) =>
  postgresError(Object.assign(new Error(message), code === undefined ? {} : { code }), caller, endpoint, where);

describe('postgres driver errors', () => {
  const LEAKS: [string, string | undefined, string][] = [
    [
      'a TLS file the client could not open',
      'ENOENT',
      "ENOENT: no such file or directory, open '/etc/ssl/private/x.key'",
    ],
    ['a refused login naming the role', '28P01', `password authentication failed for user "${SECRET}"`],
    ['a missing database named from the environment', '3D000', `database "${SECRET}" does not exist`],
    [
      'a server error quoting a path',
      'XX000',
      `could not open file "/var/lib/postgresql/${SECRET}": Permission denied`,
    ],
    ['a client error without a code', undefined, `self-signed certificate in /home/${SECRET}/.postgresql/root.crt`],
  ];
  for (const [what, code, message] of LEAKS) {
    it(`${what}: the code and a message of our own, no path and no value from the server`, () => {
      const err = fail(code, message);
      expect(err.message).not.toContain(SECRET);
      expect(err.message).not.toMatch(/\/(etc|var|home)\//);
      if (code !== undefined) expect(err.message).toContain(code);
    });
  }

  it('a column the table lacks is a 400 naming it and the columns needed', () => {
    const err = fail('42703', 'column "tsv_wrong" does not exist');
    expect(err.status).toBe(400);
    expect(err.message).toContain('column "tsv_wrong" does not exist');
    expect(err.message).toContain('id, doc_id, lang, metadata (jsonb) and a tsvector column');
  });

  it('a NUL the server cannot store in text is a 400, not a 502', () => {
    const err = fail('22021', 'invalid byte sequence for encoding "UTF8": 0x00');
    expect(err.status).toBe(400);
    expect(err.message).toMatch(/NUL/);
  });

  it("a refused connection stays the server side's fault (502) and says what to check", () => {
    const err = fail('ECONNREFUSED', 'connect ECONNREFUSED 10.0.0.1:5432');
    expect(err.status).toBe(502);
    expect(err.message).toContain('cannot connect (ECONNREFUSED)');
  });
});
