import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/app.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';
import { PG_URL, pushToPostgres, tableName, testDatabase } from './pg-helpers.js';

/**
 * Issue 40, items 9 and 10 against a real server. Searches whose legs each name another
 * timeout_ms/concurrency pair share one pool of the database, so the connections they leave
 * open are at most the pool's size (before: one pool, and at least one connection, per pair).
 * A NUL in the query and a tsv_column the table lacks are the request's fault: 400 with a
 * message saying so, not 502.
 */
const TABLE = tableName('limits');
const ROLE = `pool_probe_${process.pid}`;
const db = testDatabase([TABLE]);
const root = tmpDir('pg-limits-');
const dataDir = path.join(root, 'data');
let catalog: IndexCatalog;
const u = new URL(PG_URL);
const origin = `postgres://${u.host}`;
// A role of this file's own, so the connections counted are this file's, whatever runs beside it.
const roleUrl = `postgres://${ROLE}@${u.host}${u.pathname}`;

beforeAll(async () => {
  const file = path.join(dataDir, 'tiny.sqlite');
  await buildIndex({ corpus: TINY_BEIR, out: file, chunker: 'doc', embedder: 'none' });
  await pushToPostgres(file, TABLE, 'english');
  await db.rows(`CREATE ROLE "${ROLE}" LOGIN`);
  await db.rows(`GRANT SELECT ON "${TABLE}" TO "${ROLE}"`);
  catalog = new IndexCatalog(dataDir);
});
afterAll(async () => {
  catalog.close();
});
afterAll(async () => {
  // After the legs' pools are closed (testDatabase's afterAll runs later, so end them here first).
  const { closePostgresPools } = await import('../../src/legs/postgres/postgres-pools.js');
  await closePostgresPools();
  await db.rows(`DROP OWNED BY "${ROLE}"`);
  await db.rows(`DROP ROLE IF EXISTS "${ROLE}"`);
});

async function search(leg: Record<string, unknown>, q = 'session token') {
  const app = createApp({
    catalog,
    corporaRoot: root,
    cacheDir: path.join(root, 'cache'),
    allowedRemoteOrigins: [origin],
  });
  const res = await app.request('/search', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      index: 'tiny',
      q,
      legs: [{ type: 'postgres', name: 'pg', url: roleUrl, table: TABLE, config: 'english', ...leg }],
    }),
  });
  return { status: res.status, body: (await res.json()) as { error?: { message: string } } };
}

describe('postgres legs sent over HTTP', () => {
  it('share one pool per database whatever timeout_ms and concurrency they name', async () => {
    const pairs = Array.from({ length: 16 }, (_, i) => ({ timeout_ms: 5000 + i, concurrency: 1 + (i % 8) }));
    const answers = await Promise.all(pairs.map((p) => search(p)));
    for (const a of answers) expect(a.status, a.body.error?.message).toBe(200);
    const [row] = await db.rows<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE usename = $1', [
      ROLE,
    ]);
    const n = row!.n;
    // One pool of POSTGRES_POOL_LIMITS.connectionsPerPool = 10 connections at most (before: 16 pools).
    expect(n).toBeLessThanOrEqual(10);
  });

  it('answer a NUL in the query with a 400 saying so', async () => {
    const { status, body } = await search({}, 'session\u0000token');
    expect(status).toBe(400);
    expect(body.error?.message).toMatch(/NUL/);
  });

  it('answer a tsv_column the table lacks with a 400 naming the column', async () => {
    const { status, body } = await search({ tsv_column: 'no_such_tsv' });
    expect(status).toBe(400);
    expect(body.error?.message).toContain('column "no_such_tsv" does not exist');
  });
});
