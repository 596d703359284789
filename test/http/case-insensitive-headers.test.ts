import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIndex } from '../../src/indexing/build-index.js';
import { startServer } from '../../src/http/start-server.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

/**
 * Media types and host names are case-insensitive (RFC 9110 section 8.3.1; RFC 4343 for DNS
 * names), and an IPv6 address has many spellings: `Content-Type: APPLICATION/JSON` is JSON on
 * every route, `Host: LOCALHOST:port` and `Host: [0:0:0:0:0:0:0:1]:port` are this server's
 * loopback names. Every refusal, the HTTP adapter's own included, is a JSON error. Over a real
 * socket on 127.0.0.1, since the adapter's check runs before the app.
 */
const root = tmpDir('case-headers-');
const dataDir = path.join(root, 'data');
const corporaRoot = path.join(root, 'corpora');
let server: Awaited<ReturnType<typeof startServer>>;
let port = 0;

beforeAll(async () => {
  fs.cpSync(TINY_BEIR, path.join(corporaRoot, 'tiny'), { recursive: true });
  await buildIndex({ corpus: TINY_BEIR, out: path.join(dataDir, 'tiny.sqlite'), chunker: 'doc', embedder: 'none' });
  server = await startServer({ dataDir, corporaRoot, port: 0 });
  port = Number(new URL(server.url).port);
});
afterAll(async () => server?.close());

/** One request with exactly these headers (Host included), on a fresh connection. */
function send(
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; type: string; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', text }));
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

describe('Host names compared as names', () => {
  it.each([
    ['LOCALHOST', () => `LOCALHOST:${port}`],
    ['LocalHost without a port', () => 'LocalHost'],
    ['[0:0:0:0:0:0:0:1]', () => `[0:0:0:0:0:0:0:1]:${port}`],
    ['[0:0::1]', () => `[0:0::1]:${port}`],
    ['127.0.0.1', () => `127.0.0.1:${port}`],
  ])('Host %s is a loopback name: 200', async (_label, host) => {
    const res = await send('GET', '/indexes', { Host: host() });
    expect(res.status, res.text).toBe(200);
    expect(JSON.parse(res.text)).toMatchObject({ indexes: [{ name: 'tiny', status: 'ready' }] });
  });

  it('a foreign name is still a JSON 403', async () => {
    const res = await send('GET', '/indexes', { Host: `EVIL.example:${port}` });
    expect(res.status).toBe(403);
    expect(res.type).toMatch(/^application\/json/);
    expect(JSON.parse(res.text).error.code).toBe('host_not_allowed');
  });

  it.each([
    ['userinfo', () => `user@localhost:${port}`],
    ['a bad IPv6 literal', () => `[::g]:${port}`],
    ['a path', () => 'localhost/x'],
  ])('a Host the adapter cannot read (%s) is a JSON 400, not an empty body', async (_label, host) => {
    const res = await send('GET', '/indexes', { Host: host() });
    expect(res.status).toBe(400);
    expect(res.type).toMatch(/^application\/json/);
    const { error } = JSON.parse(res.text) as { error: { code: string; message: string } };
    expect(error.code).toBe('bad_request');
    expect(error.message).toMatch(/host/i);
  });
});

describe('Content-Type compared case-insensitively on every route', () => {
  const headers = (type: string) => ({ Host: `localhost:${port}`, 'Content-Type': type });

  it('POST /search with APPLICATION/JSON searches', async () => {
    const res = await send(
      'POST',
      '/search',
      headers('APPLICATION/JSON; Charset=UTF-8'),
      JSON.stringify({ index: 'tiny', q: 'password reset', mode: 'bm25', k: 3 }),
    );
    expect(res.status, res.text).toBe(200);
    expect(JSON.parse(res.text).hits.length).toBeGreaterThan(0);
  });

  it('POST /indexes with Application/Json starts a build', async () => {
    const res = await send(
      'POST',
      '/indexes',
      headers('Application/Json'),
      JSON.stringify({ name: 'again', corpus: 'tiny', chunker: 'doc', embedder: 'none' }),
    );
    expect(res.status, res.text).toBe(202);
  });

  it('text/plain is still refused with a JSON 415', async () => {
    const res = await send('POST', '/search', headers('text/plain'), '{}');
    expect(res.status).toBe(415);
    expect(res.type).toMatch(/^application\/json/);
  });
});
