import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { timeBudget } from '../helpers/time-budget.js';

/**
 * The chat timeout the command tests run with: 500 ms an attempt on an idle machine, stretched by
 * the load as the test file starts (timeBudget), so a loaded machine's slow answer is not taken
 * for a dead one and retried (a request counted twice).
 */
export const CHAT_TIMEOUT_MS = timeBudget(500);

export interface SeenChatRequest {
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
  /** The title the prompt names (`Title: ...` line), '' when none. */
  title: string;
  at: number;
}

/**
 * An OpenAI-style `POST /v1/chat/completions` on 127.0.0.1 that answers from the prompt alone:
 * for a prompt naming "Title: T" and asking for N questions it answers
 * `{"questions": ["how do I T", "what else is in T, part 2", ...]}`. A title holding one of these
 * words makes it misbehave instead, so a test picks the failure by naming a document:
 *   fail500    500 every time, the body quoting the request's Authorization header
 *   denied     401, the body quoting the Authorization header
 *   ratelimit  429 with Retry-After: 1 the first time, then the normal answer
 *   patience   429 with Retry-After: 120 every time (longer than any client should wait)
 *   slow       the normal answer after 4 timeouts (CHAT_TIMEOUT_MS: longer than the tests' timeout)
 *   malformed  a 200 chat completion whose content is not JSON
 *   badbody    a 200 whose body is not JSON at all
 *   empty      a 200 chat completion with empty content
 *   runaway    a 200 chat completion of 1.2 MB (a model that does not stop)
 *   chatty     a code-fenced JSON answer after a sentence (which must still be read)
 * For other prompts (the relevance judge's), `options.keyOf` says which text of the prompt plays
 * the title's part and `options.answer` gives the normal answer's content.
 */
export interface FakeChatOptions {
  /** The text that picks a misbehaviour and names requests; default: the `Title: ...` line. */
  keyOf?: (prompt: string) => string;
  /** The normal answer's content; default: the questions JSON. */
  answer?: (prompt: string) => string;
}

export class FakeChatServer {
  readonly requests: SeenChatRequest[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly limited = new Set<string>();
  private server!: http.Server;
  origin = '';

  constructor(private readonly options: FakeChatOptions = {}) {}

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** Stops at once: pending slow answers are dropped with their connections. */
  close(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(() => r()));
  }

  reset(): void {
    this.requests.length = 0;
    this.limited.clear();
  }

  /** The requests made for the document titled `title`, in order. */
  requestsFor(title: string): SeenChatRequest[] {
    return this.requests.filter((r) => r.title === title);
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
    } catch {
      // recorded as an empty body
    }
    const messages = body.messages as { role: string; content: string }[] | undefined;
    const prompt = messages?.[0]?.content ?? '';
    const title = this.options.keyOf ? this.options.keyOf(prompt) : (/^Title: (.*)$/m.exec(prompt)?.[1] ?? '');
    const n = Number(/Write (\d+) question/.exec(prompt)?.[1] ?? 1);
    this.requests.push({ path: req.url ?? '', authorization: req.headers.authorization, body, title, at: Date.now() });
    const json = (status: number, value: unknown, headers: Record<string, string> = {}) =>
      void res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(value));
    const completion = (content: string) => ({
      id: 'chatcmpl-1',
      object: 'chat.completion',
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    });
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return json(404, { error: 'not found' });
    const questions = Array.from({ length: n }, (_, i) =>
      i === 0 ? `how do I ${title}` : `what else is in ${title}, part ${i + 1}`,
    );
    const content = this.options.answer ? this.options.answer(prompt) : JSON.stringify({ questions });
    const normal = () => json(200, completion(content));
    if (title.includes('fail500'))
      return json(500, { error: `overloaded; you sent Authorization: ${req.headers.authorization ?? '(none)'}` });
    if (title.includes('denied')) return json(401, { error: `bad key: ${req.headers.authorization ?? '(none)'}` });
    if (title.includes('ratelimit') && !this.limited.has(title)) {
      this.limited.add(title);
      return json(429, { error: 'slow down' }, { 'Retry-After': '1' });
    }
    if (title.includes('patience')) return json(429, { error: 'come back later' }, { 'Retry-After': '120' });
    if (title.includes('slow')) {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        if (!res.destroyed) normal();
      }, 4 * CHAT_TIMEOUT_MS);
      this.timers.add(timer);
      return;
    }
    if (title.includes('malformed')) return json(200, completion('Sure! Here is a question: how do I do it'));
    if (title.includes('badbody'))
      return void res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"choices": [');
    if (title.includes('empty')) return json(200, completion(''));
    if (title.includes('runaway')) return json(200, completion('and so on '.repeat(120_000)));
    if (title.includes('chatty')) return json(200, completion(`Here you go:\n\`\`\`json\n${content}\n\`\`\``));
    normal();
  }
}

/**
 * A fake chat server for the tests of one file that run a command against it: started before
 * them, closed after, and before each test reset, with quick failures (two retries without
 * backoff, CHAT_TIMEOUT_MS an attempt; a Retry-After is still obeyed).
 */
export function chatServerForCommandTests(options?: FakeChatOptions): FakeChatServer {
  const server = new FakeChatServer(options);
  beforeAll(async () => {
    await server.start();
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.reset();
    vi.stubEnv('TESTBED_CHAT_RETRIES', '2');
    vi.stubEnv('TESTBED_CHAT_BACKOFF_MS', '0');
    vi.stubEnv('TESTBED_CHAT_TIMEOUT_MS', String(CHAT_TIMEOUT_MS));
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });
  return server;
}
