import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHashEmbedder } from '../../src/embedders/hash.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import { Searcher } from '../../src/search/searcher.js';
import { tmpDir } from '../helpers/tmp.js';
import { spawnLines } from './helpers/child-lines.js';
import { writeGeneratedCorpus } from './helpers/generated-corpus.js';
import { buildTemps, sha256, tempPid } from './helpers/index-files.js';
import { searchRequest } from './helpers/search-request.js';

/**
 * SIGKILL an index build, for real, in each of its phases: the index already at the destination
 * must come through byte for byte and stay searchable, nothing half-written may appear there,
 * and the next build must finish and sweep away the temp file the killed one left.
 */

const CHILD = path.resolve(import.meta.dirname, 'helpers/build-child.ts');
const DOCS = 5000;
const dir = tmpDir('kill-build-');
const corpus = path.join(dir, 'corpus.jsonl');
const dest = path.join(dir, 'data', 'idx.sqlite');
const cacheFile = path.join(dir, 'embeddings.sqlite');
const embedder = createHashEmbedder(64);

type Progress = { phase: string; done: number };
const progress = (line: string): Progress | undefined => {
  const m = /^progress (\w+) (\d+)/.exec(line);
  return m ? { phase: m[1]!, done: Number(m[2]) } : undefined;
};

/** Starts a rebuild of `dest` with another chunker and kills it at the first line `at` accepts. */
async function killBuildAt(at: (line: string) => boolean, env: NodeJS.ProcessEnv = {}) {
  const run = spawnLines(['--import', 'tsx', CHILD, corpus, dest, cacheFile, 'structure:200', 'hash:64'], { env });
  const line = await run.waitFor(at);
  run.child.kill('SIGKILL');
  expect(await run.exited).toBe('SIGKILL');
  expect(run.lines.some((l) => l.startsWith('done'))).toBe(false);
  return { pid: run.child.pid!, line };
}

beforeAll(() => {
  fs.mkdirSync(path.dirname(dest), { recursive: true });
  writeGeneratedCorpus(corpus, DOCS);
});

describe('SIGKILL during an index build', () => {
  it('a first build killed while embedding leaves nothing at the destination', async () => {
    const { pid } = await killBuildAt((l) => progress(l)?.phase === 'embedding');
    expect(fs.existsSync(dest)).toBe(false);
    expect(buildTemps(dest).map(tempPid)).toContain(pid);
  });

  describe('with a previous index at the destination', () => {
    let oldSha = '';

    beforeAll(async () => {
      await buildIndex({ corpus, out: dest, chunker: 'doc', embedder, cacheFile: path.join(dir, 'old-cache.sqlite') });
      oldSha = sha256(dest);
    });

    const killPoints: [string, (l: string) => boolean, NodeJS.ProcessEnv?][] = [
      [
        'reading: documents and chunks being stored',
        (l) => progress(l)?.phase === 'reading' && progress(l)!.done >= 256,
      ],
      ['embedding: half way', (l) => progress(l)?.phase === 'embedding' && progress(l)!.done >= DOCS / 2],
      ['building the full-text index', (l) => progress(l)?.phase === 'indexing'],
      [
        'temp file complete and fsynced, just before the rename',
        (l) => l.startsWith('before-rename '),
        { PAUSE_BEFORE_RENAME: '1' },
      ],
    ];

    it.each(killPoints)(
      'killed at %s: the old index is intact and searchable, the new build left only its temp file',
      async (_what, at, env) => {
        const before = buildTemps(dest);
        const { pid, line } = await killBuildAt(at, env);

        expect(sha256(dest)).toBe(oldSha);
        // the killed build was mid-way: its temp file is there; earlier killed builds' were swept by its start
        const temps = buildTemps(dest);
        expect(temps.map(tempPid)).toContain(pid);
        expect(
          temps.every((t) => tempPid(t) === pid),
          `left: ${temps.join(', ')} (before: ${before.join(', ')})`,
        ).toBe(true);
        if (line.startsWith('before-rename ')) {
          // the complete new file was one rename away, and the destination still is the old one
          const tmp = line.slice('before-rename '.length);
          expect(fs.statSync(tmp).size).toBeGreaterThan(0);
          const db = new Database(tmp, { readonly: true });
          expect(
            JSON.parse((db.prepare(`SELECT value FROM meta WHERE key = 'index'`).get() as { value: string }).value)
              .chunker,
          ).toBe('structure:200');
          db.close();
        }

        const searcher = new Searcher('idx', dest, async () => embedder);
        try {
          expect(searcher.meta.chunker).toBe('doc');
          expect(searcher.meta.counts.documents).toBe(DOCS);
          const bm25 = await searcher.search(searchRequest('bm25', 'doc01234', { k: 3, level: 'doc' }));
          expect(bm25.hits[0]?.doc_id).toBe('doc01234');
        } finally {
          searcher.close();
        }
      },
    );

    it("a rerun completes, swaps the new index in and removes the killed build's temp file", async () => {
      expect(buildTemps(dest).length).toBeGreaterThan(0);
      const run = spawnLines(['--import', 'tsx', CHILD, corpus, dest, cacheFile, 'structure:200', 'hash:64']);
      expect(await run.exited, run.stderr()).toBe(0);
      expect(buildTemps(dest)).toEqual([]);
      expect(sha256(dest)).not.toBe(oldSha);
      const searcher = new Searcher('idx', dest, async () => embedder);
      try {
        expect(searcher.meta.chunker).toBe('structure:200');
        expect(searcher.meta.counts).toMatchObject({ documents: DOCS, vectors: searcher.meta.counts.chunks });
        const hybrid = await searcher.search(searchRequest('hybrid', 'doc04321', { k: 3, level: 'doc' }));
        // the hash embedder barely sees one marker word, so BM25 carries it: first in that leg
        expect(hybrid.hits.find((h) => h.doc_id === 'doc04321')?.sources?.bm25?.rank).toBe(1);
      } finally {
        searcher.close();
      }
      // the embedding cache the killed builds were writing to is still a sound database
      const cache = new Database(cacheFile, { readonly: true });
      expect(cache.pragma('integrity_check', { simple: true })).toBe('ok');
      cache.close();
    });
  });
});
