import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../src/http/start-server.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';
import { timeBudget } from '../helpers/time-budget.js';

// Issue 40: random and hostile postgres URLs (environment references, query parameters, odd
// hosts and ports, percent-encoding, userinfo tricks) in a leg of POST and GET /search, over a
// real socket. The server allows one postgres origin, 127.0.0.1:9, where nothing listens: a URL
// that reached the driver would answer 502 (ECONNREFUSED), so every answer must be a 4xx JSON
// error (refused by the connection-string rule, or 403 by the allow-list, before connecting):
// never a 5xx, never the value of an environment variable, never an absolute path. The one
// form that is allowed and would connect (plain postgres://[u@]127.0.0.1:9/db) is skipped.

const root = tmpDir('fuzz-pg-');
const dataDir = path.join(root, 'data');
const CANARY = 'fuzz-canary-9d2e71';
let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  process.env.FUZZ_PG_CANARY = CANARY;
  await buildIndex({ corpus: TINY_BEIR, out: path.join(dataDir, 'tiny.sqlite'), chunker: 'doc', embedder: 'none' });
  server = await startServer({ dataDir, corporaRoot: root, port: 0, allowRemote: ['postgres://127.0.0.1:9'] });
}, timeBudget(60_000));
afterAll(async () => {
  await server?.close();
  delete process.env.FUZZ_PG_CANARY;
});

const ENV = '${env:FUZZ_PG_CANARY}';
const ENCODED_ENV = '%24%7Benv:FUZZ_PG_CANARY%7D';
const noise = fc.string({ maxLength: 12 });
const encoded = (a: fc.Arbitrary<string>) => fc.oneof(a, a.map(encodeURIComponent));

const scheme = fc.constantFrom('postgres', 'postgresql', 'POSTGRES');
const userinfo = fc.oneof(
  fc.constantFrom('', 'u@', 'u:pw@', ':pw@', 'u:@', 'a@b@', `${ENV}@`, `u:${ENV}@`, `${ENCODED_ENV}@`, 'u%40x@'),
  noise.map((s) => `${s}@`),
);
const host = fc.oneof(
  fc.constantFrom(
    '127.0.0.1',
    'localhost',
    'db.example',
    '[::1]',
    '%31%32%37.0.0.1',
    '127.0.0.1:9@evil.example',
    '0x7f.0.0.1',
    '2130706433',
    '',
    '/tmp',
    '%2Ftmp%2Fsock',
  ),
  noise,
);
const port = fc.constantFrom('', ':9', ':5432', ':0', ':65536', ':-1', ':abc', ':99999999', ':09');
const database = fc.oneof(
  fc.constantFrom('/db', '', '/', `/${ENV}`, `/${ENCODED_ENV}`, '/a/b', '/%2Fetc%2Fpasswd', '/%00', '/..'),
  noise.map((s) => `/${s}`),
);
const param = fc.tuple(
  fc.oneof(
    fc.constantFrom(
      'host',
      'port',
      'sslmode',
      'sslrootcert',
      'sslcert',
      'sslkey',
      'options',
      'application_name',
      'password',
      'passfile',
      'user',
      'dbname',
      'target_session_attrs',
      '/etc/passwd',
    ),
    noise,
  ),
  encoded(
    fc.oneof(
      fc.constantFrom('127.0.0.1', '9', 'require', 'disable', '/etc/shadow', ENV, '-c statement_timeout=0', ''),
      noise,
    ),
  ),
);
const query = fc.array(param, { maxLength: 3 });
const fragment = fc.constantFrom('', '', '#x');

const parts = fc.record({ scheme, userinfo, host, port, database, query, fragment });
type Parts = typeof parts extends fc.Arbitrary<infer T> ? T : never;

const urlOf = (p: Parts) =>
  `${p.scheme}://${p.userinfo}${p.host}${p.port}${p.database}${
    p.query.length ? `?${p.query.map(([k, v]) => `${k}=${v}`).join('&')}` : ''
  }${p.fragment}`;

/** The form the rule takes and the allow-list lets through: it would connect to 127.0.0.1:9 (a 502, rightly). */
const wouldConnect = (p: Parts) =>
  p.host === '127.0.0.1' &&
  p.port === ':9' &&
  ['', 'u@'].includes(p.userinfo) &&
  /^(\/[A-Za-z0-9_][A-Za-z0-9_.-]*|\/?)$/.test(p.database) &&
  p.fragment === '' &&
  p.query.length <= 1 &&
  p.query.every(([k, v]) => k === 'sslmode' && ['require', 'disable'].includes(v));

const ABSOLUTE_PATH = /(^|[\s"'(=:])\/(etc|tmp|root|home|var|usr|proc|dev|work)\b/;

async function ask(url: string, how: 'post' | 'get'): Promise<{ status: number; text: string; type: string }> {
  const legs = [{ type: 'postgres', name: 'pg', url, table: 'docs', config: 'english', timeout_ms: 2000 }];
  const res =
    how === 'post'
      ? await fetch(`${server.url}/search`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ index: 'tiny', q: 'password reset', legs }),
          signal: AbortSignal.timeout(timeBudget(5000)),
        })
      : await fetch(`${server.url}/search?index=tiny&q=reset&legs=${encodeURIComponent(JSON.stringify(legs))}`, {
          signal: AbortSignal.timeout(timeBudget(5000)),
        });
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type') ?? '' };
}

describe('hostile postgres URLs in a search leg', () => {
  it(
    'are refused with a 4xx JSON error before connecting: no 5xx, no environment value, no absolute path',
    async () => {
      const statuses = new Set<number>();
      await fc.assert(
        fc.asyncProperty(parts, fc.constantFrom('post' as const, 'get' as const), async (p, how) => {
          fc.pre(!wouldConnect(p));
          const url = urlOf(p);
          const { status, text, type } = await ask(url, how);
          statuses.add(status);
          const seen = `${how} ${JSON.stringify(url)} -> ${status} ${text.slice(0, 300)}`;
          if (status < 400 || status >= 500) throw new Error(seen);
          if (!type.includes('application/json')) throw new Error(`not JSON: ${seen}`);
          const body = JSON.parse(text) as { error?: { code?: string; message?: string } };
          if (typeof body.error?.message !== 'string') throw new Error(`no error message: ${seen}`);
          if (text.includes(CANARY)) throw new Error(`environment value in the answer: ${seen}`);
          if (ABSOLUTE_PATH.test(body.error.message)) throw new Error(`absolute path in the answer: ${seen}`);
        }),
        { numRuns: 600 },
      );
      // Both kinds of refusal were met: the connection-string rule (400) and the allow-list (403).
      expect(statuses.has(400)).toBe(true);
      expect(statuses.has(403)).toBe(true);
    },
    timeBudget(240_000),
  );

  it('known bypasses of the allow-list are each refused', async () => {
    for (const url of [
      'postgres://u@db.example:5432/db?host=127.0.0.1&port=9',
      'postgres://u@127.0.0.1:9/db?sslrootcert=/etc/ssl/certs/ca.pem',
      `postgres://${ENV}@127.0.0.1:9/db`,
      `postgres://u@127.0.0.1:9/${ENV}`,
      `postgres://u@127.0.0.1:9/db?application_name=${ENV}`,
      'postgres://u@%31%32%37.0.0.1:9/db',
    ]) {
      const { status, text } = await ask(url, 'post');
      expect(status, `${url}: ${text}`).toBeGreaterThanOrEqual(400);
      expect(status, `${url}: ${text}`).toBeLessThan(500);
      expect(text).not.toContain(CANARY);
    }
  });
});
