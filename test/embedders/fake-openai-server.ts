import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Width of the fake server's vectors when a request does not ask for `dimensions`. */
export const FAKE_DIMS = 24;

export interface SeenRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: { model?: unknown; input?: unknown; dimensions?: unknown } & Record<string, unknown>;
}

/** What the next request gets instead of the normal answer: a status and a raw body, or the normal answer changed. */
export type Scripted =
  | { status: number; text: string; headers?: Record<string, string> }
  | ((answer: { data: { index: number; embedding: number[] }[] }) => unknown);

/**
 * An OpenAI-style `POST /v1/embeddings` on 127.0.0.1: each input's vector is rawVector(text),
 * deliberately not unit length, so the tests can check the client normalises. It records every
 * request, counts how many are in flight at once, and can be told to answer the next requests
 * otherwise (`script`), wait (`delayMs`, or until what `hold` returns resolves) or answer `data` in reverse order (`reverse`).
 */
export class FakeOpenAIServer {
  readonly requests: SeenRequest[] = [];
  script: Scripted[] = [];
  delayMs = 0;
  /** While set, a request waits for what it returns for the request's input before it is answered (a test's gate, no clock). */
  hold: ((input: unknown) => Promise<void> | undefined) | undefined;
  reverse = false;
  maxInFlight = 0;
  private inFlight = 0;
  private server!: http.Server;
  private origin = '';

  /** `<origin>/v1`, the base URL a spec names. */
  get base(): string {
    return `${this.origin}/v1`;
  }

  get originUrl(): string {
    return this.origin;
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    return new Promise((r) => this.server.close(() => r()));
  }

  reset(): void {
    this.requests.length = 0;
    this.script = [];
    this.delayMs = 0;
    this.hold = undefined;
    this.reverse = false;
    this.maxInFlight = 0;
  }

  /** The inputs of every request so far, one list per request. */
  inputs(): string[][] {
    return this.requests.map((r) => r.body.input as string[]);
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: SeenRequest['body'];
    try {
      body = JSON.parse(text) as SeenRequest['body'];
    } catch {
      body = {};
    }
    this.requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
      await this.hold?.(body.input);
      const send = (
        status: number,
        out: string,
        headers: Record<string, string> = { 'Content-Type': 'application/json' },
      ): void => {
        res.writeHead(status, headers).end(out);
      };
      if (req.method !== 'POST' || req.url?.split('?')[0] !== '/v1/embeddings')
        return send(404, '{"error":"not found"}');
      const input = body.input;
      if (!Array.isArray(input) || !input.every((t) => typeof t === 'string') || typeof body.model !== 'string')
        return send(400, '{"error":"model and input[] required"}');
      // Like OpenAI: text-embedding-3 models shorten to `dimensions`; a model named "fixed-width" ignores it.
      const dims = typeof body.dimensions === 'number' && body.model !== 'fixed-width' ? body.dimensions : FAKE_DIMS;
      const data = input.map((t, index) => ({ object: 'embedding', index, embedding: rawVector(t, dims) }));
      if (this.reverse) data.reverse();
      const answer = { object: 'list', model: body.model, data, usage: { prompt_tokens: 0, total_tokens: 0 } };
      const next = this.script.shift();
      if (next === undefined) return send(200, JSON.stringify(answer));
      if (typeof next === 'function') return send(200, JSON.stringify(next(answer)));
      return send(next.status, next.text, { 'Content-Type': 'application/json', ...next.headers });
    } finally {
      this.inFlight--;
    }
  }
}

/**
 * The fake model: component k is 1 + (FNV-1a of "k|text" mod 997), so every component is
 * positive and the vector's length is in the thousands, far from 1. Distinct texts (word
 * order included) get unrelated vectors.
 */
export function rawVector(text: string, dims = FAKE_DIMS): number[] {
  return Array.from({ length: dims }, (_, k) => 1 + (fnv1a(`${k}|${text}`) % 997));
}

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
