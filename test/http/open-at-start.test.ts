import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../src/http/start-server.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import { tmpDir } from '../helpers/tmp.js';
import { writeGeneratedCorpus } from '../robustness/helpers/generated-corpus.js';

/**
 * A server opens every readable index of its data folder where its searches run before it
 * listens (`--lazy-open` opts out): seen from outside as the open file descriptors on the index
 * file once startServer has resolved and before any request, one per connection: the main
 * thread's for --workers 0, one per worker with workers. An unreadable file beside it is skipped.
 */

const root = tmpDir('open-at-start-');
const corporaRoot = path.join(root, 'corpora');
const corpus = path.join(corporaRoot, 'gen.jsonl');
let built: string;

beforeAll(async () => {
  fs.mkdirSync(corporaRoot, { recursive: true });
  writeGeneratedCorpus(corpus, 60);
  built = path.join(root, 'built.sqlite');
  await buildIndex({ corpus, out: built, chunker: 'doc', embedder: 'none' });
});

/** A data folder of its own (so descriptors of one scenario are told from another's) with the index and a broken file. */
function dataDirFor(name: string): { dataDir: string; file: string } {
  const dataDir = path.join(root, name);
  fs.mkdirSync(dataDir);
  const file = path.join(dataDir, 'lex.sqlite');
  fs.copyFileSync(built, file);
  fs.writeFileSync(path.join(dataDir, 'broken.sqlite'), 'not an index');
  return { dataDir, file };
}

/** Descriptors of this process (worker threads included) open on `file` itself. */
function descriptorsOn(file: string): number {
  const fds = fs.readdirSync('/proc/self/fd');
  return fds.filter((fd) => {
    try {
      return fs.readlinkSync(`/proc/self/fd/${fd}`) === file;
    } catch {
      return false; // closed since the listing
    }
  }).length;
}

describe.runIf(process.platform === 'linux')('serve opens its indexes before listening', () => {
  it.each([
    { name: 'in-process', workers: 0, lazyOpen: false, expected: 1 },
    { name: 'pooled', workers: 2, lazyOpen: false, expected: 2 },
    { name: 'lazy', workers: 0, lazyOpen: true, expected: 0 },
    { name: 'lazy-pooled', workers: 2, lazyOpen: true, expected: 0 },
  ])('$name: $expected connection(s) open before the first request', async ({ name, workers, lazyOpen, expected }) => {
    const { dataDir, file } = dataDirFor(name);
    const server = await startServer({ dataDir, corporaRoot, port: 0, workers, lazyOpen });
    try {
      expect(descriptorsOn(file)).toBe(expected);
      const res = await fetch(`${server.url}/search/bm25?index=lex&q=doc00007&k=3`);
      expect(res.status).toBe(200);
      // Opened by the search if not before; with workers, by the one worker that answered.
      expect(descriptorsOn(file)).toBe(Math.max(expected, 1));
      const broken = await fetch(`${server.url}/search/bm25?index=broken&q=doc00007`);
      expect(broken.status).toBe(409);
    } finally {
      await server.close();
    }
  });
});
