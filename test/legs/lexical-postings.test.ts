import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildIndex } from '../../src/indexing/build-index.js';
import { pipelineForMode } from '../../src/pipeline/search-spec.js';
import type { Searcher } from '../../src/search/searcher.js';
import type { Engine } from '../../src/search/types.js';
import { lexicalSearcher } from '../helpers/lexical-fixtures.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

const QUERIES = fs
  .readFileSync(path.join(TINY_BEIR, 'queries.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => (JSON.parse(line) as { text: string }).text);

describe('the lexical leg with engine postings', () => {
  const dir = tmpDir('lexical-postings-');
  const searchers: Record<string, Searcher> = {};
  beforeAll(async () => {
    for (const [name, options] of [
      ['english', { tokenizer: 'english' }],
      ['porter', { tokenizer: 'porter' }],
      ['old', { tokenizer: 'porter', postings: false }],
    ] as const) {
      const out = path.join(dir, `${name}.sqlite`);
      // Small word windows: several chunks per document, so document level collapses chunks.
      await buildIndex({ corpus: TINY_BEIR, out, chunker: 'words:12:4', embedder: 'none', ...options });
      searchers[name] = lexicalSearcher(name, out);
    }
  });
  afterAll(() => {
    for (const s of Object.values(searchers)) s.close();
  });

  const search = async (index: string, engine: Engine, query: string, params: Record<string, unknown>) =>
    (await searchers[index]!.search({ query, mode: 'bm25', pipeline: pipelineForMode('bm25', { engine, ...params }) }))
      .hits;

  it('ranks the tiny fixture exactly as wink: every query, both levels, three (k1, b)', async () => {
    let hits = 0;
    for (const index of ['english', 'porter'])
      for (const query of QUERIES)
        for (const params of [
          { k: 100, level: 'doc' },
          { k: 10, level: 'chunk', k1: 1.2, b: 0.75 },
          { k: 5, level: 'doc', k1: 2, b: 1 },
        ]) {
          const want = await search(index, 'wink', query, params);
          expect(await search(index, 'postings', query, params), `${index} ${query}`).toEqual(want);
          hits += want.length;
        }
    expect(hits).toBeGreaterThan(50);
  });

  it('falls back to wink on an index without postings, saying so once on stderr', async () => {
    const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      for (const query of QUERIES) {
        const params = { k: 10, level: 'doc' };
        expect(await search('old', 'postings', query, params)).toEqual(await search('old', 'wink', query, params));
      }
      await search('old', 'postings', QUERIES[0]!, { k: 10, level: 'doc', k1: 1.5 });
      const notices = write.mock.calls
        .map(([text]) => String(text))
        .filter((text) => text.includes('no BM25 postings'));
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatch(/^index old has no BM25 postings .*engine postings answers with wink.*\n$/);
    } finally {
      write.mockRestore();
    }
  });

  it('takes k1 and b, which fts5 refuses', () => {
    expect(() => pipelineForMode('bm25', { engine: 'postings', k1: 1.5, b: 0.3 })).not.toThrow();
    expect(() => pipelineForMode('bm25', { engine: 'fts5', k1: 1.5 })).toThrow(/engine postings or wink/);
  });
});
