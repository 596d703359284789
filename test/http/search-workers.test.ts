import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { createApp } from '../../src/http/app.js';
import { SearchPool } from '../../src/serving/search-pool/search-pool.js';
import { listen, startServer } from '../../src/http/start-server.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import { tmpDir } from '../helpers/tmp.js';
import { writeGeneratedCorpus } from '../robustness/helpers/generated-corpus.js';

/**
 * `testbed serve --workers 2` against `--workers 0`, over real sockets: the same answers (hits,
 * scores, pipeline, errors) byte for byte but took_ms; /health answered at once while both
 * workers are busy; an index rebuilt or deleted while served is what the workers serve next; a
 * worker killed mid-search is replaced and the search answered by another one (503 if that one
 * dies too).
 */

const root = tmpDir('workers-');
const dataDir = path.join(root, 'data');
const corporaRoot = path.join(root, 'corpora');
const corpus = path.join(corporaRoot, 'gen.jsonl');
const cacheFile = path.join(root, 'cache.sqlite');

type Started = Awaited<ReturnType<typeof startServer>>;
let inProcess: Started;
let pooled: Started;

beforeAll(async () => {
  fs.mkdirSync(corporaRoot, { recursive: true });
  writeGeneratedCorpus(corpus, 400);
  await buildIndex({
    corpus,
    out: path.join(dataDir, 'gen.sqlite'),
    chunker: 'words:40:10',
    embedder: 'hash:64',
    cacheFile,
  });
  await buildIndex({ corpus, out: path.join(dataDir, 'lex.sqlite'), chunker: 'doc', embedder: 'none' });
  [inProcess, pooled] = await Promise.all([
    startServer({ dataDir, corporaRoot, port: 0 }),
    startServer({ dataDir, corporaRoot, port: 0, workers: 2 }),
  ]);
});
afterAll(async () => {
  await Promise.all([inProcess?.close(), pooled?.close()]);
});

