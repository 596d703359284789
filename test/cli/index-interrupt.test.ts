import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tmpDir } from '../helpers/tmp.js';

/**
 * Ctrl-C in `testbed index` (issue 26): the command says in one line that it was interrupted,
 * exits 130 (128 + SIGINT), and leaves no `.building-*` temp file behind. The signal is sent
 * when the first embedding progress line appears, so the build is known to be under way; the
 * corpus (30,000 one-line documents) takes seconds more to embed and index, so it is still
 * building when the signal lands.
 */
const BIN = path.resolve(import.meta.dirname, '../../bin/testbed.js');
// `node bin/testbed.js` may first rebuild dist/ (~10 s); the build itself takes ~6 s unloaded.
const TIMEOUT_MS = 120_000;

describe('testbed index and Ctrl-C', () => {
  const dir = tmpDir('index-sigint-');

  it(
    'says it was interrupted, exits 130 and removes the partial file',
    async () => {
      const corpus = path.join(dir, 'corpus.jsonl');
      const lines = Array.from({ length: 30_000 }, (_, i) =>
        JSON.stringify({ _id: `d${i}`, text: `document ${i} about topic ${i % 97}` }),
      );
      fs.writeFileSync(corpus, lines.join('\n') + '\n');
      const out = path.join(dir, 'out', 'index.sqlite');
      fs.mkdirSync(path.dirname(out));
      const child = spawn(
        process.execPath,
        [BIN, 'index', corpus, '--out', out, '--embedder', 'hash:32', '--chunker', 'doc', '--tokenizer', 'english'],
        { env: { ...process.env, TESTBED_HOME: path.join(dir, 'cache') } },
      );
      let stderr = '';
      let signalled = false;
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (d: string) => {
        stderr += d;
        if (!signalled && /^embedding .*chunks$/m.test(stderr)) {
          signalled = true;
          child.kill('SIGINT');
        }
      });
      const code = await new Promise<number | string>((resolve) => child.once('exit', (c, s) => resolve(c ?? s ?? -1)));
      expect(signalled, stderr).toBe(true);
      expect(code, stderr).toBe(130);
      expect(stderr).toContain(`SIGINT: interrupted; no index written to ${out}, the partial file removed\n`);
      expect(stderr).not.toContain('wrote ');
      expect(fs.readdirSync(path.dirname(out))).toEqual([]);
    },
    TIMEOUT_MS,
  );
});
