import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../src/http/app.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { QueryLog } from '../../src/traffic/query-log.js';
import { runCli } from '../helpers/cli.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';
import { searchAnswer, startFakeEngine, type FakeEngine } from '../retrievers/helpers/fake-engine.js';
import { timeBudget } from '../helpers/time-budget.js';

/**
 * A password written into a leg's URL (`http://elastic:PASSWORD@host`, as Elastic's own
 * documentation spells a cluster) and a key in an environment variable a header reads, run end
 * to end: through `testbed experiment` (report.md, report.json, metrics.csv, every other file of
 * the output folder, stdout, stderr) and through the server (its answers, its error answers, its
 * query log). The in-test engine quotes the credentials it received in its error bodies, as
 * some servers do. Neither secret may appear anywhere, and the engine must have received the
 * password as Authorization: Basic.
 */
const CANARY = 'CANARY-pw-5f1c9e';
const KEY = 'CANARY-key-77d2a0';
const BASIC = `Basic ${Buffer.from(`elastic:${CANARY}`).toString('base64')}`;
/** Every form a secret could be printed in. */
const FORMS = [CANARY, KEY, Buffer.from(`elastic:${CANARY}`).toString('base64')];

let engine: FakeEngine;
const root = tmpDir('canary-');

beforeAll(async () => {
  vi.stubEnv('CANARY_TENANT_KEY', KEY);
  // q2 ("E1042") fails with a body quoting what the engine received; the others get two hits.
  engine = await startFakeEngine((req) => {
    const query = JSON.stringify(req.body);
    if (query.includes('E1042'))
      return {
        status: 500,
        json: { error: `internal: auth ${req.headers.authorization} tenant ${req.headers['x-api-key']}` },
      };
    return searchAnswer([
      { _id: 'faq-reset', _score: 2 },
      { _id: 'plans', _score: 1 },
    ]);
  });
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await engine.close();
});

/**
 * The leg: the password in its URL, the key sent as X-Api-Key, read from the environment in an
 * experiment file; written out in a request to the server, which takes no `${env:}` from a client.
 */
const leg = (key = '${env:CANARY_TENANT_KEY}') => ({
  type: 'opensearch',
  url: `${engine.url.replace('//', `//elastic:${CANARY}@`)}/?search_pipeline=p`,
  index: 'tiny',
  headers: { 'X-Api-Key': key },
  retries: 0,
});

/** Every file under `dir`, with its text. */
function filesUnder(dir: string): [string, string][] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).flatMap((name) => {
    const file = path.join(dir, name);
    return fs.statSync(file).isFile() ? [[file, fs.readFileSync(file, 'latin1')] as [string, string]] : [];
  });
}

function expectNoSecret(where: string, text: string): void {
  for (const form of FORMS) expect(text.includes(form), `${where} holds ${form}`).toBe(false);
}

