import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { createApp } from '../../src/http/app.js';
import { FakeOpenAIServer } from '../embedders/fake-openai-server.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

/**
 * An openai embedder named in a request makes the server post to its base URL, so over HTTP
 * that URL must be one of the origins `testbed serve --allow-remote` names; none by default.
 */
const root = tmpDir('openai-origins-');
const corporaRoot = path.join(root, 'corpora');
const fake = new FakeOpenAIServer();
let catalog: IndexCatalog;
let closed: ReturnType<typeof createApp>;
let open: ReturnType<typeof createApp>;

beforeAll(async () => {
  await fake.start();
  fs.cpSync(TINY_BEIR, path.join(corporaRoot, 'tiny'), { recursive: true });
  catalog = new IndexCatalog(path.join(root, 'data'));
  const common = {
    catalog,
    corporaRoot,
    experimentsRoot: path.join(root, 'experiments'),
    resultsRoot: path.join(root, 'results'),
    cacheDir: path.join(root, 'cache'),
  };
  closed = createApp(common);
  open = createApp({ ...common, allowedRemoteOrigins: [fake.originUrl] });
});
afterAll(async () => {
  await catalog.close();
  await fake.close();
});

afterEach(() => vi.unstubAllEnvs());

const post = (app: ReturnType<typeof createApp>, url: string, body: unknown) =>
  app.request(url, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
const errorOf = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;

describe('openai embedders over HTTP', () => {
  it('POST /indexes is a 403 for an origin the server was not started with, and starts nothing', async () => {
    const embedder = `openai:tiny@${fake.base}`;
    const res = await post(closed, '/indexes', { name: 'remote', corpus: 'tiny', embedder });
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toContain(
      `this server does not call ${fake.originUrl}; start it with --allow-remote ${fake.originUrl}`,
    );
    expect(catalog.builds.job('remote')).toBeUndefined();
    expect(fake.requests).toHaveLength(0);
  });

  it('POST /experiments is a 403 for the same embedder in a grid', async () => {
    const yaml = `name: remote-x\ncorpus: tiny\ngrid:\n  embedders: ['hash:8', 'openai:tiny@${fake.base}']\n  retrievers: [{ name: d, mode: dense }]\n`;
    const res = await post(closed, '/experiments', { yaml });
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toMatch(/grid\.embedders\.1.*--allow-remote/);
    expect(fs.existsSync(path.join(root, 'results', 'remote-x'))).toBe(false);
  });

  it("with a key in the server's environment (TESTBED_OPENAI_KEY_VAR), a request's endpoint is a 403 until TESTBED_OPENAI_KEY_ORIGIN says where the key goes", async () => {
    vi.stubEnv('TESTBED_OPENAI_KEY_VAR', 'SERVER_EMBED_KEY');
    vi.stubEnv('SERVER_EMBED_KEY', 'sk-server-1');
    vi.stubEnv('TESTBED_OPENAI_KEY_ORIGIN', undefined);
    const res = await post(open, '/indexes', { name: 'keyed', corpus: 'tiny', embedder: `openai:tiny@${fake.base}` });
    expect(res.status).toBe(403);
    const message = await errorOf(res);
    expect(message).toContain('TESTBED_OPENAI_KEY_ORIGIN');
    expect(message).not.toContain('sk-server-1');
    expect(catalog.builds.job('keyed')).toBeUndefined();
    expect(fake.requests).toHaveLength(0);
  });

  it('a malformed openai spec is a 400 whatever the allow-list', async () => {
    const res = await post(open, '/indexes', { name: 'bad', corpus: 'tiny', embedder: 'openai:tiny' });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatch(/openai:<model>@<base-url>/);
  });

  it('with the origin allowed, the build runs and embeds through that server', async () => {
    const res = await post(open, '/indexes', {
      name: 'remote',
      corpus: 'tiny',
      chunker: 'doc',
      embedder: `openai:tiny@${fake.base}`,
    });
    expect(res.status).toBe(202);
    let info:
      | {
          job: { state: string; error?: string };
          meta: { embedder: { id: string }; counts: { chunks: number } } | null;
        }
      | undefined;
    // Polled until done, bounded by the test's timeout alone: a loaded machine is slow, not wrong.
    for (;;) {
      info = (await (await open.request('/indexes/remote')).json()) as typeof info;
      if (info!.job.state !== 'running' && info!.job.state !== 'queued') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(info!.job, info!.job.error).toMatchObject({ state: 'done' });
    expect(info!.meta!.embedder.id).toBe(`openai:tiny@${fake.base}`);
    // The probe, then the documents (chunker doc: one chunk each, fewer than one batch).
    expect(fake.inputs().map((i) => i.length)).toEqual([1, info!.meta!.counts.chunks]);
  });
});
