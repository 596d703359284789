import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConcurrencyLimit } from '../../src/remote/concurrency.js';
import { RemoteClient, shownEndpoint } from '../../src/remote/remote-client.js';
import { countFetches, WaveGate } from '../helpers/request-waves.js';
import { RemoteError } from '../../src/remote/remote-error.js';

/**
 * An in-test server whose routes misbehave on purpose: /flaky answers 503 `failures` times then
 * 200, /bad is a 400, /slow never answers in time, /html is not JSON, /slots answers in the full
 * waves of the test's WaveGate. Every request's headers are kept for the assertions.
 */
let server: http.Server;
let base: string;
const seen: http.IncomingHttpHeaders[] = [];
let flakyCalls = 0;
let slots = new WaveGate(1, 0);

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(req.headers);
    const url = new URL(req.url!, 'http://x');
    const send = (status: number, body: string, type = 'application/json') =>
      res.writeHead(status, { 'Content-Type': type }).end(body);
    if (url.pathname === '/flaky') {
      flakyCalls++;
      return flakyCalls <= Number(url.searchParams.get('failures'))
        ? send(503, '{"error":"busy"}')
        : send(200, JSON.stringify({ calls: flakyCalls }));
    }
    if (url.pathname === '/bad') return send(400, '{"error":"no such field"}');
    if (url.pathname === '/slow') return void setTimeout(() => send(200, '{}'), 2000);
    if (url.pathname === '/html') return send(200, '<html>oops</html>', 'text/html');
    if (url.pathname === '/slots') return void slots.hold().then(() => send(200, '{"ok":true}'));
    send(404, '{}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const noSleep = async () => {};
const caller = { what: 'leg "remote"', queryId: 'q7' };

describe('RemoteClient', () => {
  it('retries a 503 and returns the answer that follows', async () => {
    flakyCalls = 0;
    const client = new RemoteClient({ retries: 2 }, noSleep);
    const res = await client.request({ method: 'GET', url: `${base}/flaky?failures=2`, caller });
    // Two 503s, then the third call (calls = 3) succeeds.
    expect(res.body).toEqual({ calls: 3 });
  });

  it('gives up after the retries, naming the caller, the query, the endpoint and the status', async () => {
    flakyCalls = 0;
    const client = new RemoteClient({ retries: 1 }, noSleep);
    const err = await client
      .request({ method: 'GET', url: `${base}/flaky?failures=5`, caller })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RemoteError);
    expect((err as RemoteError).httpStatus).toBe(503);
    expect((err as Error).message).toContain('leg "remote", query q7');
    expect((err as Error).message).toContain(`GET ${base}/flaky`);
    expect((err as Error).message).toContain('answered 503');
    expect((err as Error).message).toContain('after 2 attempts');
    expect(flakyCalls).toBe(2);
  });

  it('does not retry a 400: it would fail again', async () => {
    const before = seen.length;
    const err = await new RemoteClient({ retries: 3 }, noSleep)
      .request({ method: 'POST', url: `${base}/bad`, json: {}, caller })
      .catch((e: unknown) => e);
    expect((err as RemoteError).httpStatus).toBe(400);
    expect((err as Error).message).toContain('no such field');
    expect(seen.length - before).toBe(1);
  });

  it('times out an attempt', async () => {
    const err = await new RemoteClient({ timeoutMs: 100, retries: 0 })
      .request({ method: 'GET', url: `${base}/slow`, caller })
      .catch((e: unknown) => e);
    expect((err as Error).message).toMatch(/no answer within 100 ms/);
  });

  it('refuses a body that is not JSON instead of reading it as no hits', async () => {
    const err = await new RemoteClient()
      .request({ method: 'GET', url: `${base}/html`, caller })
      .catch((e: unknown) => e);
    expect((err as Error).message).toContain('the body is not JSON: <html>oops</html>');
  });

  it('names a refused connection', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const err = await new RemoteClient({ retries: 0 })
      .request({ method: 'GET', url: `http://127.0.0.1:${port}/`, caller })
      .catch((e: unknown) => e);
    expect((err as Error).message).toContain('ECONNREFUSED');
  });

  it('keeps `concurrency` requests in flight, no more: 12 at 3 take 4 full waves', async () => {
    slots = new WaveGate(3, 12);
    const fetches = countFetches();
    try {
      const client = new RemoteClient({ concurrency: 3 });
      await Promise.all(
        Array.from({ length: 12 }, () => client.request({ method: 'GET', url: `${base}/slots`, caller })),
      );
      expect(slots.waves).toBe(12 / 3);
      expect(fetches.peak()).toBe(3);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('sends header values from the environment, and refuses a missing variable by name', async () => {
    process.env.TESTBED_TEST_KEY = 'k-123';
    const before = seen.length;
    await new RemoteClient({ headers: { Authorization: 'Bearer ${env:TESTBED_TEST_KEY}' } }).request({
      method: 'GET',
      url: `${base}/slots`,
      caller,
    });
    expect(seen[before]!.authorization).toBe('Bearer k-123');
    delete process.env.TESTBED_TEST_KEY;
    const err = await new RemoteClient({ headers: { 'X-Key': '${env:TESTBED_TEST_KEY}' } })
      .request({ method: 'GET', url: `${base}/slots`, caller })
      .catch((e: unknown) => e);
    expect((err as Error).message).toContain('TESTBED_TEST_KEY, which is not set');
  });
});

describe('shownEndpoint', () => {
  it('drops credentials and key-like query values', () => {
    expect(shownEndpoint('GET', 'https://user:pw@search.example/q?api_key=abc&q=x')).toBe(
      'GET https://search.example/q?api_key=(set)&q=x',
    );
  });
});

describe('ConcurrencyLimit', () => {
  it('hands a finished slot to the next waiter, never to a newcomer as well', async () => {
    const limit = new ConcurrencyLimit(1);
    let running = 0;
    let most = 0;
    const task = () =>
      limit.run(async () => {
        running++;
        most = Math.max(most, running);
        await Promise.resolve();
        running--;
      });
    const first = [task(), task()];
    await first[0];
    // A caller arriving as the first finishes must wait for the second.
    await Promise.all([task(), first[1]]);
    expect(most).toBe(1);
  });
});
