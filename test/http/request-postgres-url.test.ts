import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ForbiddenError } from '../../src/errors.js';
import { createApp } from '../../src/http/app.js';
import { checkServedPipeline } from '../../src/http/remote-check.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import { parsePipeline } from '../../src/pipeline/resolve-pipeline.js';
import { postgresOrigin } from '../../src/remote/postgres-url.js';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';
import { timeBudget } from '../helpers/time-budget.js';

/**
 * Issue 40, items 1 and 2: a postgres URL sent in a request is data, not configuration. It may
 * name a host, a port, a database, a user and sslmode; `${env:NAME}` anywhere in it, a password,
 * or any other query parameter (host=, port=, sslrootcert=, application_name=, ...) is a 400
 * naming the leg's url field and the part, before anything connects. The allowed origin is a
 * port nothing listens on (127.0.0.1:9), so a URL that got through would answer 502, not 400.
 * And the allow-list judges the host and port the driver connects to, ?host= and ?port= included.
 */
const root = tmpDir('request-pg-url-');
const dataDir = path.join(root, 'data');
let catalog: IndexCatalog;
const CANARY = 'canary-value-4f1e9b';
const ALLOWED = 'postgres://127.0.0.1:9';

beforeAll(async () => {
  await buildIndex({ corpus: TINY_BEIR, out: path.join(dataDir, 'tiny.sqlite'), chunker: 'doc', embedder: 'none' });
  catalog = new IndexCatalog(dataDir);
  process.env.PG_URL_TEST_CANARY = CANARY;
}, timeBudget(60_000));
afterAll(() => {
  catalog.close();
  delete process.env.PG_URL_TEST_CANARY;
});

async function search(url: string): Promise<{ status: number; text: string }> {
  const app = createApp({
    catalog,
    corporaRoot: root,
    cacheDir: path.join(root, 'cache'),
    allowedRemoteOrigins: [ALLOWED],
  });
  const res = await app.request('/search', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      index: 'tiny',
      q: 'password reset',
      legs: [{ type: 'postgres', name: 'pg', url, table: 'docs', config: 'english', timeout_ms: 2000 }],
    }),
  });
  return { status: res.status, text: await res.text() };
}

describe('a postgres URL from a request', () => {
  const ENV_CASES: [string, string][] = [
    ['the user', 'postgres://${env:PG_URL_TEST_CANARY}@127.0.0.1:9/db'],
    ['the password', 'postgres://u:${env:PG_URL_TEST_CANARY}@127.0.0.1:9/db'],
    ['the database', 'postgres://u@127.0.0.1:9/${env:PG_URL_TEST_CANARY}'],
    ['application_name', 'postgres://u@127.0.0.1:9/db?application_name=${env:PG_URL_TEST_CANARY}'],
    ['the user, percent-encoded', 'postgres://%24%7Benv:PG_URL_TEST_CANARY%7D@127.0.0.1:9/db'],
  ];
  for (const [part, url] of ENV_CASES) {
    it(`refuses \${env:NAME} in ${part} with a 400 naming the url field, never reading the variable`, async () => {
      const { status, text } = await search(url);
      expect(status).toBe(400);
      const { error } = JSON.parse(text) as { error: { message: string } };
      expect(error.message).toContain('legs.0.url');
      expect(error.message).toMatch(/environment|password/);
      expect(text).not.toContain(CANARY);
    });
  }

  const PARAM_CASES: [string, string][] = [
    ['host', 'postgres://u@127.0.0.1:9/db?host=10.0.0.1&port=6000'],
    ['port', 'postgres://u@127.0.0.1:9/db?port=6000'],
    ['sslrootcert', 'postgres://u@127.0.0.1:9/db?sslrootcert=/no/such/dir/root.crt'],
    ['sslcert', 'postgres://u@127.0.0.1:9/db?sslmode=require&sslcert=/etc/shadow'],
    ['passfile', 'postgres://u@127.0.0.1:9/db?passfile=/etc/ssl/private/pgpass'],
    ['options', 'postgres://u@127.0.0.1:9/db?options=-c%20search_path%3Devil'],
    ['application_name', 'postgres://u@127.0.0.1:9/db?application_name=x'],
  ];
  for (const [param, url] of PARAM_CASES) {
    it(`refuses the parameter ${param} with a 400 naming it, no path in the answer`, async () => {
      const { status, text } = await search(url);
      expect(status).toBe(400);
      const { error } = JSON.parse(text) as { error: { message: string } };
      expect(error.message).toContain('legs.0.url');
      expect(error.message).toContain(`"${param}"`);
      expect(text).not.toMatch(/\/etc\/|\/no\/such/);
    });
  }

  it('refuses a password written as ${env:} in the userinfo even with no other part wrong', async () => {
    const { status, text } = await search('postgres://u:${env:PGPASSWORD}@127.0.0.1:9/db');
    expect(status).toBe(400);
    expect(text).toContain('legs.0.url');
  });

  it('takes host, port, database, user and sslmode (it then connects: nothing listens, so 502)', async () => {
    const { status, text } = await search('postgres://u@127.0.0.1:9/db?sslmode=disable');
    expect(status).toBe(502);
    expect(text).toContain('ECONNREFUSED');
  });
});

describe('the allow-list judges where the driver connects', () => {
  it('takes ?host= and ?port= over the authority, as the pg client does', () => {
    expect(postgresOrigin('postgres://u@allowed.example:5432/db?host=127.0.0.1&port=6000', 'x')).toBe(
      'postgres://127.0.0.1:6000',
    );
    expect(postgresOrigin('postgres://u@allowed.example/db?port=6000', 'x')).toBe('postgres://allowed.example:6000');
    // The host is percent-decoded by the driver, so it is judged decoded.
    expect(postgresOrigin('postgres://u@%31%32%37.0.0.1:7/db', 'x')).toBe('postgres://127.0.0.1:7');
    expect(postgresOrigin('postgres://u@[::1]:7/db', 'x')).toBe('postgres://[::1]:7');
  });

  it('refuses an experiment file whose URL moves the connection off the allowed origin (403 naming it)', () => {
    const pipeline = parsePipeline({
      legs: [
        {
          type: 'postgres',
          url: 'postgres://u@allowed.example:5432/db?host=127.0.0.1&port=6000',
          table: 'docs',
          config: 'english',
        },
      ],
    });
    let caught: unknown;
    try {
      checkServedPipeline(pipeline, ['postgres://allowed.example:5432'], { environment: true });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ForbiddenError);
    expect((caught as Error).message).toContain('postgres://127.0.0.1:6000');
  });
});
