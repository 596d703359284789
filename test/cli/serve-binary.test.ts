import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../src/http/start-server.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';
import { servedUrl } from '../helpers/served-url.js';

const BIN = path.resolve(import.meta.dirname, '../../bin/testbed.js');

describe('testbed serve (the real binary, as npm start runs it)', () => {
  it('builds a missing index on first start, then serves it on 127.0.0.1', async () => {
    const root = tmpDir('serve-');
    fs.cpSync(TINY_BEIR, path.join(root, 'corpora', 'tiny'), { recursive: true });
    const child = spawn(
      process.execPath,
      [BIN, 'serve', '--ensure', 'tiny', '--data', 'data', '--corpora', 'corpora', '--port', '0'],
      {
        cwd: root,
        env: { ...process.env, MODELS_DIR: path.join(root, 'no-models'), TRANSFORMERS_OFFLINE: '1' },
      },
    );
    // The address, then the line that says the embedding has started.
    const served = servedUrl(child, { ready: (stderr) => stderr.includes('in the background') });
    try {
      const { url, stderr } = await served;
      // The lexical part first: served at once, and embedded by a build in the background.
      expect(stderr()).toContain('first start: building the lexical part of index "tiny"');
      expect(stderr()).toContain('embedding index "tiny" in the background');
      const health = (await (await fetch(`${url}/health`)).json()) as { indexes: number };
      expect(health.indexes).toBe(1);
      const bm25 = (await (await fetch(`${url}/search/bm25?index=tiny&q=E1042&k=2&level=doc`)).json()) as {
        hits: { id: string }[];
      };
      expect(bm25.hits[0]!.id).toBe('error-e1042');
      // Hybrid answers 503 (with the progress) until the vectors are in, then 200: polled, no clock.
      let hybrid: Response;
      for (;;) {
        hybrid = await fetch(`${url}/search/hybrid?index=tiny&q=E1042&k=2&level=doc`);
        if (hybrid.status === 200) break;
        expect(hybrid.status).toBe(503);
        expect(((await hybrid.json()) as { error: { code: string } }).error.code).toBe('embedding_in_progress');
        await new Promise((r) => setTimeout(r, 50));
      }
      const res = (await hybrid.json()) as { hits: { id: string }[] };
      expect(res.hits[0]!.id).toBe('error-e1042');
      const listed = (await (await fetch(`${url}/indexes/tiny`)).json()) as { job: { notices: string[] } };
      expect(listed.job.notices.some((n) => n.startsWith('embedder auto:'))).toBe(true);
      expect(fs.existsSync(path.join(root, 'data', 'tiny.sqlite'))).toBe(true);
      // The server runs in a folder without the project's tsconfig: the JSX pages must still render.
      for (const page of ['/', '/experiments']) {
        const html = await fetch(url + page, { headers: { accept: 'text/html' } });
        expect(html.status, page).toBe(200);
        expect(await html.text(), page).toMatch(/^<!DOCTYPE html>/i);
      }
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  });

  it('refuses to bind a non-loopback address without a token', async () => {
    const root = tmpDir('serve-host-');
    await expect(startServer({ dataDir: root, corporaRoot: root, host: '0.0.0.0', port: 0 })).rejects.toThrow(
      /TESTBED_TOKEN/,
    );
  });

  it('listens on 127.0.0.1 by default', async () => {
    const root = tmpDir('serve-default-');
    const s = await startServer({ dataDir: root, corporaRoot: root, port: 0 });
    try {
      expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await fetch(`${s.url}/health`)).status).toBe(200);
    } finally {
      await s.close();
    }
  });
});
