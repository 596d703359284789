import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serveCommand } from '../../../src/cli/commands/serve-command.js';
import { createApp } from '../../../src/http/app.js';
import { checkTokenSetting, MIN_REMOTE_TOKEN_LENGTH, tokenMatches } from '../../../src/http/guards/token.js';
import { startServer } from '../../../src/http/start-server.js';
import { runCli } from '../../helpers/cli.js';
import { TINY_BEIR, tmpDir } from '../../helpers/tmp.js';
import { webFixture, type WebFixture } from '../../web/helpers/web-fixture.js';
import { expectRefused, JUDGEMENT, post } from './guard-fixture.js';

const TOKEN = 'correct-horse-battery-staple';
const JSON_TYPE = { 'content-type': 'application/json' };

let fx: WebFixture;
beforeAll(async () => {
  fx = await webFixture(tmpDir('guard-token-'), { token: TOKEN });
});
afterAll(() => fx.catalog.close());

describe('checkTokenSetting: tokens nobody could send or anybody could guess are refused at start', () => {
  it.each([
    ['', /empty or blank/],
    [' ', /empty or blank/],
    ['\t\n', /empty or blank/],
    [' padded-token-of-enough-length', /starts or ends with whitespace/],
    ['token-of-enough-length\n', /starts or ends with whitespace/],
    ['tökén-of-enough-length', /printable ASCII/],
  ])('%j, on loopback too', (token, message) => {
    expect(() => checkTokenSetting(token)).toThrow(message);
  });

  it(`under ${MIN_REMOTE_TOKEN_LENGTH} characters only when the network can reach the server`, () => {
    expect(() => checkTokenSetting('short', { host: '0.0.0.0' })).toThrow(
      /shorter than 16 characters, too guessable for 0\.0\.0\.0/,
    );
    expect(() => checkTokenSetting('x'.repeat(15), { host: '0.0.0.0' })).toThrow(/shorter/);
    expect(() => checkTokenSetting('x'.repeat(16), { host: '0.0.0.0' })).not.toThrow();
    expect(() => checkTokenSetting('short')).not.toThrow();
    expect(() => checkTokenSetting(undefined, { host: '0.0.0.0' })).not.toThrow();
  });
});

describe('startServer and createApp apply it', () => {
  const dirs = () => {
    const root = tmpDir('guard-token-server-');
    return { dataDir: path.join(root, 'data'), corporaRoot: root, port: 0 };
  };

  it("' ' is refused on 127.0.0.1 and on 0.0.0.0 (not taken for 'no token')", async () => {
    await expect(startServer({ ...dirs(), token: ' ' })).rejects.toThrow(/TESTBED_TOKEN is set but empty or blank/);
    await expect(startServer({ ...dirs(), host: '0.0.0.0', token: ' ' })).rejects.toThrow(/empty or blank/);
    expect(() => createApp({ catalog: fx.catalog, corporaRoot: fx.corporaRoot, token: ' ' })).toThrow(/empty or blank/);
  });

  it("'short' is refused for 0.0.0.0 but serves on 127.0.0.1", async () => {
    await expect(startServer({ ...dirs(), host: '0.0.0.0', token: 'short' })).rejects.toThrow(/shorter than 16/);
    const s = await startServer({ ...dirs(), token: 'short' });
    try {
      expect((await fetch(`${s.url}/health`)).status).toBe(200);
    } finally {
      await s.close();
    }
  });
});

describe('testbed serve reads TESTBED_TOKEN as set', () => {
  const saved = process.env.TESTBED_TOKEN;
  afterEach(() => {
    if (saved === undefined) delete process.env.TESTBED_TOKEN;
    else process.env.TESTBED_TOKEN = saved;
  });

  it.each(['', ' '])('TESTBED_TOKEN=%j: exit 2 with the reason, before anything is built or bound', async (token) => {
    process.env.TESTBED_TOKEN = token;
    const root = tmpDir('guard-token-cli-');
    const r = await runCli(['serve', '--port', '0', '--data', path.join(root, 'data'), '--corpora', root]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^testbed serve: TESTBED_TOKEN is set but empty or blank/);
    expect(fs.existsSync(path.join(root, 'data'))).toBe(false);
  });

  it("'short' with --host 0.0.0.0 is refused before --ensure builds anything", async () => {
    process.env.TESTBED_TOKEN = 'short';
    const root = tmpDir('guard-token-cli-short-');
    fs.cpSync(TINY_BEIR, path.join(root, 'tiny'), { recursive: true });
    const r = await runCli([
      'serve',
      '--host',
      '0.0.0.0',
      '--port',
      '0',
      '--ensure',
      'tiny',
      '--data',
      path.join(root, 'data'),
      '--corpora',
      root,
    ]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/TESTBED_TOKEN is shorter than 16 characters, too guessable for 0\.0\.0\.0/);
    expect(r.err).not.toContain('first start');
    expect(fs.existsSync(path.join(root, 'data'))).toBe(false);
  });

  it('--help documents --allowed-host and the token rules', () => {
    expect(serveCommand.usage).toContain('--allowed-host NAME');
    expect(serveCommand.usage).toContain('under 16 characters');
  });
});

describe('the bearer token over HTTP', () => {
  const send = (authorization?: string) =>
    post(fx, '/gold', JSON.stringify(JUDGEMENT), { ...JSON_TYPE, ...(authorization && { authorization }) });

  it('none: 401, nothing written', async () => {
    await expectRefused(fx, () => send(), 401, 'unauthorized');
  });

  it('wrong, of the same length and of another length: 403 either way, nothing written', async () => {
    const sameLength = 'x'.repeat(TOKEN.length);
    await expectRefused(fx, () => send(`Bearer ${sameLength}`), 403, 'forbidden');
    await expectRefused(fx, () => send('Bearer nope'), 403, 'forbidden');
    await expectRefused(fx, () => send(`Bearer ${TOKEN}x`), 403, 'forbidden');
  });

  it('the right one writes (the scheme name in any case)', async () => {
    expect((await send(`Bearer ${TOKEN}`)).status).toBe(201);
    expect((await send(`bearer ${TOKEN}`)).status).toBe(201);
  });

  it('tokenMatches compares digests, so any two lengths compare without throwing', () => {
    expect(tokenMatches(TOKEN, TOKEN)).toBe(true);
    expect(tokenMatches('', TOKEN)).toBe(false);
    expect(tokenMatches('x'.repeat(10_000), TOKEN)).toBe(false);
    expect(tokenMatches(TOKEN.slice(0, -1), TOKEN)).toBe(false);
  });
});
