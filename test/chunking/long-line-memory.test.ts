import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { timeBudget } from '../helpers/time-budget.js';

const run = promisify(execFile);
const CHILD = fileURLToPath(new URL('./long-line-child.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const DOC_MB = 40;
// Three times the document. Before chunking streamed its words, structure:200 and words:200:50
// crashed a 40 MB line at 300 MB of heap (an object per word for ~6M words, plus every word of a
// 40 MB "sentence" held at once); they now finish in 80 MB.
const HEAP_MB = 3 * DOC_MB;

/** Runs the child under the heap limit; an out-of-memory abort rejects with its stderr. */
async function chunkInChild(kind: 'words' | 'token', specs: string[]) {
  const { stdout } = await run(
    process.execPath,
    [`--max-old-space-size=${HEAP_MB}`, '--import', 'tsx', CHILD, String(DOC_MB), kind, ...specs],
    { cwd: ROOT, timeout: timeBudget(60_000), maxBuffer: 1 << 20 },
  );
  return JSON.parse(stdout) as { spec: string; chunks: number; longest: number; maxChars: number }[];
}

describe('chunking a 40 MB single-line document', () => {
  it(
    `fits in ${HEAP_MB} MB of heap with every chunker, each chunk within its bound`,
    async () => {
      const results = await chunkInChild('words', ['structure:200', 'words:200:50', 'sentences:5:1']);
      expect(results.map((r) => r.spec)).toEqual(['structure:200', 'words:200:50', 'sentences:5:1']);
      for (const r of results) {
        expect(r.longest, r.spec).toBeLessThanOrEqual(r.maxChars);
        expect(r.chunks, r.spec).toBeGreaterThan(100);
      }
    },
    timeBudget(60_000),
  );

  it(
    `fits in ${HEAP_MB} MB of heap when the line is one 40 MB token`,
    async () => {
      const results = await chunkInChild('token', ['structure:200', 'words:200:50']);
      for (const r of results) expect(r.longest, r.spec).toBe(r.maxChars); // 200 words of 255 characters
    },
    timeBudget(60_000),
  );
});
