import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../src/http/start-server.js';
import { apiDocument } from './helpers/api-document.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';
import { timeBudget } from '../helpers/time-budget.js';

// Random bytes, random JSON and random query strings at every route the OpenAPI document lists,
// over a real socket: the server must answer each within 5 s, never with a 5xx, and still be
// alive at the end. The routes come from the document (which a test keeps true to the app), so a
// route added later is fuzzed without this file changing.

const root = tmpDir('fuzz-');
const dataDir = path.join(root, 'data');
const corporaRoot = path.join(root, 'corpora');
let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  fs.mkdirSync(corporaRoot, { recursive: true });
  fs.cpSync(TINY_BEIR, path.join(corporaRoot, 'tiny'), { recursive: true });
  await buildIndex({
    corpus: TINY_BEIR,
    out: path.join(dataDir, 'tiny.sqlite'),
    chunker: 'structure:40',
    embedder: 'hash:64',
  });
  server = await startServer({ dataDir, corporaRoot, port: 0 });
}, timeBudget(60_000));
afterAll(async () => {
  await server?.close();
});

interface Operation {
  method: string;
  path: string;
  params: string[];
}

const doc = (await apiDocument()) as {
  paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
};
const operations: Operation[] = Object.entries(doc.paths).flatMap(([route, methods]) =>
  Object.entries(methods).map(([method, op]) => ({
    method: method.toUpperCase(),
    path: route,
    params: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
  })),
);

/** Values that reach handlers: known names and ids, numbers at and past their limits, syntax, and noise. */
const value = fc.oneof(
  fc.constantFrom(
    'tiny',
    'bm25',
    'hybrid',
    'doc',
    'chunk',
    'de',
    '1e309',
    '-1',
    '0',
    '1001',
    'NaN',
    '[]',
    '{}',
    '{"lang":"de"}',
    '[{"type":"dense"}]',
    '../../etc/passwd',
    '%00',
    '',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer().map(String),
  fc.double().map(String),
);

const pathFor = (op: Operation) =>
  fc
    .tuple(
      ...op.path
        .split('/')
        .map((part) =>
          part.startsWith('{')
            ? fc.oneof(fc.constantFrom('tiny', 'hybrid', 'report.md', 'app.css'), value)
            : fc.constant(part),
        ),
    )
    .map((parts) => parts.map((p, i) => (i === 0 ? p : encodeURIComponent(p))).join('/'));

const queryFor = (op: Operation) =>
  fc
    .array(
      fc.tuple(
        fc.oneof(
          fc.constantFrom(...(op.params.length ? op.params : ['q']), 'kk', 'legs', 'filter', 'fusion'),
          fc.string({ maxLength: 12 }),
        ),
        value,
      ),
      { maxLength: 6 },
    )
    .map((pairs) =>
      pairs.length ? '?' + pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&') : '',
    );

/** YAML alias expansion ("billion laughs"): nine references per level, four levels deep. */
const LAUGHS = [
  'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
  ...'bcdefgh'.split('').map(
    (l, i) =>
      `${l}: &${l} [${Array(9)
        .fill('*' + 'abcdefgh'[i])
        .join(',')}]`,
  ),
].join('\n');

const body = fc.oneof(
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? 'null'),
  fc
    .dictionary(
      fc.constantFrom(
        'index',
        'q',
        'k',
        'legs',
        'fusion',
        'filter',
        'name',
        'corpus',
        'yaml',
        'config',
        'qrels',
        'query_id',
        'doc_id',
        'grade',
        'mode',
      ),
      fc.oneof(value, fc.jsonValue({ maxDepth: 2 })),
    )
    .map((o) => JSON.stringify(o)),
  fc.constantFrom(
    LAUGHS,
    JSON.stringify({ yaml: LAUGHS }),
    JSON.stringify({ yaml: 'name: [unclosed' }),
    JSON.stringify({ yaml: 'a: &a [*a, *a]' }),
  ),
);
const contentType = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 3 },
  fc.constantFrom(
    'text/plain',
    'application/x-www-form-urlencoded',
    'text/plain; x=application/json',
    'application/json; charset=utf-8',
    '',
    'multipart/form-data; boundary=x',
  ),
);

