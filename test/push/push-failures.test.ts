import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError } from '../../src/errors.js';
import { OpenSearchTarget } from '../../src/push/opensearch-target.js';
import { pushIndex } from '../../src/push/push-index.js';
import { QdrantTarget } from '../../src/push/qdrant-target.js';
import { RemoteClient } from '../../src/remote/remote-client.js';
import { RemoteError } from '../../src/remote/remote-error.js';
import { tmpDir } from '../helpers/tmp.js';
import { FakeEngine } from './fake-engines.js';
import { buildPushIndexes, readStoredChunks, type StoredChunk } from './push-fixture.js';

const dir = tmpDir('push-fail-');
let file: string;
let stored: StoredChunk[];
let os: FakeEngine;
let qdrant: FakeEngine;
const noSleep = async () => {};
/** Two retries (three attempts), without waiting between them. */
const client = () => new RemoteClient({ retries: 2 }, noSleep);

beforeAll(async () => {
  file = (await buildPushIndexes(dir)).withVectors;
  stored = readStoredChunks(file);
  os = await new FakeEngine('opensearch').start();
  qdrant = await new FakeEngine('qdrant').start();
});
afterAll(async () => {
  await os.close();
  await qdrant.close();
});

const since = (engine: FakeEngine, from: number) => engine.requests.slice(from).map((r) => `${r.method} ${r.path}`);

describe('an existing target', () => {
  it('is refused without --replace, before anything is created or sent', async () => {
    await pushIndex({ file, target: new OpenSearchTarget(client(), os.url, 'taken') });
    const from = os.requests.length;
    const err = await pushIndex({ file, target: new OpenSearchTarget(client(), os.url, 'taken') }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ConflictError);
    expect((err as Error).message).toBe(
      `OpenSearch index "taken" at ${os.url} already exists; pass --replace to delete it and push again, or choose another --name`,
    );
    expect(since(os, from)).toEqual(['GET /taken']);
  });

  it('with --replace is deleted first, then created and filled again', async () => {
    const from = os.requests.length;
    const summary = await pushIndex({
      file,
      target: new OpenSearchTarget(client(), os.url, 'taken'),
      replace: true,
      batchSize: 100,
    });
    expect(summary.replaced).toBe(true);
    expect(since(os, from)).toEqual([
      'GET /taken',
      'DELETE /taken',
      'PUT /taken',
      'POST /_bulk',
      'POST /taken/_refresh',
      'GET /taken/_count',
    ]);
    expect(os.indexes.get('taken')!.docs.size).toBe(stored.length);
  });

  it('a Qdrant collection too', async () => {
    await pushIndex({ file, target: new QdrantTarget(client(), qdrant.url, 'taken') });
    await expect(pushIndex({ file, target: new QdrantTarget(client(), qdrant.url, 'taken') })).rejects.toThrow(
      /Qdrant collection "taken" .* already exists; pass --replace/,
    );
    const from = qdrant.requests.length;
    await pushIndex({ file, target: new QdrantTarget(client(), qdrant.url, 'taken'), replace: true });
    expect(since(qdrant, from).slice(0, 3)).toEqual([
      'GET /collections/taken',
      'DELETE /collections/taken',
      'PUT /collections/taken',
    ]);
  });
});

