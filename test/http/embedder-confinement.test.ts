import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { createApp } from '../../src/http/app.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

const root = tmpDir('models-');
const dataDir = path.join(root, 'data');
const corporaRoot = path.join(root, 'corpora');
let catalog: IndexCatalog;
let app: ReturnType<typeof createApp>;

beforeAll(() => {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.mkdirSync(corporaRoot, { recursive: true });
  fs.cpSync(TINY_BEIR, path.join(corporaRoot, 'tiny'), { recursive: true });
  catalog = new IndexCatalog(dataDir);
  app = createApp({
    catalog,
    corporaRoot,
    experimentsRoot: path.join(root, 'experiments'),
    resultsRoot: path.join(root, 'results'),
    cacheDir: path.join(root, 'cache'),
  });
});
afterAll(() => catalog.close());

const post = (url: string, body: unknown) =>
  app.request(url, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
const message = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;

describe('a model named over HTTP stays inside MODELS_DIR', () => {
  it('POST /indexes refuses folder paths and ids that climb out, the same way whether the folder exists or not, and starts nothing', async () => {
    const existing = await post('/indexes', { name: 'a', corpus: 'tiny', embedder: 'transformers:/etc' });
    const missing = await post('/indexes', { name: 'a', corpus: 'tiny', embedder: 'transformers:/no/such/folder' });
    for (const res of [existing, missing]) expect(res.status).toBe(400);
    // Nothing in the answer says which of the two folders exists.
    expect((await message(existing)).replace('/etc', 'X')).toBe(
      (await message(missing)).replace('/no/such/folder', 'X'),
    );
    for (const embedder of [
      'transformers:./models/x',
      'transformers:../x',
      'transformers:~/x',
      'transformers:a/../../etc',
      'transformers:a\\..\\b',
    ]) {
      const res = await post('/indexes', { name: 'a', corpus: 'tiny', embedder });
      expect(res.status, embedder).toBe(400);
      expect(await message(res)).toMatch(/MODELS_DIR/);
    }
    expect(catalog.builds.job('a')).toBeUndefined();
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it('a model id passes the path checks, and one not on the server is then refused as a download (model-downloads.test.ts)', async () => {
    const res = await post('/indexes', { name: 'b', corpus: 'tiny', embedder: 'transformers:Xenova/not-here' });
    expect(res.status).toBe(403);
    expect(await message(res)).toContain('--allow-model-downloads');
  });

  it('POST /experiments refuses the same embedders in a grid, naming the entry', async () => {
    const yaml = `name: x\ncorpus: tiny\ngrid:\n  embedders: ['hash:8', 'transformers:/etc']\n  retrievers: [{ name: d, mode: dense }]\n`;
    const res = await post('/experiments', { yaml });
    expect(res.status).toBe(400);
    expect(await message(res)).toMatch(/grid\.embedders\.1.*MODELS_DIR/);
    expect(fs.existsSync(path.join(root, 'results', 'x'))).toBe(false);
  });
});