const request = fc.constantFrom(...operations).chain((op) =>
  fc.record({
    op: fc.constant(op),
    path: pathFor(op),
    query: queryFor(op),
    body: op.method === 'GET' || op.method === 'DELETE' ? fc.constant(undefined) : body,
    type: contentType,
  }),
);

describe('every route under random input: never a 5xx, never a hang, alive after', () => {
  it(
    'answers each request within 5 s with a status below 500',
    async () => {
      const seen = new Set<string>();
      await fc.assert(
        fc.asyncProperty(request, async ({ op, path: p, query, body: b, type }) => {
          seen.add(`${op.method} ${op.path}`);
          const res = await fetch(`${server.url}${p}${query}`, {
            method: op.method,
            ...(b !== undefined && { body: b }),
            headers: type ? { 'content-type': type } : {},
            signal: AbortSignal.timeout(timeBudget(5000)),
          });
          await res.arrayBuffer();
          if (res.status >= 500) throw new Error(`${op.method} ${p}${query} -> ${res.status}`);
        }),
        { numRuns: 1500 },
      );
      // Enough runs that every documented operation was hit at least once.
      expect([...seen].sort()).toEqual(operations.map((o) => `${o.method} ${o.path}`).sort());
      const health = await fetch(`${server.url}/health`, { signal: AbortSignal.timeout(timeBudget(5000)) });
      expect(health.status).toBe(200);
    },
    timeBudget(240_000),
  );
});

/** `{"a": ... {"q": "{{query}}"} ...}` as JSON text, `depth` objects deep (JSON.stringify would recurse). */
const nestedTemplate = (depth: number) => `${'{"a":'.repeat(depth - 1)}{"q":"{{query}}"}${'}'.repeat(depth - 1)}`;

/** What issue 24 found a client could grow or crash: deep templates, long URLs, a new k1/b every search. */
const hostileSearch = fc.oneof(
  fc.integer({ min: 1, max: 10_000 }).map((depth) => ({
    url: '/search',
    body: `{"index":"tiny","q":"plans","legs":[{"type":"http","url":"http://127.0.0.1:9/s","hits":"h","id":"i","score":"s","body":${nestedTemplate(depth)}}]}`,
  })),
  fc.integer({ min: 1, max: 700 * 1024 }).map((length) => ({
    url: `/search?index=tiny&q=plans&legs=${'%5B'.repeat(Math.ceil(length / 3))}`,
    body: undefined,
  })),
  fc
    .record({
      engine: fc.constantFrom('wink', 'postings'),
      k1: fc.double({ min: 0, max: 10, noNaN: true }),
      b: fc.double({ min: 0, max: 1, noNaN: true }),
    })
    .map(({ engine, k1, b }) => ({
      url: `/search/bm25?index=tiny&q=plans&engine=${engine}&k1=${k1}&b=${b}`,
      body: undefined,
    })),
);

describe('nested templates, long URLs and new BM25 parameters every search', () => {
  it(
    'never a 5xx, and the process RSS grows less than 200 MB over the run',
    async () => {
      const rssBefore = process.memoryUsage().rss;
      await fc.assert(
        fc.asyncProperty(hostileSearch, async ({ url, body: b }) => {
          const res = await fetch(`${server.url}${url}`, {
            method: b === undefined ? 'GET' : 'POST',
            ...(b !== undefined && { body: b, headers: { 'content-type': 'application/json' } }),
            signal: AbortSignal.timeout(timeBudget(5000)),
          });
          await res.arrayBuffer();
          if (res.status >= 500) throw new Error(`${url.slice(0, 80)} -> ${res.status}`);
        }),
        { numRuns: 300 },
      );
      // On main every wink (k1, b) pair stayed built in each worker; now four per worker do. The
      // bound leaves room for V8's heap growth between collections (see distinct-bm25-params.test.ts).
      expect((process.memoryUsage().rss - rssBefore) / 1e6).toBeLessThan(200);
    },
    timeBudget(240_000),
  );
});
