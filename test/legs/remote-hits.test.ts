import { describe, expect, it } from 'vitest';
import { RemoteError } from '../../src/remote/remote-error.js';
import { parseJsonPath } from '../../src/remote/json-path.js';
import { readRemoteHits, type HitPaths } from '../../src/legs/remote/read-remote-hits.js';
import { remoteHits, type IndexIds, type RemoteHitsContext } from '../../src/legs/remote/remote-hits.js';
import type { ChunkFilter } from '../../src/store/chunk-filter.js';

/** Three documents: a has chunks a#0 and a#1, b has b#0, c has c#0. */
const chunks: Record<string, string[]> = { a: ['a#0', 'a#1'], b: ['b#0'], c: ['c#0'] };
const index: IndexIds = {
  chunk: (id) => {
    const docId = Object.keys(chunks).find((d) => chunks[d]!.includes(id));
    return docId === undefined ? undefined : { docId };
  },
  chunksOf: (docId) => (chunks[docId] ?? []).map((id) => ({ id })),
};
const caller = { what: 'leg "api"', queryId: 'q3' };
const base: RemoteHitsContext = {
  caller,
  endpoint: 'GET http://127.0.0.1:1/s',
  status: 200,
  index,
  level: 'doc',
  k: 10,
  ms: 12.5,
};

function failure(run: () => unknown): RemoteError {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(RemoteError);
    return err as RemoteError;
  }
  throw new Error('expected a RemoteError');
}

describe('remoteHits', () => {
  it('ranks by score descending, then id descending in byte order, whatever order the engine used', () => {
    const { hits } = remoteHits(
      [
        { docId: 'b', score: 1 },
        { docId: 'c', score: 1 },
        { docId: 'a', score: 2 },
      ],
      base,
    );
    // a (2) first; b and c tie at 1, so the larger id in byte order (c) comes before b.
    expect(hits.map((h) => [h.id, h.rank])).toEqual([
      ['a', 1],
      ['c', 2],
      ['b', 3],
    ]);
  });

  it('at document level scores a document as its best chunk and keeps that chunk', () => {
    const { hits } = remoteHits(
      [
        { docId: 'a', chunkId: 'a#0', score: 0.2 },
        { docId: 'a', chunkId: 'a#1', score: 0.9 },
        { docId: 'b', chunkId: 'b#0', score: 0.5 },
      ],
      base,
    );
    expect(hits).toEqual([
      { id: 'a', docId: 'a', chunkId: 'a#1', score: 0.9, rank: 1 },
      { id: 'b', docId: 'b', chunkId: 'b#0', score: 0.5, rank: 2 },
    ]);
  });

  it("at chunk level ranks chunks, a hit without a chunk id standing as its document's first chunk", () => {
    const { hits } = remoteHits(
      [
        { docId: 'a', score: 3 },
        { docId: 'a', chunkId: 'a#1', score: 4 },
        { docId: 'c', score: 3 },
      ],
      { ...base, level: 'chunk' },
    );
    // a#1 (4); then a#0 and c#0 tie at 3: c#0 > a#0 in byte order.
    expect(hits.map((h) => [h.id, h.docId, h.chunkId])).toEqual([
      ['a#1', 'a', 'a#1'],
      ['c#0', 'c', 'c#0'],
      ['a#0', 'a', 'a#0'],
    ]);
  });

  it('keeps the top k and reports the remote call as the remote timing', () => {
    const r = remoteHits(
      [
        { docId: 'a', score: 3 },
        { docId: 'b', score: 2 },
        { docId: 'c', score: 1 },
      ],
      { ...base, k: 2 },
    );
    expect(r.hits.map((h) => h.id)).toEqual(['a', 'b']);
    expect(r.timings).toEqual({ remote: 12.5 });
  });

  it('drops hits outside the filter (an engine may ignore the filter it was sent)', () => {
    const filter: ChunkFilter = {
      spec: {},
      key: '{}',
      sql: { where: '1', params: [] },
      rowids: new Set<number>(), // remote hits carry ids, not this index's rowids
      chunkIds: new Set(['a#1', 'c#0']),
      docIds: new Set(['a', 'c']),
    };
    const { hits } = remoteHits(
      [
        { docId: 'a', chunkId: 'a#0', score: 5 },
        { docId: 'b', score: 4 },
        { docId: 'c', score: 3 },
        { docId: 'a', chunkId: 'a#1', score: 1 },
      ],
      { ...base, level: 'chunk', filter },
    );
    expect(hits.map((h) => h.id)).toEqual(['c#0', 'a#1']);
  });

  it('refuses a document the index does not hold, naming the leg, the query, the status and the id', () => {
    const err = failure(() =>
      remoteHits(
        [
          { docId: 'a', score: 1 },
          { docId: 'zz', score: 0.5 },
        ],
        base,
      ),
    );
    expect(err.message).toContain('leg "api"');
    expect(err.message).toContain('query q3');
    expect(err.message).toContain('200');
    expect(err.message).toContain('"zz"');
  });

  it('refuses a chunk the index does not hold, or one of another document', () => {
    expect(failure(() => remoteHits([{ docId: 'a', chunkId: 'a#7', score: 1 }], base)).message).toContain(
      'chunk "a#7" is not in the index',
    );
    expect(failure(() => remoteHits([{ docId: 'a', chunkId: 'b#0', score: 1 }], base)).message).toContain(
      'belongs to document "b"',
    );
  });

  it('refuses a score that is not a finite number', () => {
    for (const score of [Number.NaN, Infinity, '1' as unknown as number]) {
      const err = failure(() => remoteHits([{ docId: 'a', score }], base));
      expect(err.message).toMatch(/query q3.*not a finite number/);
    }
  });
});

