import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { OpenSearchTarget } from '../../src/push/opensearch-target.js';
import { pushIndex } from '../../src/push/push-index.js';
import { RemoteClient } from '../../src/remote/remote-client.js';
import { tmpDir } from '../helpers/tmp.js';
import { FakeEngine } from './fake-engines.js';
import { asFloat32, buildPushIndexes, expectedSource, readStoredChunks, type StoredChunk } from './push-fixture.js';

const dir = tmpDir('push-os-');
let files: { withVectors: string; noVectors: string };
let stored: StoredChunk[];
let os: FakeEngine;

beforeAll(async () => {
  files = await buildPushIndexes(dir);
  stored = readStoredChunks(files.withVectors);
  os = await new FakeEngine('opensearch').start();
});
afterAll(() => os.close());

/** The action/source line pairs of a bulk body. */
function bulkPairs(body: string): { action: unknown; source: Record<string, unknown> }[] {
  expect(body.endsWith('\n')).toBe(true);
  const lines = body
    .slice(0, -1)
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  expect(lines.length % 2).toBe(0);
  return Array.from({ length: lines.length / 2 }, (_, i) => ({ action: lines[2 * i], source: lines[2 * i + 1]! }));
}

describe('push to OpenSearch', () => {
  it('creates a k-NN index with the index dims, bulk-sends every chunk in ceil(N/B) requests, refreshes', async () => {
    const batch = 4;
    const progress: number[] = [];
    const summary = await pushIndex({
      file: files.withVectors,
      target: new OpenSearchTarget(new RemoteClient(), os.url, 'docs'),
      batchSize: batch,
      onProgress: (p) => progress.push(p.done),
    });
    const n = stored.length;
    expect(n).toBeGreaterThan(batch * 2); // several batches, the last one short
    expect(summary).toMatchObject({ chunks: n, vectors: n, dims: 64, batches: Math.ceil(n / batch), replaced: false });
    // Progress after each batch: 4, 8, ..., then n.
    expect(progress).toEqual(Array.from({ length: Math.ceil(n / batch) }, (_, i) => Math.min(n, (i + 1) * batch)));

    const [create] = os.to('PUT', '/docs');
    expect(JSON.parse(create!.body)).toEqual({
      settings: { index: { knn: true } },
      mappings: {
        properties: {
          doc_id: { type: 'keyword' },
          chunk_id: { type: 'keyword' },
          title: { type: 'text' },
          text: { type: 'text' },
          lang: { type: 'keyword' },
          metadata: { type: 'object' },
          // The documented method definition with an explicit engine: lucene (the default) in the cosinesimil space.
          vector: {
            type: 'knn_vector',
            dimension: 64,
            method: { name: 'hnsw', engine: 'lucene', space_type: 'cosinesimil' },
          },
        },
      },
    });

    const bulks = os.to('POST', '/_bulk');
    expect(bulks).toHaveLength(Math.ceil(n / batch));
    for (const b of bulks) expect(b.headers['content-type']).toBe('application/x-ndjson');
    const pairs = bulks.flatMap((b) => bulkPairs(b.body));
    expect(bulks.map((b) => bulkPairs(b.body).length)).toEqual(
      Array.from({ length: bulks.length }, (_, i) => Math.min(batch, n - i * batch)),
    );
    // In rowid order, _id the chunk id, _source the shared shape plus the stored vector.
    expect(pairs.map((p) => p.action)).toEqual(stored.map((c) => ({ index: { _index: 'docs', _id: c.id } })));
    for (const [i, c] of stored.entries()) {
      const { vector, ...source } = pairs[i]!.source;
      expect(source).toEqual(expectedSource(c));
      expect(asFloat32(vector as number[])).toEqual(c.vector);
    }
    // Metadata and languages made it through: the fixture's German document and its year.
    expect(pairs.find((p) => p.source.doc_id === 'fehler')!.source).toMatchObject({
      lang: 'de',
      metadata: { language: 'de', year: 2020 },
    });
    expect(pairs.find((p) => p.source.doc_id === 'plain')!.source).not.toHaveProperty('lang');

    // Refreshed after the last bulk, then counted.
    const order = os.requests.map((r) => `${r.method} ${r.path}`);
    expect(order.indexOf('POST /docs/_refresh')).toBeGreaterThan(order.lastIndexOf('POST /_bulk'));
    expect(order.at(-1)).toBe('GET /docs/_count');
    expect(os.indexes.get('docs')!.docs.size).toBe(n);
  });

  it('an index without vectors goes without the vector field and without index.knn', async () => {
    const summary = await pushIndex({
      file: files.noVectors,
      target: new OpenSearchTarget(new RemoteClient(), os.url, 'lexical'),
    });
    expect(summary).toMatchObject({ vectors: 0, dims: null, batches: 1 });
    const created = JSON.parse(os.to('PUT', '/lexical')[0]!.body) as {
      settings?: unknown;
      mappings: { properties: Record<string, unknown> };
    };
    expect(created.settings).toBeUndefined();
    expect(Object.keys(created.mappings.properties)).not.toContain('vector');
    const sources = bulkPairs(os.to('POST', '/_bulk').at(-1)!.body).map((p) => p.source);
    expect(sources).toEqual(readStoredChunks(files.noVectors).map(expectedSource));
  });

  it('--knn-engine faiss: an hnsw method on faiss in the innerproduct space, the vectors pushed as they are', async () => {
    await pushIndex({
      file: files.withVectors,
      target: new OpenSearchTarget(new RemoteClient(), os.url, 'docs-faiss', 'faiss'),
    });
    const created = JSON.parse(os.to('PUT', '/docs-faiss')[0]!.body) as {
      settings: unknown;
      mappings: { properties: Record<string, unknown> };
    };
    expect(created.settings).toEqual({ index: { knn: true } });
    expect(created.mappings.properties.vector).toEqual({
      type: 'knn_vector',
      dimension: 64,
      method: { name: 'hnsw', engine: 'faiss', space_type: 'innerproduct' },
    });
    expect(os.indexes.get('docs-faiss')!.docs.size).toBe(stored.length);
  });

  it('faiss refuses a vector that is not of unit length (innerproduct would not rank it as cosine); lucene takes it', async () => {
    const chunk = {
      rowid: 1,
      chunkId: 'long#0',
      docId: 'long',
      title: '',
      text: 'x',
      metadata: {},
      vector: Float32Array.from([3, 4]),
    };
    const faiss = new OpenSearchTarget(new RemoteClient(), os.url, 'unit-faiss', 'faiss');
    const err = await faiss.send([chunk]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    // |(3, 4)| = 5.
    expect((err as Error).message).toBe(
      'the vector of chunk long#0 has length 5.000, not 1: --knn-engine faiss compares by inner product, which ranks as cosine only for unit vectors; push with --knn-engine lucene (cosinesimil)',
    );
    const unit = { ...chunk, chunkId: 'unit#0', vector: Float32Array.from([0.6, 0.8]) };
    os.indexes.set('unit-faiss', { created: {}, docs: new Map() });
    await faiss.send([unit]);
    expect(os.indexes.get('unit-faiss')!.docs.has('unit#0')).toBe(true);
    os.indexes.set('unit-lucene', { created: {}, docs: new Map() });
    await new OpenSearchTarget(new RemoteClient(), os.url, 'unit-lucene').send([chunk]);
    expect(os.indexes.get('unit-lucene')!.docs.has('long#0')).toBe(true);
  });

  it('prints legs that read the pushed documents back by doc_id and _id', () => {
    const target = new OpenSearchTarget(new RemoteClient(), os.url, 'docs');
    expect(target.legs(64).map((l) => Object.fromEntries(l))).toEqual([
      { type: 'opensearch', name: 'os-bm25', url: os.url, index: 'docs', id: '_source.doc_id', chunk_id: '_id' },
      {
        type: 'opensearch',
        name: 'os-knn',
        url: os.url,
        index: 'docs',
        id: '_source.doc_id',
        chunk_id: '_id',
        query: 'knn',
        vector_field: 'vector',
      },
    ]);
    expect(target.legs(null)).toHaveLength(1);
  });
});
