import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_REDIRECTS, RemoteClient } from '../../src/remote/remote-client.js';
import { RemoteError } from '../../src/remote/remote-error.js';

/**
 * The remote client follows a redirect only to the origin it was sent to (the one a server's
 * --allow-remote checked); one to any other origin is refused naming its Location, so the other
 * origin gets no request, no header and no body, and nothing it would answer reaches an error.
 * Two in-test servers: `near` redirects as each path asks, `far` counts what reaches it.
 */
let near: http.Server;
let far: http.Server;
let nearBase: string;
let farBase: string;
const nearSeen: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
let farRequests = 0;
const FAR_SECRET = 'far-origin-body-that-must-not-leak';

function listen(server: http.Server): Promise<string> {
  return new Promise((r) =>
    server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

beforeAll(async () => {
  far = http.createServer((_req, res) => {
    farRequests++;
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ hits: [], secret: FAR_SECRET }));
  });
  farBase = await listen(far);
  near = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      nearSeen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const url = new URL(req.url!, 'http://x');
      const redirect = (status: number, location: string) => res.writeHead(status, { Location: location }).end();
      if (url.pathname === '/to-far') return redirect(302, `${farBase}/steal?x=1`);
      if (url.pathname === '/to-here') return redirect(302, '/final');
      if (url.pathname === '/keep-post') return redirect(307, '/final');
      if (url.pathname === '/see-other') return redirect(303, '/final');
      if (url.pathname === '/loop') return redirect(302, `/loop?n=${Number(url.searchParams.get('n') ?? 0) + 1}`);
      if (url.pathname === '/to-weird') return redirect(302, `${farBase}/%1B[31m${'z'.repeat(500)}`);
      if (url.pathname === '/noisy')
        return res.writeHead(400, { 'Content-Type': 'text/plain' }).end(`bad\u0000\u001b[2J${'y'.repeat(10_000)}`);
      res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ at: req.url, method: req.method }));
    });
  });
  nearBase = await listen(near);
});
afterAll(async () => {
  await new Promise<void>((r) => near.close(() => r()));
  await new Promise<void>((r) => far.close(() => r()));
});

const caller = { what: 'leg "api"' };
const client = () =>
  new RemoteClient({ headers: { Authorization: 'Bearer k', 'X-Api-Key': 'sekrit' }, retries: 2 }, async () => {});

async function failure(p: Promise<unknown>): Promise<RemoteError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(RemoteError);
  return err as RemoteError;
}

describe('redirects', () => {
  it('to another origin: refused naming the Location, once (no retry), and the other origin gets no request', async () => {
    farRequests = 0;
    nearSeen.length = 0;
    const err = await failure(client().request({ method: 'GET', url: `${nearBase}/to-far`, caller }));
    expect(err.status).toBe(502);
    expect(err.message).toContain(`redirected to ${farBase}/steal?x=1`);
    expect(err.message).toContain('not followed');
    expect(err.message).not.toContain(FAR_SECRET);
    expect(farRequests).toBe(0);
    expect(nearSeen).toHaveLength(1);
  });

  it('to the same origin: followed, with the configured headers (the origin they were configured for)', async () => {
    nearSeen.length = 0;
    const res = await client().request({ method: 'GET', url: `${nearBase}/to-here`, caller });
    expect(res.body).toEqual({ at: '/final', method: 'GET' });
    expect(nearSeen.map((s) => [s.url, s.headers['x-api-key'], s.headers.authorization])).toEqual([
      ['/to-here', 'sekrit', 'Bearer k'],
      ['/final', 'sekrit', 'Bearer k'],
    ]);
  });

  it('307 keeps the method and body, 303 turns the request into a GET without one (as fetch would)', async () => {
    nearSeen.length = 0;
    const kept = await client().request({ method: 'POST', url: `${nearBase}/keep-post`, json: { q: 1 }, caller });
    expect(kept.body).toEqual({ at: '/final', method: 'POST' });
    expect(nearSeen[1]!.body).toBe('{"q":1}');
    nearSeen.length = 0;
    const seen = await client().request({ method: 'POST', url: `${nearBase}/see-other`, json: { q: 1 }, caller });
    expect(seen.body).toEqual({ at: '/final', method: 'GET' });
    expect(nearSeen[1]!.body).toBe('');
    expect(nearSeen[1]!.headers['content-type']).toBeUndefined();
  });

  it(`more than ${MAX_REDIRECTS} hops: refused`, async () => {
    nearSeen.length = 0;
    const err = await failure(client().request({ method: 'GET', url: `${nearBase}/loop`, caller }));
    expect(err.message).toContain(`more than ${MAX_REDIRECTS} redirects`);
    expect(nearSeen).toHaveLength(MAX_REDIRECTS + 1);
  });

  it('a Location (shown decoded) or body in an error is a short excerpt, control characters escaped', async () => {
    const weird = await failure(client().request({ method: 'GET', url: `${nearBase}/to-weird`, caller }));
    expect(weird.message).not.toMatch(/\p{Cc}/u);
    expect(weird.message).toContain('\\u001b[31m');
    expect(weird.message.length).toBeLessThan(400);
    const noisy = await failure(client().request({ method: 'GET', url: `${nearBase}/noisy`, caller }));
    expect(noisy.message).not.toMatch(/\p{Cc}/u);
    expect(noisy.message).toContain('bad\\u0000\\u001b[2J');
    expect(noisy.message).toContain(`${'y'.repeat(100)}…`);
    expect(noisy.message).not.toContain('y'.repeat(200));
  });
});
