import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { runCli } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';
import { FakeEngine } from './fake-engines.js';
import { buildPushIndexes } from './push-fixture.js';

/**
 * `testbed push` to a URL with a path prefix, a query string and userinfo: every request goes
 * under the prefix with the query string kept and the password as Authorization: Basic, and
 * nothing it prints (progress, summary, the legs to paste) holds the password.
 */
const CANARY = 'CANARY-push-41be';
const dir = tmpDir('push-credentials-');
let files: { withVectors: string; noVectors: string };
let os: FakeEngine;
let qdrant: FakeEngine;

beforeAll(async () => {
  files = await buildPushIndexes(dir);
  os = await new FakeEngine('opensearch').start();
  qdrant = await new FakeEngine('qdrant').start();
});
afterAll(async () => {
  await os.close();
  await qdrant.close();
});

const withPassword = (url: string) => url.replace('//', `//admin:${CANARY}@`);

describe('push to a URL with userinfo, a path prefix and a query string', () => {
  it('opensearch: Basic auth on every request, the base query string kept, the password printed nowhere', async () => {
    const r = await runCli([
      'push',
      files.noVectors,
      '--to',
      'opensearch',
      `${withPassword(os.url)}/?pretty=false`,
      '--name',
      'creds',
    ]);
    expect(r.code, r.err).toBe(0);
    expect(os.requests.length).toBeGreaterThan(0);
    for (const req of os.requests) {
      expect(req.headers.authorization).toBe(`Basic ${Buffer.from(`admin:${CANARY}`).toString('base64')}`);
      expect(req.query).toBe('?pretty=false');
    }
    expect(r.out + r.err).not.toContain(CANARY);
    expect(r.err).toContain(`to OpenSearch index "creds" at ${os.url}/?pretty=false:`);
    const yaml = parseYaml(r.out) as { legs: { url: string }[] };
    expect(yaml.legs[0]!.url).toBe(`${os.url}/?pretty=false`);
    expect(r.out).toContain("# The URL's user:password is left out of these legs");
  });

  it('qdrant: the path prefix before each endpoint and the base query string after it', async () => {
    const r = await runCli([
      'push',
      files.withVectors,
      '--to',
      'qdrant',
      `${withPassword(qdrant.url)}/db?x=1`,
      '--name',
      'c',
    ]);
    // The fake serves Qdrant at its root, so the push stops at the first answer; that request is the proof.
    expect(qdrant.requests[0]).toMatchObject({ method: 'GET', path: '/db/collections/c', query: '?x=1' });
    expect(r.out + r.err).not.toContain(CANARY);
  });

  it('refuses userinfo beside a --header Authorization, before any request', async () => {
    const before = os.requests.length;
    const r = await runCli([
      'push',
      files.noVectors,
      '--to',
      'opensearch',
      withPassword(os.url),
      '--name',
      'x',
      '--header',
      'Authorization: ApiKey abc',
    ]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('holds credentials (user:password@) and --header sets Authorization too: keep one');
    expect(r.err).not.toContain(CANARY);
    expect(os.requests.length).toBe(before);
  });
});
