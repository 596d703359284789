import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/app.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

/**
 * Redirects stay inside --allow-remote: an allowed origin answering 302 to another origin (a
 * loopback port the server was not started to call, or even one it was) makes the server call
 * nothing there. The search is a JSON 502 naming the refused Location, and nothing the other
 * origin would have answered, nor any header the leg was configured with, goes anywhere else.
 * A redirect within the allowed origin is followed.
 */
const root = tmpDir('remote-redirects-');
const dataDir = path.join(root, 'data');
let catalog: IndexCatalog;
let allowed: http.Server;
let other: http.Server;
let allowedOrigin: string;
let otherOrigin: string;
let otherRequests = 0;
const OTHER_BODY = 'internal-admin-page-contents';

const listen = (server: http.Server) =>
  new Promise<string>((r) =>
    server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );

beforeAll(async () => {
  await buildIndex({ corpus: TINY_BEIR, out: path.join(dataDir, 'tiny.sqlite'), chunker: 'doc', embedder: 'none' });
  catalog = new IndexCatalog(dataDir);
  other = http.createServer((_req, res) => {
    otherRequests++;
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ hits: [], page: OTHER_BODY }));
  });
  otherOrigin = await listen(other);
  allowed = http.createServer((req, res) => {
    if (req.url!.startsWith('/away')) return res.writeHead(302, { Location: `${otherOrigin}/admin` }).end();
    if (req.url!.startsWith('/moved')) return res.writeHead(302, { Location: '/search' }).end();
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ hits: [{ id: 'plans', s: 1 }] }));
  });
  allowedOrigin = await listen(allowed);
});
afterAll(async () => {
  catalog.close();
  await new Promise<void>((r) => allowed.close(() => r()));
  await new Promise<void>((r) => other.close(() => r()));
});

const search = (pathname: string, origins: string[]) =>
  createApp({ catalog, corporaRoot: root, cacheDir: path.join(root, 'cache'), allowedRemoteOrigins: origins }).request(
    '/search',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        index: 'tiny',
        q: 'plans',
        level: 'doc',
        legs: [
          {
            type: 'http',
            name: 'api',
            url: `${allowedOrigin}${pathname}`,
            hits: 'hits',
            id: 'id',
            score: 's',
            headers: { Authorization: 'Bearer leg-key', 'X-Api-Key': 'leg-key-2' },
          },
        ],
      }),
    },
  );

describe('redirects from an allowed origin', () => {
  it.each([
    ['not allowed', () => [allowedOrigin]],
    ['allowed too', () => [allowedOrigin, otherOrigin]],
  ])(
    'to another origin (%s): a JSON 502 naming the Location, and the other origin gets no request',
    async (_, origins) => {
      otherRequests = 0;
      const res = await search('/away', origins());
      expect(res.status).toBe(502);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const text = await res.text();
      const { error } = JSON.parse(text) as { error: { code: string; message: string } };
      expect(error.code).toBe('remote_failed');
      expect(error.message).toContain(`redirected to ${otherOrigin}/admin`);
      expect(text).not.toContain(OTHER_BODY);
      expect(text).not.toContain('leg-key');
      // No request, so neither Authorization nor X-Api-Key reached the other origin.
      expect(otherRequests).toBe(0);
    },
  );

  it('within the allowed origin: followed, and the search answers', async () => {
    const res = await search('/moved', [allowedOrigin]);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { hits: { id: string }[] }).hits.map((h) => h.id)).toEqual(['plans']);
  });
});
