import fs from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { createApp } from '../../src/http/app.js';
import { healthRoutes } from '../../src/http/routes/health.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import type { SearchResponse } from '../../src/search/types.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

/**
 * One corrupt index file (garbage bytes) and one truncated copy (a copy in progress) beside a
 * good index: the good one is listed and searched as before, the bad ones are listed as
 * unreadable, searching them is a 409, and the health probe stays 200.
 */
const root = tmpDir('unreadable-');
const dataDir = path.join(root, 'data');
let catalog: IndexCatalog;
let app: ReturnType<typeof createApp>;
let size = 0;

beforeAll(async () => {
  await buildIndex({ corpus: TINY_BEIR, out: path.join(dataDir, 'good.sqlite'), chunker: 'doc', embedder: 'hash:64' });
  const bytes = fs.readFileSync(path.join(dataDir, 'good.sqlite'));
  size = bytes.length;
  fs.writeFileSync(
    path.join(dataDir, 'corrupt.sqlite'),
    Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 7919) % 251)),
  );
  fs.writeFileSync(path.join(dataDir, 'partial.sqlite'), bytes.subarray(0, Math.floor(bytes.length / 3)));
  catalog = new IndexCatalog(dataDir);
  app = createApp({ catalog, corporaRoot: root });
});
afterAll(() => catalog.close());

const json = async (res: Response) => (await res.json()) as Record<string, unknown>;

describe('unreadable index files', () => {
  it('GET /indexes lists all three, the bad ones as unreadable with a reason and no path', async () => {
    const res = await app.request('/indexes');
    expect(res.status).toBe(200);
    const text = await res.clone().text();
    expect(text).not.toContain(root);
    const { indexes } = (await res.json()) as {
      indexes: { name: string; status: string; error?: string; meta: unknown }[];
    };
    expect(indexes.map((i) => [i.name, i.status])).toEqual([
      ['corrupt', 'unreadable'],
      ['good', 'ready'],
      ['partial', 'unreadable'],
    ]);
    expect(indexes[0]).toEqual({
      name: 'corrupt',
      status: 'unreadable',
      error: 'not a readable testbed index: file is not a database',
      meta: null,
      job: null,
    });
    expect(indexes[2]!.error).toMatch(/^not a readable testbed index: the file is truncated: \d+ of \d+ bytes/);
    expect(indexes[2]!.error).toContain(`of ${size} bytes`);
    expect(indexes[1]!.meta).toMatchObject({ counts: { documents: 12 } });
  });

  it('GET /indexes/:name answers the unreadable one too (it exists)', async () => {
    const res = await app.request('/indexes/partial');
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ name: 'partial', status: 'unreadable', meta: null });
  });

  it('the good index still searches', async () => {
    const res = await app.request('/search/hybrid?index=good&q=session%20token&k=3');
    expect(res.status).toBe(200);
    expect(((await res.json()) as SearchResponse).hits[0]?.doc_id).toBe('error-e1042');
  });

  it('searching an unreadable index is a 409 index_unreadable naming the index, not the file', async () => {
    for (const name of ['corrupt', 'partial']) {
      const res = await app.request(`/search/bm25?index=${name}&q=token`);
      expect(res.status, name).toBe(409);
      const { error } = (await res.json()) as { error: { code: string; message: string } };
      expect(error.code).toBe('index_unreadable');
      expect(error.message).toMatch(
        new RegExp(
          `^index "${name}" cannot be read \\(not a readable testbed index: .+\\): rebuild it, or replace its file with a complete copy$`,
        ),
      );
      expect(error.message).not.toContain(root);
    }
  });

  it('/health stays 200 and counts the unreadable files', async () => {
    const res = await app.request('/health');
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ status: 'ok', indexes: 3 });
    // The count itself, through the health route (app.ts mounts it in place of its inline handler).
    const health = new Hono().route('/', healthRoutes(catalog));
    const probe = await health.request('/health');
    expect(probe.status).toBe(200);
    expect(await json(probe)).toMatchObject({ status: 'ok', indexes: 3, unreadable: 2 });
  });
});
