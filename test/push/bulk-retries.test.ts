import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ElasticsearchTarget } from '../../src/push/elasticsearch-target.js';
import { OpenSearchTarget } from '../../src/push/opensearch-target.js';
import { pushIndex } from '../../src/push/push-index.js';
import { QdrantTarget } from '../../src/push/qdrant-target.js';
import { RemoteClient } from '../../src/remote/remote-client.js';
import { RemoteError } from '../../src/remote/remote-error.js';
import { writeJsonl } from '../helpers/lexical-fixtures.js';
import { tmpDir } from '../helpers/tmp.js';
import { buildTinyIndex } from '../helpers/tiny-index.js';
import { FakeEngine, type SeenRequest } from './fake-engines.js';
import { buildPushIndexes, readStoredChunks, type StoredChunk } from './push-fixture.js';

const dir = tmpDir('push-retry-');
let file: string;
let stored: StoredChunk[];
let os: FakeEngine;
let es: FakeEngine;
let qdrant: FakeEngine;

/** A client whose waits are recorded instead of slept: backoff 100 ms, doubled each retry. */
function recordingClient(retries: number) {
  const waits: number[] = [];
  const client = new RemoteClient({ retries, backoffMs: 100 }, async (ms) => {
    waits.push(ms);
  });
  return { client, waits };
}

/** The `_id`s of a bulk request, in order. */
const bulkIds = (r: SeenRequest) =>
  r.body
    .slice(0, -1)
    .split('\n')
    .filter((_, i) => i % 2 === 0)
    .map((l) => (JSON.parse(l) as { index: { _id: string } }).index._id);

beforeAll(async () => {
  file = (await buildPushIndexes(dir)).withVectors;
  stored = readStoredChunks(file);
  os = await new FakeEngine('opensearch').start();
  es = await new FakeEngine('elasticsearch').start();
  qdrant = await new FakeEngine('qdrant').start();
});
afterAll(async () => {
  await os.close();
  await es.close();
  await qdrant.close();
});