describe('readRemoteHits', () => {
  const paths = {
    hits: parseJsonPath('result.hits'),
    id: parseJsonPath('doc.id'),
    chunkId: parseJsonPath('doc.chunk'),
    score: parseJsonPath('score'),
  };
  const read = (body: unknown, p: HitPaths = paths) =>
    readRemoteHits(body, p, caller, 'POST http://127.0.0.1:1/s', 200);

  it("reads each hit's id, chunk id and score by their paths; integer ids become strings", () => {
    const body = {
      result: {
        hits: [
          { doc: { id: 'a', chunk: 'a#1' }, score: 2 },
          { doc: { id: 7, chunk: '7#0' }, score: -1.5 },
        ],
      },
    };
    expect(read(body)).toEqual([
      { docId: 'a', chunkId: 'a#1', score: 2 },
      { docId: '7', chunkId: '7#0', score: -1.5 },
    ]);
    expect(read(body, { hits: paths.hits, id: paths.id, score: paths.score })).toEqual([
      { docId: 'a', score: 2 },
      { docId: '7', score: -1.5 },
    ]);
  });

  it('names the hits path when it is missing or not a list', () => {
    expect(failure(() => read({ result: {} })).message).toContain('the answer has no result.hits (the hits path)');
    expect(failure(() => read({ result: { hits: { a: 1 } } })).message).toContain(
      'result.hits (the hits path) is an object, not a list',
    );
  });

  it('names the hit and the path of a missing id, chunk id or a score that is not a finite number', () => {
    const err = failure(() =>
      read({
        result: {
          hits: [
            { doc: { id: 'a', chunk: 'a#0' }, score: 1 },
            { doc: {}, score: 1 },
          ],
        },
      }),
    );
    expect(err.message).toContain('query q3');
    expect(err.message).toContain('result.hits[1].doc.id (the id path) is missing');
    expect(failure(() => read({ result: { hits: [{ doc: { id: 'a' }, score: 1 }] } })).message).toContain(
      'result.hits[0].doc.chunk (the chunk_id path) is missing',
    );
    expect(
      failure(() => read({ result: { hits: [{ doc: { id: 'a', chunk: 'a#0' }, score: '0.5' }] } })).message,
    ).toContain('result.hits[0].score (the score path) is the string "0.5", not a finite number');
    expect(
      failure(() => read({ result: { hits: [{ doc: { id: 'a', chunk: 'a#0' }, score: null }] } })).message,
    ).toContain('is null, not a finite number');
  });
});
