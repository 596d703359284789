import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MODEL_HUB_ORIGIN } from '../../src/embedders/model-downloads.js';
import { createApp } from '../../src/http/app.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

/**
 * A request may name only models already on the server (MODELS_DIR, or the download cache) unless
 * the server was started to download them (--allow-model-downloads, or --allow-remote naming the
 * hub): a cross-encoder in /search's rerank stage, a `transformers:` embedder in POST /indexes or
 * an experiment's grid naming any other model is a 403 naming the flag, decided before anything
 * is fetched (fetch is watched: the hub is unreachable here anyway, so a refusal that came from a
 * failed download would show as a fetch call and a different error).
 */
const root = tmpDir('model-downloads-');
const dataDir = path.join(root, 'data');
const corporaRoot = path.join(root, 'corpora');
const modelsDir = path.join(root, 'models');
let catalog: IndexCatalog;
const ABSENT = 'Xenova/not-on-this-server';

beforeAll(async () => {
  await buildIndex({ corpus: TINY_BEIR, out: path.join(dataDir, 'tiny.sqlite'), chunker: 'doc', embedder: 'none' });
  fs.cpSync(TINY_BEIR, path.join(corporaRoot, 'tiny'), { recursive: true });
  // A model "present" in MODELS_DIR: its folder with a config.json is what a load finds first.
  fs.mkdirSync(path.join(modelsDir, 'Local', 'present'), { recursive: true });
  fs.writeFileSync(path.join(modelsDir, 'Local', 'present', 'config.json'), '{}');
  catalog = new IndexCatalog(dataDir);
});
afterAll(() => catalog.close());
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

const app = (allowedRemoteOrigins: string[] = []) =>
  createApp({
    catalog,
    corporaRoot,
    experimentsRoot: path.join(root, 'experiments'),
    resultsRoot: path.join(root, 'results'),
    cacheDir: path.join(root, 'cache'),
    allowedRemoteOrigins,
  });
const post = (a: ReturnType<typeof app>, url: string, body: unknown) =>
  a.request(url, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

async function expectRefused(res: Response, field: string, model: string) {
  expect(res.status).toBe(403);
  const { error } = (await res.json()) as { error: { code: string; message: string } };
  expect(error.code).toBe('forbidden');
  expect(error.message).toContain(`${field}: model "${model}" is not on this server`);
  expect(error.message).toContain('--allow-model-downloads');
  expect(error.message).toContain(`--allow-remote ${MODEL_HUB_ORIGIN}`);
}

describe('models a request names', () => {
  it('a cross-encoder not on the server in /search: a 403 naming the flag, and nothing fetched', async () => {
    vi.stubEnv('MODELS_DIR', modelsDir);
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const res = await post(app(), '/search', {
      index: 'tiny',
      q: 'plans',
      level: 'doc',
      legs: [{ type: 'lexical' }],
      rerank: { type: 'cross-encoder', model: ABSENT, depth: 5 },
    });
    await expectRefused(res, 'rerank.model', ABSENT);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('a transformers: embedder not on the server in POST /indexes: a 403, and no build starts', async () => {
    vi.stubEnv('MODELS_DIR', modelsDir);
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const res = await post(app(), '/indexes', { name: 'a', corpus: 'tiny', embedder: `transformers:${ABSENT}` });
    await expectRefused(res, 'embedder', ABSENT);
    expect(catalog.builds.job('a')).toBeUndefined();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("an experiment grid's embedder: a 403 naming the entry, and no job", async () => {
    vi.stubEnv('MODELS_DIR', modelsDir);
    const yaml = `name: m\ncorpus: tiny\ngrid:\n  embedders: ['hash:8', 'transformers:${ABSENT}']\n  retrievers: [{ name: d, mode: dense }]\n`;
    const res = await post(app(), '/experiments', { yaml });
    await expectRefused(res, 'grid.embedders.1', ABSENT);
    expect(fs.existsSync(path.join(root, 'results', 'm'))).toBe(false);
  });

  it('a model in MODELS_DIR passes the check (the build is queued)', async () => {
    vi.stubEnv('MODELS_DIR', modelsDir);
    const res = await post(app(), '/indexes', { name: 'b', corpus: 'tiny', embedder: 'transformers:Local/present' });
    expect(res.status).toBe(202);
  });

  it('with the hub allowed (what --allow-model-downloads passes), a model not on the server may be named', async () => {
    vi.stubEnv('MODELS_DIR', modelsDir);
    const res = await post(app([MODEL_HUB_ORIGIN]), '/indexes', {
      name: 'c',
      corpus: 'tiny',
      embedder: `transformers:${ABSENT}`,
    });
    expect(res.status).toBe(202);
  });
});
