import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbedderPool } from '../../src/embedders/embedder-pool.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import { Searcher } from '../../src/search/searcher.js';
import { pipelineForMode } from '../../src/pipeline/search-spec.js';
import { makeTinyBert } from '../fixtures/tiny-bert/make-tiny-bert.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

/**
 * The transformers.js path end to end, offline: a generated BERT-shaped ONNX model is loaded
 * from a local folder by the real loading code, every chunk is embedded into the index, and
 * queries are embedded with the embedder the index records.
 */
describe('index and search with a transformers.js model from a local folder', () => {
  const dir = tmpDir('tiny-bert-index-');
  const model = path.join(dir, 'tiny-bert');
  const out = path.join(dir, 'tiny.sqlite');
  const pool = new EmbedderPool();
  let searcher: Searcher;

  beforeAll(async () => {
    await makeTinyBert(model, { seed: 11, maxPositions: 64 });
    await buildIndex({ corpus: TINY_BEIR, out, chunker: 'doc', embedder: `transformers:${model}` });
    searcher = new Searcher('tiny', out, (id) => pool.get(id));
  });
  afterAll(async () => {
    searcher.close();
    await pool.close();
  });

  it('records the model and counts the chunks longer than its 64-token input', () => {
    expect(searcher.meta.embedder).toMatchObject({ id: `transformers:${model}`, maxTokens: 64 });
    expect(searcher.meta.counts.vectors).toBe(12);
    // several fixture documents are far longer than 64 word pieces
    expect(searcher.meta.counts.truncatedChunks).toBeGreaterThan(0);
    expect(searcher.meta.counts.truncatedChunks).toBeLessThan(12);
  });

  it('dense search ranks a document first for a query equal to its own embedded text', async () => {
    // random weights carry no meaning, but identical input gives the identical vector
    const chunk = searcher.reader.chunk('release-3-2#0')!;
    const res = await searcher.search({
      query: `${chunk.title}\n\n${chunk.text}`,
      mode: 'dense',
      pipeline: pipelineForMode('dense', { k: 3, level: 'doc', engine: 'fts5' }),
    });
    expect(res.hits[0]!.id).toBe('release-3-2');
    expect(res.hits[0]!.score).toBeCloseTo(1, 5);
  });

  it('hybrid search fuses it with BM25', async () => {
    const res = await searcher.search({
      query: 'E2210 storage quota',
      mode: 'hybrid',
      pipeline: pipelineForMode('hybrid', { k: 3, level: 'doc', engine: 'fts5' }),
    });
    expect(res.hits[0]!.id).toBe('error-e2210');
    expect(res.hits[0]!.sources?.bm25?.rank).toBe(1);
    expect(res.hits[0]!.sources?.dense).toBeDefined();
  });
});
