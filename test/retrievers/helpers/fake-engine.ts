import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the fake engine saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/** What the fake answers: a status, a JSON (or raw text) body, and headers. */
export interface FakeAnswer {
  status?: number;
  json?: unknown;
  text?: string;
  headers?: Record<string, string>;
}

export interface FakeEngine {
  url: string;
  seen: SeenRequest[];
  /** Replaces the answer for the requests that follow. */
  answer: (handler: (req: SeenRequest) => FakeAnswer | Promise<FakeAnswer>) => void;
  close: () => Promise<void>;
}

/**
 * A search engine on 127.0.0.1, port 0, that records every request (body parsed as JSON) and
 * answers with whatever the test sets: the documented response shapes of the engine it stands for.
 */
export async function startFakeEngine(
  handler: (req: SeenRequest) => FakeAnswer | Promise<FakeAnswer> = () => ({ status: 404, json: {} }),
): Promise<FakeEngine> {
  const seen: SeenRequest[] = [];
  let current = handler;
  const server = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      void (async () => {
        const text = Buffer.concat(parts).toString('utf8');
        const request: SeenRequest = {
          method: req.method ?? '',
          path: req.url ?? '',
          headers: req.headers,
          body: text === '' ? undefined : (JSON.parse(text) as unknown),
        };
        seen.push(request);
        try {
          const a = await current(request);
          res.writeHead(a.status ?? 200, { 'Content-Type': 'application/json', ...a.headers });
          res.end(a.text ?? JSON.stringify(a.json ?? {}));
        } catch (err) {
          res.writeHead(500, { 'Content-Type': 'text/plain' });
          res.end(String(err));
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    answer: (h) => (current = h),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** An OpenSearch / Elasticsearch `_search` answer: `hits.hits[]` with `_id`, `_score`, `_source`. */
export function searchAnswer(
  hits: { _id: string; _score: number; _source?: Record<string, unknown> }[],
  product?: 'Elasticsearch',
): FakeAnswer {
  return {
    json: {
      took: 3,
      timed_out: false,
      _shards: { total: 1, successful: 1, skipped: 0, failed: 0 },
      hits: {
        total: { value: hits.length, relation: 'eq' },
        max_score: hits[0]?._score ?? null,
        hits: hits.map((h) => ({ _index: 'idx', ...h })),
      },
    },
    ...(product && { headers: { 'X-Elastic-Product': product } }),
  };
}

/** A Qdrant query API answer: `result.points[]` with `id`, `version`, `score`, `payload`. */
export function qdrantAnswer(points: { id: number; score: number; payload: Record<string, unknown> }[]): FakeAnswer {
  return { json: { result: { points: points.map((p) => ({ ...p, version: 1 })) }, status: 'ok', time: 0.001 } };
}