describe('a canary password in a leg URL', () => {
  it(
    'testbed experiment: the engine gets Authorization: Basic, and the password is in no output',
    async () => {
      const out = path.join(root, 'out');
      const config = path.join(root, 'canary.yaml');
      fs.writeFileSync(
        config,
        `name: canary
corpus: ${TINY_BEIR}
level: doc
ks: [5]
metrics: [ndcg@10, recall@5]
output: ${out}
grid:
  chunkers: [doc]
  embedders: [none]
  tokenizers: [porter]
  retrievers:
    - { name: cluster, legs: [${JSON.stringify(leg())}] }
    - { name: local, legs: [{ type: lexical }] }
`,
      );
      const before = engine.seen.length;
      const r = await runCli(['experiment', config, '--cache-dir', path.join(root, 'cache')]);
      expect(r.code, r.err).toBe(0);
      const seen = engine.seen.slice(before);
      // Every query reached the engine, the password as a header, the base's query string kept.
      expect(seen).toHaveLength(5);
      for (const req of seen) {
        expect(req.path).toBe('/tiny/_search?search_pipeline=p');
        expect(req.headers.authorization).toBe(BASIC);
        expect(req.headers['x-api-key']).toBe(KEY);
      }
      const files = filesUnder(out);
      expect(files.map(([f]) => path.basename(f))).toEqual(
        expect.arrayContaining(['report.md', 'report.json', 'metrics.csv']),
      );
      for (const [file, text] of files) expectNoSecret(file, text);
      expectNoSecret('stdout', r.out);
      expectNoSecret('stderr', r.err);
      // The failed query is reported, with what the engine said, its secrets cut out.
      const md = fs.readFileSync(path.join(out, 'report.md'), 'utf8');
      expect(md).toContain('q2');
      expect(md).toContain('internal: auth Basic (secret) tenant (secret)');
      // The configuration shown keeps the URL without its userinfo.
      const json = fs.readFileSync(path.join(out, 'report.json'), 'utf8');
      expect(json).toContain(`"url": "${engine.url}/?search_pipeline=p"`);
    },
    timeBudget(120_000),
  );

  it(
    'testbed serve: answers, error answers and the query log never hold it',
    async () => {
      const dataDir = path.join(root, 'data');
      await buildIndex({ corpus: TINY_BEIR, out: path.join(dataDir, 'tiny.sqlite'), chunker: 'doc', embedder: 'none' });
      const catalog = new IndexCatalog(dataDir);
      const logDir = path.join(root, 'log');
      const queryLog = await QueryLog.open(logDir);
      const app = createApp({
        catalog,
        corporaRoot: root,
        cacheDir: path.join(root, 'cache'),
        allowedRemoteOrigins: [engine.url],
        queryLog,
      });
      const search = (q: string) =>
        app.request('/search', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ index: 'tiny', q, level: 'doc', legs: [leg(KEY)] }),
        });
      const ok = await search('password reset');
      const okText = await ok.text();
      expect(ok.status, okText).toBe(200);
      expect(engine.seen.at(-1)!.headers.authorization).toBe(BASIC);
      // The pipeline echoed back names the engine without the password.
      expect((JSON.parse(okText) as { pipeline: { legs: { url: string }[] } }).pipeline.legs[0]!.url).toBe(
        `${engine.url}/?search_pipeline=p`,
      );
      const failed = await search('E1042');
      const failedText = await failed.text();
      expect(failed.status).toBe(502);
      expect(failedText).toContain('internal: auth Basic (secret) tenant (secret)');
      await queryLog.close();
      catalog.close();
      expectNoSecret('the search answer', okText);
      expectNoSecret('the error answer', failedText);
      const logs = filesUnder(logDir);
      expect(logs.length).toBeGreaterThan(0);
      for (const [file, text] of logs) expectNoSecret(file, text);
    },
    timeBudget(60_000),
  );
});

describe('a canary password in an embedder URL', () => {
  it(
    'is refused before any request, saying how to pass a key, and printed nowhere',
    async () => {
      const out = path.join(root, 'embedder-out');
      const config = path.join(root, 'embedder.yaml');
      fs.writeFileSync(
        config,
        `name: canary-embedder
corpus: ${TINY_BEIR}
level: doc
ks: [5]
metrics: [ndcg@10]
output: ${out}
grid:
  chunkers: [doc]
  embedders: ['openai:m@${engine.url.replace('//', `//elastic:${CANARY}@`)}/v1']
  tokenizers: [porter]
  retrievers:
    - { name: dense, legs: [{ type: dense }] }
`,
      );
      const before = engine.seen.length;
      const r = await runCli(['experiment', config, '--cache-dir', path.join(root, 'cache')]);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/must not hold credentials .* environment variable \(TESTBED_OPENAI_KEY_VAR names it\)/);
      expect(engine.seen.length).toBe(before);
      expectNoSecret('stdout', r.out);
      expectNoSecret('stderr', r.err);
      for (const [file, text] of filesUnder(out)) expectNoSecret(file, text);
    },
    timeBudget(60_000),
  );
});
