import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/app.js';
import { MAX_JSON_DEPTH } from '../../src/http/json-depth.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import { fillJsonTemplate, MAX_TEMPLATE_DEPTH, placeholdersOf } from '../../src/remote/template.js';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

/**
 * Client JSON nested without end (an http leg's body template 10,000 levels deep) and a URL far
 * longer than any request needs are refused with a JSON 4xx naming the limit, on any server (the
 * check comes before the allow-list), never a 500 from a stack overflow; a template of ordinary
 * depth still reaches the engine filled in.
 */
const root = tmpDir('deep-templates-');
const dataDir = path.join(root, 'data');
let catalog: IndexCatalog;
let api: http.Server;
let apiOrigin: string;
const received: unknown[] = [];

beforeAll(async () => {
  await buildIndex({ corpus: TINY_BEIR, out: path.join(dataDir, 'tiny.sqlite'), chunker: 'doc', embedder: 'none' });
  catalog = new IndexCatalog(dataDir);
  api = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      received.push(JSON.parse(body));
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ hits: [{ id: 'plans', s: 2 }] }));
    });
  });
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
  apiOrigin = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});
afterAll(async () => {
  catalog.close();
  await new Promise<void>((r) => api.close(() => r()));
});

/** `{"a": {"a": ... {"q": "{{query}}"} ...}}`, `depth` objects deep, built without recursion. */
function nested(depth: number): Record<string, unknown> {
  let t: Record<string, unknown> = { q: '{{query}}' };
  for (let i = 1; i < depth; i++) t = { a: t };
  return t;
}

/** The JSON text of nested(depth): JSON.stringify recurses, and overflows at this depth. */
const nestedJson = (depth: number) => `${'{"a":'.repeat(depth - 1)}{"q":"{{query}}"}${'}'.repeat(depth - 1)}`;

/** A leg's JSON text with a body given as JSON text. */
const legJson = (fields: Record<string, unknown>, bodyJson: string) =>
  `${JSON.stringify(fields).slice(0, -1)},"body":${bodyJson}}`;

const leg = (body: Record<string, unknown>) => ({
  type: 'http',
  name: 'api',
  url: `${apiOrigin}/search`,
  body,
  hits: 'hits',
  id: 'id',
  score: 's',
});
const app = () => createApp({ catalog, corporaRoot: root, cacheDir: path.join(root, 'cache') });
const search = (body: unknown, allowed: string[] = []) => searchText(JSON.stringify(body), allowed);
const searchText = (body: string, allowed: string[] = []) =>
  createApp({ catalog, corporaRoot: root, cacheDir: path.join(root, 'cache'), allowedRemoteOrigins: allowed }).request(
    '/search',
    { method: 'POST', body, headers: { 'content-type': 'application/json' } },
  );
const searchWith = (legText: string) => `{"index":"tiny","q":"plans","level":"doc","legs":[${legText}]}`;

async function errorOf(res: Response): Promise<{ code: string; message: string }> {
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return ((await res.json()) as { error: { code: string; message: string } }).error;
}

describe('nested templates', () => {
  it('a body template 10,000 levels deep in POST /search is a JSON 400 naming the limit, with or without the origin allowed', async () => {
    const { body: _, ...fields } = leg({});
    for (const allowed of [[], [apiOrigin]]) {
      const res = await searchText(searchWith(legJson(fields, nestedJson(10_000))), allowed);
      expect(res.status).toBe(400);
      // Refused as a body, at parse, before the leg's own template limit is reached.
      expect((await errorOf(res)).message).toContain(`at most ${MAX_JSON_DEPTH}`);
    }
    expect(received).toEqual([]);
  });

  it('the same in GET /search?legs=', async () => {
    const { body: _, ...fields } = leg({});
    const legs = encodeURIComponent(`[${legJson(fields, nestedJson(10_000))}]`);
    const res = await app().request(`/search?index=tiny&q=plans&level=doc&legs=${legs}`);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toContain(`${MAX_TEMPLATE_DEPTH} levels`);
  });

  it("an opensearch leg's body template too", async () => {
    const os = { type: 'opensearch', url: apiOrigin, index: 'docs' };
    const res = await searchText(searchWith(legJson(os, nestedJson(10_000))));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toContain(`at most ${MAX_JSON_DEPTH}`);
  });

  it("a template one level past the leg's limit, small enough for the body check, names the template limit", async () => {
    const { body: _, ...fields } = leg({});
    const res = await searchText(searchWith(legJson(fields, nestedJson(MAX_TEMPLATE_DEPTH + 1))), [apiOrigin]);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toContain(`${MAX_TEMPLATE_DEPTH} levels`);
  });

  it('a template exactly at the limit is searched, filled in at the bottom', async () => {
    received.length = 0;
    const res = await search({ index: 'tiny', q: 'plans', level: 'doc', legs: [leg(nested(MAX_TEMPLATE_DEPTH))] }, [
      apiOrigin,
    ]);
    expect(res.status).toBe(200);
    let sent = received[0] as Record<string, unknown>;
    for (let i = 1; i < MAX_TEMPLATE_DEPTH; i++) sent = sent.a as Record<string, unknown>;
    expect(sent).toEqual({ q: 'plans' });
  });

  it('the template walks themselves refuse (fill) or survive (placeholders) a deeper template than the schema lets in', () => {
    expect(() => fillJsonTemplate(nested(10_000), { query: 'x' }, 'leg "api" body')).toThrow(
      `leg "api" body: a template may nest at most ${MAX_TEMPLATE_DEPTH} levels`,
    );
    expect(placeholdersOf(nested(10_000))).toEqual(['query']);
    // Arrays count as levels too.
    let arrays: unknown = '{{k}}';
    for (let i = 0; i < 10_000; i++) arrays = [arrays];
    expect(placeholdersOf(arrays)).toEqual(['k']);
  });
});

describe('long URLs', () => {
  it('a 640 KB GET /search URL is a JSON 414 naming the limit, answered before the legs are parsed', async () => {
    const legs = encodeURIComponent(JSON.stringify([leg({ pad: 'x'.repeat(640 * 1024) })]));
    const res = await app().request(`/search?index=tiny&q=plans&level=doc&legs=${legs}`);
    expect(res.status).toBe(414);
    const error = await errorOf(res);
    expect(error.code).toBe('too_large');
    expect(error.message).toMatch(/URL is over \d+ bytes/);
  });

  it('a 640 KB URL of nested arrays is refused alike', async () => {
    const legs = `${'%5B'.repeat((640 * 1024) / 3)}`;
    const res = await app().request(`/search?index=tiny&q=plans&legs=${legs}`);
    expect(res.status).toBe(414);
    expect((await errorOf(res)).code).toBe('too_large');
  });

  it('a URL as long as a full body percent-encodes to still reaches the search', async () => {
    // 2,000 CJK characters (the longest q) percent-encode to 18 kB.
    const res = await app().request(`/search/bm25?index=tiny&q=${encodeURIComponent('検'.repeat(2000))}`);
    expect(res.status).toBe(200);
  });
});
