import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { pushIndex } from '../../src/push/push-index.js';
import { QdrantTarget } from '../../src/push/qdrant-target.js';
import { RemoteClient } from '../../src/remote/remote-client.js';
import { tmpDir } from '../helpers/tmp.js';
import { FakeEngine } from './fake-engines.js';
import { asFloat32, buildPushIndexes, expectedSource, readStoredChunks } from './push-fixture.js';

const dir = tmpDir('push-qdrant-');
let files: { withVectors: string; noVectors: string };
let qdrant: FakeEngine;

beforeAll(async () => {
  files = await buildPushIndexes(dir);
  qdrant = await new FakeEngine('qdrant').start();
});
afterAll(() => qdrant.close());

describe('push to Qdrant', () => {
  it('creates a cosine collection of the index dims and upserts one point per chunk, id its rowid, in ceil(N/B) requests', async () => {
    const stored = readStoredChunks(files.withVectors);
    const batch = 3;
    const summary = await pushIndex({
      file: files.withVectors,
      target: new QdrantTarget(new RemoteClient(), qdrant.url, 'docs'),
      batchSize: batch,
    });
    expect(summary).toMatchObject({
      chunks: stored.length,
      vectors: stored.length,
      dims: 64,
      batches: Math.ceil(stored.length / batch),
    });
    expect(JSON.parse(qdrant.to('PUT', '/collections/docs')[0]!.body)).toEqual({
      vectors: { size: 64, distance: 'Cosine' },
    });
    const upserts = qdrant.to('PUT', '/collections/docs/points');
    expect(upserts).toHaveLength(Math.ceil(stored.length / batch));
    // wait=true: Qdrant answers once the points are stored, so the count that follows sees them all.
    for (const u of upserts) expect(u.query).toBe('?wait=true');
    const points = upserts.flatMap(
      (u) => (JSON.parse(u.body) as { points: { id: number; vector: number[]; payload: unknown }[] }).points,
    );
    expect(upserts.map((u) => (JSON.parse(u.body) as { points: unknown[] }).points.length)).toEqual(
      Array.from({ length: upserts.length }, (_, i) => Math.min(batch, stored.length - i * batch)),
    );
    expect(points.map((p) => p.id)).toEqual(stored.map((c) => c.rowid));
    expect(points.map((p) => p.payload)).toEqual(stored.map(expectedSource));
    expect(points.map((p) => asFloat32(p.vector))).toEqual(stored.map((c) => c.vector));
    expect(qdrant.to('POST', '/collections/docs/points/count').map((r) => JSON.parse(r.body))).toEqual([
      { exact: true },
    ]);
  });

  it('indexes the payload fields a filter can name, typed by their values, before the first point', async () => {
    const requests = qdrant.requests.filter((r) => r.path.startsWith('/collections/docs'));
    const indexes = requests.filter((r) => r.method === 'PUT' && r.path === '/collections/docs/index');
    // PUSH_DOCS metadata: language en/de (strings, also each chunk's lang), year integers, draft a
    // boolean, source.kind a string; tags is an array (a filter cannot name its values): no index.
    expect(indexes.map((r) => JSON.parse(r.body))).toEqual([
      { field_name: 'metadata.draft', field_schema: 'bool' },
      { field_name: 'lang', field_schema: 'keyword' },
      { field_name: 'metadata.language', field_schema: 'keyword' },
      { field_name: 'metadata.source.kind', field_schema: 'keyword' },
      { field_name: 'metadata.year', field_schema: 'integer' },
    ]);
    for (const r of indexes) expect(r.query).toBe('?wait=true');
    // After the collection, before the first upsert.
    const order = requests.map((r) => `${r.method} ${r.path}`);
    expect(order.indexOf('PUT /collections/docs/index')).toBe(order.indexOf('PUT /collections/docs') + 1);
    expect(order.lastIndexOf('PUT /collections/docs/index')).toBeLessThan(
      order.indexOf('PUT /collections/docs/points'),
    );
  });

  it('refuses an index without vectors before calling the engine', async () => {
    const before = qdrant.requests.length;
    const err = await pushIndex({
      file: files.noVectors,
      target: new QdrantTarget(new RemoteClient(), qdrant.url, 'lexical'),
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as Error).message).toContain(files.noVectors);
    expect((err as Error).message).toMatch(/no vectors.*opensearch or elasticsearch/);
    expect(qdrant.requests.length).toBe(before);
  });

  it('its leg names the collection', () => {
    expect(new QdrantTarget(new RemoteClient(), qdrant.url, 'docs').legs().map((l) => Object.fromEntries(l))).toEqual([
      { type: 'qdrant', name: 'qdrant', url: qdrant.url, collection: 'docs' },
    ]);
  });
});