describe('bulk items rejected with 429', () => {
  it('are sent again, only they and with the same ids, after the backoff; every chunk ends up indexed', async () => {
    const batch = 4;
    expect(stored.length).toBeGreaterThan(2 * batch);
    // Two chunks of the first batch and one of the second are rejected once.
    const rejected = [stored[1]!.id, stored[3]!.id, stored[5]!.id];
    for (const id of rejected) os.reject.set(id, 1);
    const { client, waits } = recordingClient(2);
    const from = os.requests.length;
    const summary = await pushIndex({
      file,
      target: new OpenSearchTarget(client, os.url, 'retried'),
      batchSize: batch,
    });
    expect(summary.chunks).toBe(stored.length);
    expect(os.indexes.get('retried')!.docs.size).toBe(stored.length);
    expect([...os.indexes.get('retried')!.docs.keys()].sort()).toEqual(stored.map((c) => c.id).sort());
    const bulks = os.requests.slice(from).filter((r) => r.path === '/_bulk');
    const ids = (i: number) => stored.slice(i * batch, (i + 1) * batch).map((c) => c.id);
    expect(bulks.map(bulkIds)).toEqual([
      ids(0),
      [stored[1]!.id, stored[3]!.id],
      ids(1),
      [stored[5]!.id],
      ...Array.from({ length: Math.ceil(stored.length / batch) - 2 }, (_, i) => ids(i + 2)),
    ]);
    // Each batch's first retry waits backoffMs × 2^0 with ±25% jitter.
    expect(waits).toHaveLength(2);
    for (const w of waits) expect(w).toBeGreaterThanOrEqual(75), expect(w).toBeLessThanOrEqual(125);
  });

  it('still rejected after the retries: the error names them and counts exactly what the engine indexed', async () => {
    const batch = 4;
    // The second chunk of the second batch is rejected every time it is sent.
    const stuck = stored[batch + 1]!.id;
    os.reject.set(stuck, Number.POSITIVE_INFINITY);
    try {
      const { client, waits } = recordingClient(2);
      const from = os.requests.length;
      const err = await pushIndex({
        file,
        target: new OpenSearchTarget(client, os.url, 'stuck'),
        batchSize: batch,
      }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RemoteError);
      // The first batch (4) and three of the second: 7, where counting whole batches says 4.
      const indexed = batch + (batch - 1);
      expect((err as Error).message).toBe(
        `push to opensearch index "stuck": POST ${os.url}/_bulk answered 200: 1 of 1 chunks were still refused after 3 attempts: ` +
          `${stuck}: 429 es_rejected_execution_exception: rejected execution of coordinating operation [coordinating_and_primary_bytes=104759862, max_coordinating_and_primary_bytes=107374182]; ` +
          `the engine indexed ${indexed} of ${stored.length} chunks (they stay in the index: fix the cause and push again with --replace)`,
      );
      expect(os.indexes.get('stuck')!.docs.size).toBe(indexed);
      // First batch, second batch, then the stuck chunk alone twice (retries: 2), after 100 and 200 ms (±25%).
      expect(
        os.requests
          .slice(from)
          .filter((r) => r.path === '/_bulk')
          .map(bulkIds),
      ).toEqual([
        stored.slice(0, batch).map((c) => c.id),
        stored.slice(batch, 2 * batch).map((c) => c.id),
        [stuck],
        [stuck],
      ]);
      expect(waits).toHaveLength(2);
      expect(waits[0]).toBeGreaterThanOrEqual(75);
      expect(waits[0]).toBeLessThanOrEqual(125);
      expect(waits[1]).toBeGreaterThanOrEqual(150);
      expect(waits[1]).toBeLessThanOrEqual(250);
    } finally {
      os.reject.clear();
    }
  });

  it('an item refused for good fails the batch at once, without retrying its rejected neighbours', async () => {
    const batch = 4;
    os.reject.set(stored[0]!.id, Number.POSITIVE_INFINITY);
    os.refuse.add(stored[2]!.id);
    try {
      const { client, waits } = recordingClient(2);
      const err = (await pushIndex({
        file,
        target: new OpenSearchTarget(client, os.url, 'mixed'),
        batchSize: batch,
      }).catch((e: unknown) => e)) as Error;
      expect(err.message).toContain(
        `1 of ${batch} chunks were refused: ${stored[2]!.id}: 400 mapper_parsing_exception`,
      );
      // Of the first batch, the rejected and the refused chunk are missing: 2 indexed.
      expect(err.message).toContain(`the engine indexed ${batch - 2} of ${stored.length} chunks`);
      expect(os.indexes.get('mixed')!.docs.size).toBe(batch - 2);
      expect(waits).toEqual([]);
    } finally {
      os.reject.clear();
      os.refuse.clear();
    }
  });

  it('Elasticsearch: the same retries through the shared bulk API', async () => {
    es.reject.set(stored[0]!.id, 2);
    const { client, waits } = recordingClient(2);
    const summary = await pushIndex({
      file,
      target: new ElasticsearchTarget(client, es.url, 'retried'),
      batchSize: 100,
    });
    expect(summary.chunks).toBe(stored.length);
    expect(es.indexes.get('retried')!.docs.size).toBe(stored.length);
    expect(es.to('POST', '/_bulk').map((r) => bulkIds(r).length)).toEqual([stored.length, 1, 1]);
    expect(waits).toHaveLength(2);
  });

  it('the issue case: 1000 chunks in batches of 500, the last one rejected for good: "indexed 999 of 1000"', async () => {
    const corpus = path.join(dir, 'thousand.jsonl');
    writeJsonl(
      corpus,
      Array.from({ length: 1000 }, (_, i) => ({ _id: `d${i}`, title: '', text: `document number ${i}` })),
    );
    const big = (await buildTinyIndex(dir, { corpus, chunker: 'words:50', embedder: 'none', detectLanguage: false }))
      .file;
    const chunks = readStoredChunks(big);
    expect(chunks).toHaveLength(1000);
    os.reject.set(chunks.at(-1)!.id, Number.POSITIVE_INFINITY);
    try {
      const err = (await pushIndex({
        file: big,
        target: new OpenSearchTarget(recordingClient(2).client, os.url, 'thousand'),
        batchSize: 500,
      }).catch((e: unknown) => e)) as Error;
      expect(err.message).toContain('the engine indexed 999 of 1000 chunks');
      expect(os.indexes.get('thousand')!.docs.size).toBe(999);
    } finally {
      os.reject.clear();
    }
  });
});

describe('a Qdrant upsert answered wait_timeout', () => {
  it('is upserted again (same ids: an overwrite), and the push completes', async () => {
    qdrant.upsertStatuses.push('wait_timeout');
    const { client, waits } = recordingClient(2);
    const summary = await pushIndex({ file, target: new QdrantTarget(client, qdrant.url, 'slow'), batchSize: 100 });
    expect(summary.chunks).toBe(stored.length);
    const upserts = qdrant.to('PUT', '/collections/slow/points');
    expect(upserts).toHaveLength(2);
    expect(upserts[1]!.body).toBe(upserts[0]!.body);
    expect(qdrant.indexes.get('slow')!.docs.size).toBe(stored.length);
    expect(waits).toHaveLength(1);
  });

  it('every time: the error says the batch was not stored and counts the batches before it', async () => {
    const batch = 5;
    // The first batch completes; the second answers wait_timeout on all three attempts.
    qdrant.upsertStatuses.push('completed', 'wait_timeout', 'wait_timeout', 'wait_timeout');
    try {
      const err = (await pushIndex({
        file,
        target: new QdrantTarget(recordingClient(2).client, qdrant.url, 'stalled'),
        batchSize: batch,
      }).catch((e: unknown) => e)) as Error;
      expect(err.message).toBe(
        `push to qdrant collection "stalled": PUT ${qdrant.url}/collections/stalled/points?wait=true answered 200: ` +
          `the upsert of ${batch} points answered status "wait_timeout", not "completed" (after 3 attempts); ` +
          `the engine indexed ${batch} of ${stored.length} chunks (they stay in the index: fix the cause and push again with --replace)`,
      );
    } finally {
      qdrant.upsertStatuses.length = 0;
    }
  });
});
