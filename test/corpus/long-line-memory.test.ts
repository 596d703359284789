import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { tmpDir, writeTmp } from './helpers.js';
import { timeBudget } from '../helpers/time-budget.js';

const run = promisify(execFile);
const CHILD = fileURLToPath(new URL('./long-line-child.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const DOC_MB = 40;
// Five times the document: the line's text while it is decoded and joined, the parsed document
// (JSON.parse shares the line's characters), and the chunks. Before, reading joined the line's
// bytes before decoding and chunking held an object per word: the same run crashed at 300 MB.
const HEAP_MB = 5 * DOC_MB;

describe('reading and chunking a corpus whose one line is 40 MB', () => {
  it(
    `fits in ${HEAP_MB} MB of heap`,
    async () => {
      const unit = 'alpha beta gamma delta epsilon zeta eta theta ';
      const text = unit.repeat(Math.ceil((DOC_MB * 1_000_000) / unit.length)).slice(0, DOC_MB * 1_000_000);
      const dir = tmpDir();
      writeTmp(
        dir,
        'corpus.jsonl',
        `${JSON.stringify({ _id: 'big', text })}\n{"_id": "small", "text": "a small one"}\n`,
      );
      const { stdout } = await run(
        process.execPath,
        [`--max-old-space-size=${HEAP_MB}`, '--import', 'tsx', CHILD, dir],
        {
          cwd: ROOT,
          timeout: timeBudget(60_000),
        },
      );
      const result = JSON.parse(stdout) as { docs: number; chunks: number; longest: number };
      expect(result.docs).toBe(2);
      expect(result.chunks).toBeGreaterThan(30_000); // ~6M words in chunks of at most 200
      expect(result.longest).toBeLessThanOrEqual(200 * 255);
    },
    timeBudget(60_000),
  );
});
