import type { Hono } from 'hono';
import { inspectRoutes } from 'hono/dev';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tmpDir } from '../helpers/tmp.js';
import { webFixture, type WebFixture } from './helpers/web-fixture.js';

interface OpenApi {
  openapi: string;
  paths: Record<
    string,
    Record<string, { parameters?: { name: string; in: string }[]; responses: Record<string, unknown> }>
  >;
  components: { schemas: Record<string, { required?: string[]; properties?: Record<string, unknown> }> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'];

/**
 * Every `METHOD /path` the app answers, OpenAPI style (`:id` -> `{id}`). Middleware (auth, body
 * limit, CORS: handlers that take `next`, or registered for all methods or a wildcard) is not a
 * route; hono's own inspectRoutes tells them apart.
 */
export function appRoutes(app: Hono): string[] {
  const routes = inspectRoutes(app)
    .filter((r) => !r.isMiddleware && r.method !== 'ALL' && !r.path.includes('*'))
    .map((r) => `${r.method} ${r.path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}')}`);
  return [...new Set(routes)].sort();
}

export function documentedRoutes(doc: OpenApi): string[] {
  return Object.entries(doc.paths)
    .flatMap(([p, ops]) =>
      Object.keys(ops)
        .filter((m) => METHODS.includes(m))
        .map((m) => `${m.toUpperCase()} ${p}`),
    )
    .sort();
}

let fx: WebFixture;
let doc: OpenApi;
beforeAll(async () => {
  fx = await webFixture(tmpDir('web-openapi-'));
  const res = await fx.app.request('/openapi.json');
  expect(res.status).toBe(200);
  doc = (await res.json()) as OpenApi;
});
afterAll(() => fx.catalog.close());

describe('GET /openapi.json', () => {
  it('describes exactly the routes the app has registered', () => {
    const routes = appRoutes(fx.app);
    const documented = documentedRoutes(doc);
    // both directions, so the message names the culprit
    expect(
      routes.filter((r) => !documented.includes(r)),
      'routes missing from openapi.json',
    ).toEqual([]);
    expect(
      documented.filter((r) => !routes.includes(r)),
      'openapi.json names routes the app does not have',
    ).toEqual([]);
    // the walk sees the API and the pages alike
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /',
        'GET /search/{mode}',
        'POST /search/{mode}',
        'DELETE /indexes/{name}',
        'POST /gold',
        'GET /experiments/{id}/download/runs/{file}',
        'GET /openapi.json',
        'GET /health',
      ]),
    );
    // middleware is not taken for a route: DELETE /indexes exists only as the token check
    expect(routes).not.toContain('DELETE /indexes');
  });

  it('the walk notices a route added without a description', async () => {
    const { Hono } = await import('hono');
    const bigger = new Hono().route('/', fx.app);
    bigger.get('/undocumented/:x', (c) => c.text('x'));
    expect(appRoutes(bigger).filter((r) => !documentedRoutes(doc).includes(r))).toEqual(['GET /undocumented/{x}']);
  });

  it('is OpenAPI 3.1 with every path parameter declared and every $ref resolvable', () => {
    expect(doc.openapi).toBe('3.1.0');
    for (const [p, ops] of Object.entries(doc.paths)) {
      const inPath = [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const [method, op] of Object.entries(ops)) {
        const declared = (op.parameters ?? []).filter((x) => x.in === 'path').map((x) => x.name);
        expect(declared.sort(), `${method} ${p}`).toEqual([...inPath].sort());
        expect(Object.keys(op.responses).length, `${method} ${p}`).toBeGreaterThan(0);
      }
    }
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/(\w+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(10);
    for (const r of refs) expect(doc.components.schemas, r).toHaveProperty(r);
  });

  it('the schemas name the fields real responses have', async () => {
    const required = (name: string) => doc.components.schemas[name]!.required ?? [];
    const search = (await (await fx.app.request('/search/hybrid?index=tiny&q=harbor&k=2')).json()) as Record<
      string,
      unknown
    > & { hits: Record<string, unknown>[] };
    for (const key of required('SearchResponse')) expect(search, key).toHaveProperty(key);
    for (const key of required('Hit')) expect(search.hits[0], key).toHaveProperty(key);
    expect(Object.keys(search.hits[0]!).every((k) => k in doc.components.schemas.Hit!.properties!)).toBe(true);
    const health = (await (await fx.app.request('/health')).json()) as Record<string, unknown>;
    expect(Object.keys(health).sort()).toEqual([...required('Health')].sort());
    const added = (await (
      await fx.app.request('/gold', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ qrels: 'tiny/qrels/test.tsv', query_id: 'q1', doc_id: 'plans', note: 'x' }),
      })
    ).json()) as Record<string, unknown>;
    for (const key of required('Addition')) expect(added, key).toHaveProperty(key);
    const index = (await (await fx.app.request('/indexes/tiny')).json()) as Record<string, unknown>;
    // every required field, plus the fingerprint a ready index has (optional: a failed build has none)
    expect(Object.keys(index).sort()).toEqual([...required('IndexInfo'), 'fingerprint'].sort());
    expect(doc.components.schemas.IndexInfo!.properties).toHaveProperty('fingerprint');
  });
});
