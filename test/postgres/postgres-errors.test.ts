import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildIndex } from '../../src/indexing/build-index.js';
import { runCli } from '../helpers/cli.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';
import { PG_URL, tableName, testDatabase } from './pg-helpers.js';

/**
 * What a user who gets the URL, the table or the configuration wrong sees: one line naming the
 * leg and what to do, exit code 2, before any query runs. And a password given through
 * ${env:NAME} appears in no output: not on stdout, stderr, or in an experiment's report files.
 */
const TABLE = tableName('errors');
const BAD = tableName('badcols');
const db = testDatabase([TABLE, BAD]);
const CANARY = 'canary-pw-7f3a9c';

describe('postgres leg and push errors', () => {
  const dir = tmpDir('pg-errors-');
  const file = path.join(dir, 'tiny.sqlite');
  const u = new URL(PG_URL);
  // The same server, its URL with a password read from the environment (trust authentication ignores it).
  const withPassword = `postgres://${u.username}:\${env:PG_CANARY_PW}@${u.host}${u.pathname}`;

  beforeAll(async () => {
    await buildIndex({ corpus: TINY_BEIR, out: file, embedder: 'none', chunker: 'doc' });
    await db.rows(`CREATE TABLE "${BAD}" (id text, doc_id text)`);
    process.env.PG_CANARY_PW = CANARY;
    const pushed = await runCli(['push', file, '--to', 'postgres', withPassword, '--name', TABLE]);
    expect(pushed.code, pushed.err).toBe(0);
  });

  const search = (leg: Record<string, unknown>) =>
    runCli(['search', file, 'password reset', '--pipeline', JSON.stringify({ legs: [{ type: 'postgres', ...leg }] })]);
  const leg = { url: PG_URL, table: TABLE, config: 'english' };

  it('a right leg answers', async () => {
    const r = await search(leg);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('error-e1042');
  });

  const CASES: [string, Record<string, unknown>, RegExp][] = [
    [
      'a table that does not exist',
      { ...leg, table: 'no_such_table' },
      /^testbed search: leg "postgres": SQL postgres:\/\/.*: table "no_such_table" does not exist: push an index into it first \(testbed push INDEX --to postgres URL --name no_such_table\)\n$/,
    ],
    [
      'a table without the columns',
      { ...leg, table: BAD },
      /^testbed search: leg "postgres": .*column "lang" does not exist: the table needs the columns id, doc_id, lang, metadata \(jsonb\) and a tsvector column/,
    ],
    [
      'an unknown configuration',
      { ...leg, config: 'klingon' },
      /^testbed search: leg "postgres": .*: config "klingon" is not a text search configuration of this server \(SELECT cfgname FROM pg_ts_config lists them\)\n$/,
    ],
    [
      'a database that does not exist',
      { ...leg, url: `${u.protocol}//${u.username}@${u.host}/no_such_db` },
      /^testbed search: leg "postgres": SQL postgres:\/\/.*\/no_such_db: the database does not exist \(3D000\): create it \(createdb\) or correct the URL's database\n$/,
    ],
    [
      'no server at the address',
      { ...leg, url: 'postgres://postgres@127.0.0.1:9/testbed' },
      /^testbed search: leg "postgres": SQL postgres:\/\/postgres@127\.0\.0\.1:9\/testbed: cannot connect \(ECONNREFUSED\): is PostgreSQL running there/,
    ],
    [
      'a password variable that is not set',
      { ...leg, url: 'postgres://postgres:${env:PG_UNSET_VAR}@127.0.0.1:9/testbed' },
      /^testbed search: leg "postgres": url needs the environment variable PG_UNSET_VAR, which is not set\n$/,
    ],
    [
      'a password written out',
      { ...leg, url: 'postgres://postgres:hunter2@127.0.0.1:9/testbed' },
      /^testbed search: \(field "legs\.0\.url"\): the URL holds a password written out; write \$\{env:NAME\} in its place/,
    ],
    [
      'a table name with SQL in it',
      { ...leg, table: 'x; DROP TABLE y' },
      /^testbed search: .*legs\.0\.table.*a table name/,
    ],
    [
      'a normalization outside the bit mask',
      { ...leg, normalization: 64 },
      /^testbed search: .*legs\.0\.normalization/,
    ],
  ];

  for (const [what, bad, expected] of CASES) {
    it(`${what}: one line, exit 2`, async () => {
      const r = await search(bad);
      expect(r.code, r.err).toBe(2);
      expect(r.err).toMatch(expected);
      expect(r.err.trim().split('\n')).toHaveLength(1);
      expect(r.out).toBe('');
    });
  }

  it('a password from ${env:} appears in no output of push, search or an experiment', async () => {
    const outputs: string[] = [];
    const pushed = await runCli(['push', file, '--to', 'postgres', withPassword, '--name', TABLE, '--replace']);
    outputs.push(pushed.out, pushed.err);
    expect(pushed.out).toContain(`url: "${withPassword}"`);
    expect(pushed.err).toContain(`at postgres://${u.username}:(set)@${u.host}`);
    const found = await search({ ...leg, url: withPassword });
    expect(found.code, found.err).toBe(0);
    outputs.push(found.out, found.err);
    const failed = await search({ ...leg, url: withPassword, table: 'no_such_table' });
    expect(failed.err).toContain(':(set)@');
    outputs.push(failed.out, failed.err);

    const config = path.join(dir, 'experiment.yaml');
    const out = path.join(dir, 'results');
    fs.writeFileSync(
      config,
      [
        'name: pg-canary',
        `corpus: ${TINY_BEIR}`,
        'level: doc',
        'metrics: [ndcg@10]',
        'grid:',
        '  chunkers: [doc]',
        '  embedders: [none]',
        '  retrievers:',
        `    - { name: pg, legs: [{ type: postgres, url: "${withPassword}", table: ${TABLE}, config: english }] }`,
        '',
      ].join('\n'),
    );
    const ran = await runCli(['experiment', config, '--out', out, '--cache-dir', path.join(dir, 'cache')]);
    expect(ran.code, ran.err).toBe(0);
    outputs.push(ran.out, ran.err);
    for (const name of fs.readdirSync(out, { recursive: true }) as string[]) {
      const f = path.join(out, name);
      if (fs.statSync(f).isFile()) outputs.push(fs.readFileSync(f, 'utf8'));
    }
    expect(outputs.join('\n')).toContain('postgres');
    for (const text of outputs) expect(text).not.toContain(CANARY);
  });
});