const get = (base: string, url: string) => fetch(base + url);
const post = (base: string, url: string, body: unknown) =>
  fetch(base + url, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

/** Status, content type and body, took_ms and query_id aside (timings and ids differ from run to run). */
async function answer(res: Response) {
  const text = await res.text();
  const body = JSON.parse(text) as Record<string, unknown>;
  delete body.took_ms;
  // Each search is its own: a fresh id, the same in the header and the body.
  if (res.status === 200) expect(body.query_id).toBe(res.headers.get('x-query-id'));
  delete body.query_id;
  return { status: res.status, type: res.headers.get('content-type'), body };
}

const GETS = [
  '/search/bm25?index=gen&q=doc00042',
  '/search/bm25?index=gen&q=doc00042%20ewftbz&k=25&level=doc',
  '/search/dense?index=gen&q=mcxspn%20crorusi%20quzauwfx&k=7',
  '/search/hybrid?index=gen&q=doc00777%20onnhnsex&k=12&level=doc',
  '/search/hybrid?index=gen&q=doc00777%20onnhnsex&fusion=score&norm=zscore&alpha=0.3',
  '/search?index=gen&q=ewftbz%20wdyzrbg&mode=hybrid&engine=wink',
];
const PIPELINE = {
  index: 'gen',
  q: 'doc00123 quzauwfx',
  legs: [{ type: 'lexical', engine: 'fts5' }, { type: 'lexical', engine: 'wink', k1: 1.1 }, { type: 'dense' }],
  fusion: { method: 'combmnz', norm: 'zscore' },
  k: 9,
  level: 'doc',
};

describe('search on worker threads answers as in-process', () => {
  it('bm25, dense, hybrid and a 3-leg pipeline: the same hits, scores and pipeline', async () => {
    for (const url of GETS) {
      // Twice in parallel, so both workers answer (each with its own connection and the one shared table).
      const [a, b, c] = await Promise.all(
        [get(inProcess.url, url), get(pooled.url, url), get(pooled.url, url)].map(async (r) => answer(await r)),
      );
      expect(a!.status, url).toBe(200);
      expect((a!.body.hits as unknown[]).length, url).toBeGreaterThan(0);
      expect(b, url).toEqual(a);
      expect(c, url).toEqual(a);
    }
    const [a, b] = await Promise.all(
      [post(inProcess.url, '/search', PIPELINE), post(pooled.url, '/search', PIPELINE)].map(async (r) =>
        answer(await r),
      ),
    );
    expect(a!.status).toBe(200);
    expect(b).toEqual(a);
  });

  it('errors: unknown index 404, bad parameters 400, dense on a lexical index 400 (thrown in the worker), unreadable 409', async () => {
    fs.writeFileSync(path.join(dataDir, 'broken.sqlite'), 'not a database at all'.repeat(10));
    const cases: [string, number][] = [
      ['/search/bm25?index=nope&q=x', 404],
      ['/search/bm25?index=gen', 400],
      ['/search/bm25?index=gen&q=x&k=0', 400],
      ['/search/bm25?index=gen&q=x&kk=3', 400],
      ['/search/sparse?index=gen&q=x', 400],
      ['/search/dense?index=lex&q=x', 400],
      ['/search/hybrid?index=lex&q=x', 400],
      ['/search/bm25?index=broken&q=x', 409],
    ];
    for (const [url, status] of cases) {
      const [a, b] = await Promise.all(
        [get(inProcess.url, url), get(pooled.url, url)].map(async (r) => answer(await r)),
      );
      expect(a!.status, url).toBe(status);
      expect(b, url).toEqual(a);
    }
    fs.rmSync(path.join(dataDir, 'broken.sqlite'));
  });

  it('the playground page searches through the workers with the same columns', async () => {
    const url = '/?index=gen&q=doc00042%20ewftbz';
    const [a, b] = await Promise.all(
      [inProcess.url, pooled.url].map((base) =>
        fetch(base + url, { headers: { accept: 'text/html' } }).then((r) => r.text()),
      ),
    );
    // The pages differ only in the timings they show.
    const strip = (html: string) => html.replace(/<footer class="timing".*?<\/footer>/g, '');
    expect(strip(b!)).toEqual(strip(a!));
    expect(b).toContain('doc00042');
  });

  it('an index rebuilt (renamed into place) while served is what every worker serves next; a deleted one is a 404', async () => {
    const url = '/search/hybrid?index=swap&q=doc00042%20ewftbz&k=5';
    const file = path.join(dataDir, 'swap.sqlite');
    await buildIndex({ corpus, out: file, chunker: 'doc', embedder: 'hash:64', cacheFile });
    const before = await Promise.all([get(pooled.url, url), get(pooled.url, url)]).then((r) =>
      Promise.all(r.map(answer)),
    );
    expect(before[0]!.status).toBe(200);
    await buildIndex({ corpus, out: file, chunker: 'words:25:5', embedder: 'hash:64', cacheFile });
    const expected = await answer(await get(inProcess.url, url));
    expect(expected.body.hits).not.toEqual(before[0]!.body.hits);
    const after = await Promise.all([get(pooled.url, url), get(pooled.url, url), get(pooled.url, url)]).then((r) =>
      Promise.all(r.map(answer)),
    );
    for (const a of after) expect(a).toEqual(expected);
    fs.rmSync(file);
    expect((await get(pooled.url, url)).status).toBe(404);
  });
});

describe('the main thread stays free', () => {
  /** A pool whose every search holds its worker 300 ms (CPU-bound, as a slow search would), served on a socket. */
  let slow: { url: string; pool: SearchPool; close(): Promise<void> };
  beforeAll(async () => {
    const catalog = new IndexCatalog(dataDir);
    const pool = await SearchPool.start({ workers: 2, busyMs: 300 });
    const server = (await listen(
      createApp({ catalog, corporaRoot, searchPool: pool }).fetch,
      '127.0.0.1',
      0,
    )) as Server;
    const close = async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await pool.close();
      await catalog.close();
    };
    slow = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, pool, close };
  });
  afterAll(() => slow?.close());
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
  /** Waits until the searches in flight per worker pass `test`; the test's timeout bounds the wait. */
  async function until(test: (inFlight: number[]) => boolean): Promise<void> {
    while (!test(slow.pool.inFlight())) await pause(5);
  }

  // No stopwatch (a 50 ms median failed on a loaded machine): ten probes in a row all come back
  // while searches are still in flight. Were a probe to wait for a search (the main thread
  // running it), ten probes would wait out the ten searches and leave none in flight.
  it('/health answers while both workers are busy with a burst of slow searches, without waiting for them', async () => {
    expect((await get(slow.url, '/health')).status).toBe(200); // the catalog opens its indexes on the first
    let finished = 0;
    const burst = Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        get(slow.url, `/search/bm25?index=gen&q=doc${String(i).padStart(5, '0')}`).then((res) => {
          finished += 1;
          return res;
        }),
      ),
    );
    await until((n) => n.every((x) => x > 0));
    for (let i = 0; i < 10; i++) expect((await get(slow.url, '/health')).status).toBe(200);
    const busyAfter = Math.max(...slow.pool.inFlight());
    const finishedAfter = finished;
    for (const res of await burst) expect(res.status).toBe(200);
    expect(busyAfter).toBeGreaterThan(0);
    expect(finishedAfter).toBeLessThan(10);
  });

  it('two dense searches at once, one on each worker, read the index vectors once: one shared table', async () => {
    expect(slow.pool.vectorTables).toBe(0);
    await until((n) => n.every((x) => x === 0));
    const url = '/search/dense?index=gen&q=doc00042%20ewftbz&k=5';
    const both = [get(slow.url, url), get(slow.url, url)];
    await until((n) => n.every((x) => x === 1));
    const [a, b] = await Promise.all(both.map(async (r) => answer(await r)));
    expect(b).toEqual(a);
    expect(a).toEqual(await answer(await get(inProcess.url, url)));
    expect(slow.pool.vectorTables).toBe(1);
  });

  it('a worker killed mid-search is replaced and the search answered by the other; killed twice, a 503 JSON', async () => {
    const url = '/search/hybrid?index=gen&q=doc00042%20ewftbz&k=5';
    const expected = await answer(await get(inProcess.url, url));
    const busySlot = () => slow.pool.inFlight().findIndex((n) => n > 0);

    const once = get(slow.url, url);
    await pause(100);
    await slow.pool.kill(busySlot());
    expect(await answer(await once)).toEqual(expected);

    const twice = get(slow.url, url);
    await pause(100);
    await slow.pool.kill(busySlot());
    await pause(100);
    await slow.pool.kill(busySlot());
    const res = await twice;
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unavailable');

    // Replaced: searches are answered again, the same.
    expect(await answer(await get(slow.url, url))).toEqual(expected);
  });
});
