import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHashEmbedder } from '../../src/embedders/hash.js';
import { parsePipeline } from '../../src/pipeline/resolve-pipeline.js';
import { BYTES_PER_MB } from '../../src/remote/read-capped.js';
import { RemoteClient } from '../../src/remote/remote-client.js';
import { RemoteError } from '../../src/remote/remote-error.js';
import { Searcher } from '../../src/search/searcher.js';
import { tmpDir } from '../helpers/tmp.js';
import { buildFilterIndex } from '../store/filter-fixture.js';
import { timeBudget } from '../helpers/time-budget.js';

/** What the flood route would send in all: far more than any cap below plus what socket buffers can hold. */
const FLOOD_BYTES = 256 * BYTES_PER_MB;
const CHUNK = Buffer.alloc(64 * 1024, ' ');

/**
 * An in-test server: /flood streams FLOOD_BYTES of JSON padding in 64 KB writes, waiting for the
 * socket to drain each time, and records how much it had written when its socket closed;
 * /declared announces a Content-Length above the cap.
 */
let server: http.Server;
let base: string;
let flood: Promise<{ written: number; finished: boolean }>;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url?.startsWith('/declared')) {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(3 * BYTES_PER_MB) });
      return void res.end(' '.repeat(3 * BYTES_PER_MB));
    }
    let written = 0;
    let finished = false;
    flood = new Promise((resolve) => res.on('close', () => resolve({ written, finished })));
    res.writeHead(200, { 'Content-Type': 'application/json' });
    const write = () => {
      while (written < FLOOD_BYTES) {
        if (res.destroyed) return;
        written += CHUNK.length;
        if (!res.write(CHUNK)) return void res.once('drain', write);
      }
      finished = true;
      res.end();
    };
    write();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('the response-size cap', () => {
  it(
    "a leg's max_response_mb stops reading past the cap, fails with the caller, the endpoint and the cap, and closes the connection",
    async () => {
      const embedder = createHashEmbedder(16);
      const searcher = new Searcher('cap', await buildFilterIndex(tmpDir('cap-'), embedder), async () => embedder);
      const pipeline = parsePipeline({
        legs: [
          {
            type: 'http',
            name: 'big',
            url: `${base}/flood?q={{query}}`,
            hits: '',
            id: 'id',
            score: 's',
            max_response_mb: 2,
            retries: 0,
          },
        ],
        k: 5,
        level: 'doc',
      });
      const err = await searcher
        .retrieve(await searcher.prepare(pipeline), 'reset', { queryId: 'q9' })
        .catch((e: unknown) => e);
      searcher.close();
      expect(err).toBeInstanceOf(RemoteError);
      expect((err as Error).message).toMatch(
        new RegExp(
          `^leg "big", query q9: GET ${base.replace(/\./g, '\\.')}/flood\\?q=reset answered 200: the answer is larger than the 2 MB cap \\(stopped reading at \\d+ bytes\\): ask for fewer or smaller hits, or raise max_response_mb$`,
        ),
      );
      const read = Number(/stopped reading at (\d+) bytes/.exec((err as Error).message)![1]);
      // Reading stopped within one network read of the cap.
      expect(read).toBeGreaterThan(2 * BYTES_PER_MB);
      expect(read).toBeLessThan(2 * BYTES_PER_MB + 4 * CHUNK.length);
      // The server saw its socket close long before it had written everything.
      const { written, finished } = await flood;
      expect(finished).toBe(false);
      expect(written).toBeLessThan(FLOOD_BYTES / 4);
    },
    timeBudget(30_000),
  );

  it('a Content-Length above the cap fails before the body is read, and is not retried', async () => {
    const client = new RemoteClient({ maxResponseBytes: BYTES_PER_MB, retries: 2 }, async () => {});
    const err = await client
      .request({ method: 'GET', url: `${base}/declared`, caller: { what: 'reranker "tei"' } })
      .catch((e: unknown) => e);
    expect((err as Error).message).toBe(
      `reranker "tei": GET ${base}/declared answered 200: the answer is larger than the 1 MB cap (its Content-Length is ${3 * BYTES_PER_MB} bytes): ask for fewer or smaller hits, or raise max_response_mb`,
    );
  });

  it('is 32 MB unless set, and max_response_mb is a typed field of the remote legs and the http reranker', () => {
    expect(new RemoteClient().options.maxResponseBytes).toBe(32 * BYTES_PER_MB);
    const parse = (leg: Record<string, unknown>) => parsePipeline({ legs: [leg], k: 5, level: 'doc' });
    expect(() => parse({ type: 'opensearch', url: 'http://h:9200', index: 'i', max_response_mb: 0 })).toThrow(
      /max_response_mb/,
    );
    expect(() => parse({ type: 'qdrant', url: 'http://h:6333', collection: 'c', max_response_mb: 'big' })).toThrow(
      /max_response_mb/,
    );
    const rerank = parsePipeline({
      legs: [{ type: 'lexical' }],
      k: 5,
      level: 'doc',
      rerank: { type: 'http', url: 'http://tei:8080/rerank', shape: 'tei', max_response_mb: 4 },
    }).rerank;
    expect(rerank).toMatchObject({ type: 'http', maxResponseMb: 4 });
  });
});
