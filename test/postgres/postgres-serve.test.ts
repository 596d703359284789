import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/app.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import type { SearchResponse } from '../../src/search/types.js';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';
import { PG_URL, pushToPostgres, referenceRanking, tableName, testDatabase } from './pg-helpers.js';

/**
 * testbed serve and a postgres leg: the database is an origin like any other endpoint, called
 * only when the server was started with --allow-remote postgres://HOST:PORT, and then a search
 * over HTTP answers the server's own ranking.
 */
const TABLE = tableName('serve');
const db = testDatabase([TABLE]);
const root = tmpDir('pg-serve-');
const dataDir = path.join(root, 'data');
let catalog: IndexCatalog;
const origin = `postgres://${new URL(PG_URL).host}`;

beforeAll(async () => {
  const file = path.join(dataDir, 'tiny.sqlite');
  await buildIndex({ corpus: TINY_BEIR, out: file, chunker: 'doc', embedder: 'none' });
  await pushToPostgres(file, TABLE, 'english');
  catalog = new IndexCatalog(dataDir);
});
afterAll(() => catalog.close());

const body = {
  index: 'tiny',
  q: 'session token',
  level: 'doc',
  k: 5,
  legs: [{ type: 'postgres', name: 'pg', url: PG_URL, table: TABLE, config: 'english', match: 'any' }],
};
const post = (app: ReturnType<typeof createApp>) =>
  app.request('/search', {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });

describe('testbed serve with a postgres leg', () => {
  it('is refused with a 403 naming --allow-remote postgres://HOST:PORT unless that origin is allowed', async () => {
    const app = createApp({ catalog, corporaRoot: root, cacheDir: path.join(root, 'cache') });
    const res = await post(app);
    expect(res.status).toBe(403);
    const { error } = (await res.json()) as { error: { message: string } };
    expect(error.message).toContain(`--allow-remote ${origin}`);
  });

  it("answers with the server's ranking once the origin is allowed", async () => {
    const app = createApp({
      catalog,
      corporaRoot: root,
      cacheDir: path.join(root, 'cache'),
      allowedRemoteOrigins: [origin],
    });
    const res = await post(app);
    expect(res.status).toBe(200);
    const { hits } = (await res.json()) as SearchResponse;
    const expected = await referenceRanking(db, {
      table: TABLE,
      config: 'english',
      query: 'session token',
      normalization: 0,
      k: 5,
      level: 'doc',
      tsquery: "to_tsquery($1::regconfig, 'session | token')",
    });
    expect(expected.length).toBeGreaterThan(0);
    expect(hits.map((h) => [h.id, h.score])).toEqual(expected.map((h) => [h.id, h.score]));
  });
});
