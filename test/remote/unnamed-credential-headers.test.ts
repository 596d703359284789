import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../src/http/app.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import { RemoteError } from '../../src/remote/remote-error.js';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { QueryLog } from '../../src/traffic/query-log.js';
import { runCli } from '../helpers/cli.js';
import { timeBudget } from '../helpers/time-budget.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';
import { searchAnswer, startFakeEngine, type FakeEngine } from '../retrievers/helpers/fake-engine.js';

/**
 * Keys sent under header names no secret-looking pattern catches (Azure API Management's
 * Ocp-Apim-Subscription-Key, X-Auth), written out in a leg, with an in-test engine on 127.0.0.1
 * that quotes them back: in a 500's body, and in a 200 whose score is the key (a reader's error
 * then quotes the value it found). Shown headers follow an allow-list, so both are `(set)`, and
 * every error body has every secret the process knows cut out: neither key, nor a key from a
 * credential-named environment variable, nor the server's token, is in any output.
 */
const APIM = 'apim-7c41e0d2b9';
const XAUTH = 'xauth-93be15fa60';
/** An OPENAI_API_KEY-like variable the process holds and the engine quotes without being sent it. */
const ENV_KEY = 'sk-envkey-4f0a9c1e';
const TOKEN = 'server-token-2d8e6b1f0a';
/** What an experiment's process knows: it has no server token. */
const CLI_SECRETS = [APIM, XAUTH, ENV_KEY];
const SERVER_SECRETS = [...CLI_SECRETS, TOKEN];

let engine: FakeEngine;
const root = tmpDir('unnamed-headers-');

beforeAll(async () => {
  vi.stubEnv('PROBE_OPENAI_API_KEY', ENV_KEY);
  engine = await startFakeEngine((req) => {
    const query = JSON.stringify(req.body);
    const got = `subscription ${req.headers['ocp-apim-subscription-key']} auth ${req.headers['x-auth']}`;
    if (query.includes('E1042'))
      return { status: 500, json: { error: `internal: ${got} env ${ENV_KEY} token ${TOKEN}` } };
    // A 200 the reader cannot use: the score is the key the engine got.
    if (query.includes('storage')) return { json: { hits: { hits: [{ _id: 'plans', _score: XAUTH }] } } };
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

const leg = () => ({
  type: 'opensearch',
  url: engine.url,
  index: 'tiny',
  headers: { 'Ocp-Apim-Subscription-Key': APIM, 'X-Auth': XAUTH, 'User-Agent': 'probe/1' },
  retries: 0,
});

/** The headers as every shown copy must hold them: the allow-listed one as written, the others `(set)`. */
const SHOWN_HEADERS = { 'Ocp-Apim-Subscription-Key': '(set)', 'X-Auth': '(set)', 'User-Agent': 'probe/1' };

function filesUnder(dir: string): [string, string][] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).flatMap((name) => {
    const file = path.join(dir, name);
    return fs.statSync(file).isFile() ? [[file, fs.readFileSync(file, 'latin1')] as [string, string]] : [];
  });
}

function expectNoSecret(where: string, text: string, secrets = SERVER_SECRETS): void {
  for (const form of secrets) expect(text.includes(form), `${where} holds ${form}`).toBe(false);
}

describe('keys under header names no pattern catches', () => {
  it(
    'testbed experiment: report.json shows them (set), and no output holds a key the engine echoed',
    async () => {
      const out = path.join(root, 'out');
      const config = path.join(root, 'unnamed.yaml');
      fs.writeFileSync(
        config,
        `name: unnamed
corpus: ${TINY_BEIR}
level: doc
ks: [5]
metrics: [ndcg@10]
output: ${out}
grid:
  chunkers: [doc]
  embedders: [none]
  tokenizers: [porter]
  retrievers:
    - { name: cluster, legs: [${JSON.stringify(leg())}] }
`,
      );
      const before = engine.seen.length;
      const r = await runCli(['experiment', config, '--cache-dir', path.join(root, 'cache')]);
      expect(r.code, r.err).toBe(0);
      const seen = engine.seen.slice(before);
      expect(seen.length).toBeGreaterThan(0);
      for (const req of seen) {
        expect(req.headers['ocp-apim-subscription-key']).toBe(APIM);
        expect(req.headers['x-auth']).toBe(XAUTH);
      }
      const files = filesUnder(out);
      expect(files.map(([f]) => path.basename(f))).toContain('report.json');
      for (const [file, text] of files) expectNoSecret(file, text, CLI_SECRETS);
      expectNoSecret('stdout', r.out, CLI_SECRETS);
      expectNoSecret('stderr', r.err, CLI_SECRETS);
      const md = fs.readFileSync(path.join(out, 'report.md'), 'utf8');
      // Both failures are reported, with what the engine said and its keys cut out.
      expect(md).toContain('internal: subscription (secret) auth (secret) env (secret) token ');
      expect(md).toContain('(the score path) is the string "(secret)", not a finite number');
      const json = fs.readFileSync(path.join(out, 'report.json'), 'utf8');
      expect(json).toContain(`"Ocp-Apim-Subscription-Key": "(set)"`);
      expect(json).toContain(`"X-Auth": "(set)"`);
      expect(json).toContain(`"User-Agent": "probe/1"`);
    },
    timeBudget(120_000),
  );

  it(
    'testbed serve: the echoed pipeline shows them (set); error answers and the query log hold no secret it knows',
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
        token: TOKEN,
      });
      const search = (q: string) =>
        app.request('/search', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ index: 'tiny', q, level: 'doc', legs: [leg()] }),
        });
      const ok = await search('password reset');
      const okText = await ok.text();
      expect(ok.status, okText).toBe(200);
      expect((JSON.parse(okText) as { pipeline: { legs: { headers: unknown }[] } }).pipeline.legs[0]!.headers).toEqual(
        SHOWN_HEADERS,
      );
      const failed = await search('E1042');
      const failedText = await failed.text();
      expect(failed.status).toBe(502);
      expect(failedText).toContain('internal: subscription (secret) auth (secret) env (secret) token (secret)');
      const unreadable = await search('storage plan');
      const unreadableText = await unreadable.text();
      expect(unreadable.status).toBe(502);
      expect(unreadableText).toContain('is the string \\"(secret)\\", not a finite number');
      await queryLog.close();
      catalog.close();
      expectNoSecret('the search answer', okText);
      expectNoSecret('the error answer', failedText);
      expectNoSecret('the unreadable answer', unreadableText);
      const logs = filesUnder(logDir);
      expect(logs.length).toBeGreaterThan(0);
      for (const [file, text] of logs) expectNoSecret(file, text);
    },
    timeBudget(60_000),
  );
});

describe('RemoteError', () => {
  it('cuts a credential-named environment variable out of any problem, wherever it was built', () => {
    vi.stubEnv('PROBE_SERVICE_TOKEN', 'tok-51c0ffee77');
    const err = new RemoteError({ what: 'chat m' }, 'POST http://h/v1', 'said: tok-51c0ffee77 is wrong', 400);
    expect(err.message).toBe('chat m: POST http://h/v1 answered 400: said: (secret) is wrong');
    expect(err.problem).toBe('said: (secret) is wrong');
  });
});
