import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';
import { servedUrl } from '../helpers/served-url.js';
import { timeBudget } from '../helpers/time-budget.js';

const BIN = path.resolve(import.meta.dirname, '../../bin/testbed.js');

/** Starts `testbed serve` on 127.0.0.1 (port 0) with `flags`, runs `body` against its URL, and stops it. */
async function withServe(root: string, flags: string[], body: (url: string) => Promise<void>): Promise<void> {
  const child = spawn(
    process.execPath,
    [BIN, 'serve', '--data', 'data', '--corpora', 'corpora', '--port', '0', ...flags],
    {
      cwd: root,
      env: { ...process.env, MODELS_DIR: path.join(root, 'no-models'), TRANSFORMERS_OFFLINE: '' },
    },
  );
  const served = servedUrl(child);
  try {
    await body((await served).url);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const build = (url: string) =>
  fetch(`${url}/indexes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'm', corpus: 'tiny', embedder: 'transformers:Xenova/not-on-this-server' }),
  });

describe('testbed serve --allow-model-downloads', () => {
  it(
    'without it a model not on the machine is a 403 naming the flag; with it the build is queued',
    async () => {
      const root = tmpDir('serve-models-');
      fs.cpSync(TINY_BEIR, path.join(root, 'corpora', 'tiny'), { recursive: true });
      fs.mkdirSync(path.join(root, 'data'));
      await withServe(root, [], async (url) => {
        const res = await build(url);
        expect(res.status).toBe(403);
        expect(((await res.json()) as { error: { message: string } }).error.message).toContain(
          'start it with --allow-model-downloads',
        );
      });
      await withServe(root, ['--allow-model-downloads'], async (url) => {
        expect((await build(url)).status).toBe(202);
      });
    },
    timeBudget(120_000),
  );
});
