import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ElasticsearchTarget } from '../../src/push/elasticsearch-target.js';
import { pushIndex } from '../../src/push/push-index.js';
import { RemoteClient } from '../../src/remote/remote-client.js';
import { tmpDir } from '../helpers/tmp.js';
import { FakeEngine } from './fake-engines.js';
import { asFloat32, buildPushIndexes, expectedSource, readStoredChunks } from './push-fixture.js';

const dir = tmpDir('push-es-');
let files: { withVectors: string; noVectors: string };
let es: FakeEngine;

beforeAll(async () => {
  files = await buildPushIndexes(dir);
  es = await new FakeEngine('elasticsearch').start();
});
afterAll(() => es.close());

describe('push to Elasticsearch', () => {
  it('maps vector as an indexed cosine dense_vector of the index dims and bulk-sends the stored chunks', async () => {
    const stored = readStoredChunks(files.withVectors);
    const summary = await pushIndex({
      file: files.withVectors,
      target: new ElasticsearchTarget(new RemoteClient(), es.url, 'docs'),
      batchSize: 5,
    });
    expect(summary).toMatchObject({
      chunks: stored.length,
      vectors: stored.length,
      dims: 64,
      batches: Math.ceil(stored.length / 5),
    });
    const created = JSON.parse(es.to('PUT', '/docs')[0]!.body) as Record<string, unknown>;
    // No index.knn setting: that is OpenSearch's; Elasticsearch indexes a dense_vector for kNN by its mapping.
    expect(created).toEqual({
      mappings: {
        properties: {
          doc_id: { type: 'keyword' },
          chunk_id: { type: 'keyword' },
          title: { type: 'text' },
          text: { type: 'text' },
          lang: { type: 'keyword' },
          metadata: { type: 'object' },
          vector: { type: 'dense_vector', dims: 64, index: true, similarity: 'cosine' },
        },
      },
    });
    const bulks = es.to('POST', '/_bulk');
    expect(bulks).toHaveLength(Math.ceil(stored.length / 5));
    const lines = bulks.flatMap((b) =>
      b.body
        .slice(0, -1)
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>),
    );
    expect(lines.filter((_, i) => i % 2 === 0)).toEqual(stored.map((c) => ({ index: { _index: 'docs', _id: c.id } })));
    const sources = lines.filter((_, i) => i % 2 === 1);
    expect(sources.map(({ vector: _, ...rest }) => rest)).toEqual(stored.map(expectedSource));
    expect(sources.map((s) => asFloat32(s.vector as number[]))).toEqual(stored.map((c) => c.vector));
    expect(es.to('POST', '/docs/_refresh')).toHaveLength(1);
    expect(es.to('GET', '/docs/_count')).toHaveLength(1);
  });

  it('an index without vectors has no vector mapping and no vector in any document', async () => {
    await pushIndex({ file: files.noVectors, target: new ElasticsearchTarget(new RemoteClient(), es.url, 'lexical') });
    const created = JSON.parse(es.to('PUT', '/lexical')[0]!.body) as {
      mappings: { properties: Record<string, unknown> };
    };
    expect(created.mappings.properties).not.toHaveProperty('vector');
    expect([...es.indexes.get('lexical')!.docs.values()].some((d) => 'vector' in (d as object))).toBe(false);
    expect(es.indexes.get('lexical')!.docs.size).toBe(readStoredChunks(files.noVectors).length);
  });

  it('its legs are elasticsearch legs over the same fields', () => {
    const legs = new ElasticsearchTarget(new RemoteClient(), es.url, 'docs').legs(64).map((l) => Object.fromEntries(l));
    expect(legs.map((l) => [l.type, l.name, l.index, l.id, l.chunk_id])).toEqual([
      ['elasticsearch', 'es-bm25', 'docs', '_source.doc_id', '_id'],
      ['elasticsearch', 'es-knn', 'docs', '_source.doc_id', '_id'],
    ]);
  });
});
