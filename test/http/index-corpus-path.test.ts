import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { createApp } from '../../src/http/app.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

// The server as npm start runs it: working folder = the project, corpora root = "corpora".
const work = tmpDir('index-corpus-');
const home = process.cwd();
let catalog: IndexCatalog;
let app: ReturnType<typeof createApp>;

beforeAll(() => {
  fs.cpSync(TINY_BEIR, path.join(work, 'corpora', 'tiny'), { recursive: true });
  fs.cpSync(TINY_BEIR, path.join(work, 'elsewhere'), { recursive: true });
  process.chdir(work);
  catalog = new IndexCatalog(path.join(work, 'data'));
  app = createApp({ catalog, corporaRoot: 'corpora' });
});
afterAll(async () => {
  process.chdir(home);
  await catalog.close();
});

const post = (body: unknown) =>
  app.request('/indexes', {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });

/**
 * Waits for the build of `name` to finish; returns the corpus path its index records. No deadline
 * of its own (10 s was one, short on a loaded machine): the test's timeout bounds the wait.
 */
async function builtCorpus(name: string): Promise<string> {
  for (;;) {
    const info = (await (await app.request(`/indexes/${name}`)).json()) as {
      job: { state: string; error?: string };
      meta: { corpus: { path: string } } | null;
    };
    if (info.job.state === 'failed') throw new Error(info.job.error);
    if (info.job.state === 'done') return info.meta!.corpus.path;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('POST /indexes corpus paths', () => {
  it('reads "corpora/tiny" as the CLI does from the server folder, and "tiny" from the corpora root', async () => {
    for (const [name, corpus] of [
      ['as-cli', 'corpora/tiny'],
      ['as-root', 'tiny'],
      ['absolute', path.join(work, 'corpora', 'tiny')],
    ] as const) {
      const res = await post({ name, corpus, chunker: 'doc', embedder: 'none' });
      expect(res.status, corpus).toBe(202);
      // every spelling reads corpora/tiny, answered relative to the corpora root as a request writes it
      expect(await builtCorpus(name), corpus).toBe('tiny');
    }
  });

  it('a path outside the corpora root is a 400 that says what to write instead', async () => {
    for (const corpus of ['../elsewhere', path.join(work, 'elsewhere')]) {
      const res = await post({ name: 'x', corpus });
      expect(res.status, corpus).toBe(400);
      const { error } = (await res.json()) as { error: { message: string } };
      // an absolute path is echoed as its last segment only: no message carries a server path
      const echoed = path.isAbsolute(corpus) ? path.basename(corpus) : corpus;
      expect(error.message, corpus).toBe(
        `corpus path ${JSON.stringify(echoed)} is outside the corpora root: write "NAME" (relative to the corpora root) or "${path.join('corpora', 'NAME')}" (from the server's folder)`,
      );
    }
    // in the server's folder but not under the corpora root: looked for under the root only
    expect((await post({ name: 'x', corpus: 'elsewhere' })).status).toBe(404);
  });
});