describe('a bulk answer with errors', () => {
  it('fails the push naming the refused chunk, its status and reason; nothing after that batch is sent, nothing refreshed', async () => {
    // The third chunk is refused: with batches of 2 that is the second batch.
    const refused = stored[2]!.id;
    os.refuse.add(refused);
    try {
      const from = os.requests.length;
      const err = await pushIndex({
        file,
        target: new OpenSearchTarget(client(), os.url, 'partial'),
        batchSize: 2,
      }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RemoteError);
      const message = (err as Error).message;
      expect(message).toContain(
        `push to opensearch index "partial": POST ${os.url}/_bulk answered 200: 1 of 2 chunks were refused: `,
      );
      expect(message).toContain(
        `${refused}: 400 mapper_parsing_exception: failed to parse field [metadata.year] of type [long] (For input string: "soon")`,
      );
      // The first batch (2) and the fourth chunk, which the engine took beside the refused third.
      expect(message).toContain(`the engine indexed ${2 + 1} of ${stored.length} chunks (they stay in the index`);
      expect(since(os, from)).toEqual(['GET /partial', 'PUT /partial', 'POST /_bulk', 'POST /_bulk']);
    } finally {
      os.refuse.delete(refused);
    }
  });

  it('names at most three failed items and counts the rest', async () => {
    for (const c of stored.slice(0, 5)) os.refuse.add(c.id);
    try {
      const err = (await pushIndex({
        file,
        target: new OpenSearchTarget(client(), os.url, 'many'),
        batchSize: 10,
      }).catch((e: unknown) => e)) as Error;
      expect(err.message).toContain(`5 of ${Math.min(10, stored.length)} chunks were refused`);
      for (const c of stored.slice(0, 3)) expect(err.message).toContain(`${c.id}: 400`);
      expect(err.message).not.toContain(`${stored[3]!.id}: 400`);
      expect(err.message).toContain('and 2 more');
    } finally {
      os.refuse.clear();
    }
  });
});

describe('an engine that is down', () => {
  it('a 503 is retried by the remote client, and the push completes', async () => {
    os.fail('/_bulk', 503, 2);
    const from = os.requests.length;
    const summary = await pushIndex({ file, target: new OpenSearchTarget(client(), os.url, 'flaky'), batchSize: 100 });
    expect(summary.chunks).toBe(stored.length);
    // One batch, sent three times: two 503s and the answer.
    expect(since(os, from).filter((r) => r === 'POST /_bulk')).toHaveLength(3);
    expect(os.indexes.get('flaky')!.docs.size).toBe(stored.length);
  });

  it('a persistent 503 fails naming the engine, the endpoint and the status', async () => {
    os.fail('/_bulk', 503, 100);
    try {
      const err = await pushIndex({ file, target: new OpenSearchTarget(client(), os.url, 'down') }).catch(
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(RemoteError);
      expect((err as RemoteError).httpStatus).toBe(503);
      expect((err as Error).message).toMatch(
        new RegExp(`^push to opensearch index "down": POST ${os.url}/_bulk answered 503: .*\\(after 3 attempts\\)$`),
      );
    } finally {
      os.fail('/_bulk', 503, 0);
    }
  });

  it('a 413 (the request is larger than the engine takes) says to pass a smaller --batch', async () => {
    os.fail('/_bulk', 413, 1);
    const err = await pushIndex({ file, target: new OpenSearchTarget(client(), os.url, 'big'), batchSize: 7 }).catch(
      (e: unknown) => e,
    );
    expect((err as RemoteError).httpStatus).toBe(413);
    expect((err as Error).message).toMatch(
      new RegExp(
        `^push to opensearch index "big": POST ${os.url}/_bulk answered 413: .*; a batch of 7 chunks is more than the engine takes in one request: pass a smaller --batch$`,
      ),
    );
  });

  it('so does a persistent 503 from Qdrant', async () => {
    qdrant.fail('/collections/down/points', 503, 100);
    const err = await pushIndex({ file, target: new QdrantTarget(client(), qdrant.url, 'down') }).catch(
      (e: unknown) => e,
    );
    expect((err as Error).message).toMatch(
      new RegExp(
        `^push to qdrant collection "down": PUT ${qdrant.url}/collections/down/points\\?wait=true answered 503: .*\\(after 3 attempts\\)$`,
      ),
    );
  });
});

describe('the count at the end', () => {
  it('a push is not reported done when the engine holds a different number of chunks', async () => {
    os.countSkew = -1;
    try {
      await expect(pushIndex({ file, target: new OpenSearchTarget(client(), os.url, 'lossy') })).rejects.toThrow(
        `OpenSearch index "lossy" at ${os.url} holds ${stored.length - 1} chunks after the push, not the ${stored.length} sent`,
      );
    } finally {
      os.countSkew = 0;
    }
  });
});
