import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpReranker } from '../../src/pipeline/http-reranker.js';
import { rerankHits } from '../../src/pipeline/rerank.js';
import type { Hit } from '../../src/ranking/hit.js';
import { RemoteError } from '../../src/remote/remote-error.js';
import { parsePipeline, type Rerank } from '../../src/pipeline/resolve-pipeline.js';

/**
 * The server's relevance: how many times the letter "o" occurs in the passage. Written out per
 * passage below, so the expected order is the test's own arithmetic, not the program's.
 */
const score = (text: string) => [...text].filter((ch) => ch === 'o').length;

// First-stage order p1..p5; "o" counts: p1 "a cat" 0, p2 "two dogs" 2, p3 "one fox" 2,
// p4 "a tool of note" 4, p5 "no" 1.
const PASSAGES: Record<string, string> = { p1: 'a cat', p2: 'two dogs', p3: 'one fox', p4: 'a tool of note', p5: 'no' };
const FIRST: Hit[] = Object.keys(PASSAGES).map((id, i) => ({
  id,
  docId: id,
  chunkId: `${id}#0`,
  score: 10 - i,
  rank: i + 1,
}));

interface Seen {
  path: string;
  body: Record<string, unknown>;
  headers: http.IncomingHttpHeaders;
}

describe('the http reranker against an in-test /rerank server', () => {
  const seen: Seen[] = [];
  let server: http.Server;
  let base = '';

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const body = JSON.parse(raw) as { documents?: string[]; texts?: string[]; top_n?: number };
        seen.push({ path: req.url!, body, headers: req.headers });
        const send = (status: number, value: unknown) => {
          res.writeHead(status, { 'Content-Type': 'application/json' });
          res.end(typeof value === 'string' ? value : JSON.stringify(value));
        };
        const texts = body.documents ?? body.texts ?? [];
        const ranked = texts.map((t, index) => ({ index, s: score(t) })).sort((a, b) => b.s - a.s || a.index - b.index);
        switch (req.url) {
          case '/cohere':
            return send(200, {
              id: 'x',
              results: ranked
                .slice(0, body.top_n ?? texts.length)
                .map((r) => ({ index: r.index, relevance_score: r.s })),
              meta: {},
            });
          case '/tei':
            return send(
              200,
              ranked.map((r) => ({ index: r.index, score: r.s })),
            );
          case '/duplicate':
            return send(200, {
              results: [
                { index: 0, relevance_score: 1 },
                { index: 0, relevance_score: 2 },
                ...texts.slice(2).map((_, i) => ({ index: i + 2, relevance_score: 0 })),
              ],
            });
          case '/missing':
            return send(200, { results: ranked.slice(1).map((r) => ({ index: r.index, relevance_score: r.s })) });
          case '/out-of-range':
            return send(
              200,
              ranked.map((r) => ({ index: r.index + 1, score: r.s })),
            );
          case '/not-finite':
            return send(200, {
              results: ranked.map((r, i) => ({ index: r.index, relevance_score: i === 0 ? 'high' : r.s })),
            });
          case '/html':
            return send(200, '<html>gateway</html>');
          case '/overloaded':
            return send(503, { error: 'busy' });
          default:
            return send(404, { error: 'no such path' });
        }
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  type HttpRerank = Extract<Rerank, { type: 'http' }>;
  const rerank = (extra: Record<string, unknown>) =>
    parsePipeline({
      legs: [{ type: 'lexical' }],
      rerank: { type: 'http', name: 'remote', depth: 4, retries: 0, ...extra },
    }).rerank as HttpRerank;
  const run = (spec: HttpRerank, queryId = 'q7') =>
    rerankHits(createHttpReranker(spec), 'which has o', FIRST, (h) => PASSAGES[h.id]!, queryId);

  it('cohere shape: sends {model, query, documents in first-stage order, top_n} and ranks by relevance_score', async () => {
    seen.length = 0;
    const out = await run(
      rerank({
        url: `${base}/cohere`,
        model: 'rerank-v3.5',
        headers: { Authorization: 'Bearer ${env:RERANK_TEST_KEY}' },
      }),
    ).catch((e: unknown) => e);
    // The header names a variable that is not set: refused before any request, naming it.
    expect(String(out)).toContain('RERANK_TEST_KEY');
    expect(seen).toHaveLength(0);

    process.env.RERANK_TEST_KEY = 'k-123';
    try {
      const hits = await run(
        rerank({
          url: `${base}/cohere`,
          model: 'rerank-v3.5',
          headers: { Authorization: 'Bearer ${env:RERANK_TEST_KEY}' },
        }),
      );
      expect(seen).toHaveLength(1);
      expect(seen[0]!.body).toEqual({
        model: 'rerank-v3.5',
        query: 'which has o',
        documents: ['a cat', 'two dogs', 'one fox', 'a tool of note'],
        top_n: 4,
      });
      expect(seen[0]!.headers.authorization).toBe('Bearer k-123');
      // depth 4: p4 (4), then p2 and p3 (2 each: equal scores rank by id descending, p3 first), p1 (0); p5 below depth.
      expect(hits.map((h) => h.id)).toEqual(['p4', 'p3', 'p2', 'p1', 'p5']);
      expect(hits.slice(0, 4).map((h) => h.score)).toEqual([4, 2, 2, 0]);
    } finally {
      delete process.env.RERANK_TEST_KEY;
    }
  });

  it('tei shape: sends {query, texts, truncate} and reads [{index, score}]', async () => {
    seen.length = 0;
    const hits = await run(rerank({ url: `${base}/tei`, shape: 'tei', depth: 5 }));
    expect(seen[0]!.body).toEqual({
      query: 'which has o',
      texts: ['a cat', 'two dogs', 'one fox', 'a tool of note', 'no'],
      truncate: true,
    });
    // p4 4, p3 2, p2 2, p5 1, p1 0.
    expect(hits.map((h) => h.id)).toEqual(['p4', 'p3', 'p2', 'p5', 'p1']);
  });

  it('top_n below depth: the documents left out follow the returned ones in first-stage order, above the hits below depth', async () => {
    seen.length = 0;
    const hits = await run(rerank({ url: `${base}/cohere`, top_n: 2 }));
    expect(seen[0]!.body.top_n).toBe(2);
    // Returned: p4 (4) and p2 (2; the server keeps send order on ties). Left out of depth 4: p1, p3 in first-stage order; then p5.
    expect(hits.map((h) => h.id)).toEqual(['p4', 'p2', 'p1', 'p3', 'p5']);
    const scores = hits.map((h) => h.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it.each([
    ['/duplicate', 'index 0 is scored twice', 200],
    ['/missing', '3 results for 4 asked for (no score for index 3)', 200],
    ['/out-of-range', 'result 0 has index 4; expected an integer from 0 to 3', 200],
    ['/not-finite', 'has relevance_score "high", not a finite number', 200],
    ['/html', 'the body is not JSON', 200],
    ['/overloaded', 'busy', 503],
  ])('%s: a RemoteError naming the reranker, the query, the endpoint and the status', async (path, problem, status) => {
    const shape = path === '/out-of-range' ? 'tei' : 'cohere';
    const err = await run(rerank({ url: `${base}${path}`, shape }), 'q42').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RemoteError);
    const message = (err as Error).message;
    expect(message).toContain('reranker "remote", query q42');
    expect(message).toContain(`POST ${base}${path}`);
    expect(message).toContain(`answered ${status}`);
    expect(message).toContain(problem);
    expect((err as RemoteError).httpStatus).toBe(status);
  });
});
