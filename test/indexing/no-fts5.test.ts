import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIndex } from '../../src/indexing/build-index.js';
import { pipelineForMode } from '../../src/pipeline/search-spec.js';
import type { Searcher } from '../../src/search/searcher.js';
import { IndexReader } from '../../src/store/index-reader.js';
import { runCli } from '../helpers/cli.js';
import { lexicalSearcher } from '../helpers/lexical-fixtures.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

const QUERIES = fs
  .readFileSync(path.join(TINY_BEIR, 'queries.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => (JSON.parse(line) as { text: string }).text);

/** The names of an index file's tables (FTS5's shadow tables included). */
function tables(file: string): string[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").pluck().all() as string[];
  } finally {
    db.close();
  }
}

describe('an index built with --no-fts5', () => {
  const dir = tmpDir('no-fts5-');
  const withFts5 = path.join(dir, 'with.sqlite');
  const without = path.join(dir, 'without.sqlite');
  const searchers: Searcher[] = [];
  let full: Searcher;
  let lean: Searcher;
  let cli: Awaited<ReturnType<typeof runCli>>;

  beforeAll(async () => {
    await buildIndex({
      corpus: TINY_BEIR,
      out: withFts5,
      chunker: 'words:12:4',
      embedder: 'none',
      tokenizer: 'english',
    });
    cli = await runCli([
      'index',
      TINY_BEIR,
      ...['--out', without, '--chunker', 'words:12:4', '--embedder', 'none', '--tokenizer', 'english', '--no-fts5'],
    ]);
    full = lexicalSearcher('with', withFts5);
    lean = lexicalSearcher('without', without);
    searchers.push(full, lean);
  });
  afterAll(() => {
    for (const s of searchers) s.close();
  });

  it('has no FTS5 table, says so in its metadata and in the build summary, and is smaller', () => {
    expect(cli.code, cli.err).toBe(0);
    expect(cli.err).toContain('tokenizer english (no FTS5 table)');
    expect(tables(withFts5).filter((t) => t.startsWith('chunks_fts'))).not.toEqual([]);
    expect(tables(without).filter((t) => t.startsWith('chunks_fts'))).toEqual([]);
    const reader = IndexReader.open(without);
    try {
      expect(reader.meta.fts5).toBe(false);
      expect(reader.hasFts5).toBe(false);
    } finally {
      reader.close();
    }
    expect(fs.statSync(without).size).toBeLessThan(fs.statSync(withFts5).size);
  });

  it('ranks every query with engine postings exactly as the index with FTS5 does', async () => {
    let hits = 0;
    for (const query of QUERIES)
      for (const params of [
        { k: 10, level: 'doc' },
        { k: 20, level: 'chunk', k1: 0.9, b: 0.4 },
      ]) {
        const spec = {
          query,
          mode: 'bm25' as const,
          pipeline: pipelineForMode('bm25', { engine: 'postings', ...params }),
        };
        const want = (await full.search(spec)).hits;
        expect((await lean.search(spec)).hits, query).toEqual(want);
        hits += want.length;
      }
    expect(hits).toBeGreaterThan(20);
  });

  it('refuses engine fts5 with what to use instead, where the index with FTS5 answers', async () => {
    const spec = { query: QUERIES[0]!, mode: 'bm25' as const, pipeline: pipelineForMode('bm25', { engine: 'fts5' }) };
    expect((await full.search(spec)).hits.length).toBeGreaterThan(0);
    await expect(lean.search(spec)).rejects.toThrow(
      /index "without" was built without FTS5 \(--no-fts5\): use engine postings .* or rebuild the index without --no-fts5/,
    );
  });

  it("is refused with a tokenizer that is FTS5's own, leaving no file", async () => {
    const out = path.join(dir, 'porter.sqlite');
    await expect(
      buildIndex({ corpus: TINY_BEIR, out, embedder: 'none', tokenizer: 'porter', fts5: false }),
    ).rejects.toThrow('--no-fts5 leaves no engine for tokenizer porter');
    expect(fs.existsSync(out)).toBe(false);
  });
});
