import { describe, expect, it } from 'vitest';
import { FUSION_DEFAULTS, parseFusionOptions, type FusionOptions } from '../../src/fusion/options.js';
import { createHybridRetriever, hybridSearch } from '../../src/retrievers/hybrid.js';
import { toLevel } from '../../src/retrievers/rank.js';
import type { Retriever, SearchOptions } from '../../src/retrievers/types.js';

type Chunk = [chunkId: string, score: number];

/**
 * A retriever over a fixed list of chunk scores (whatever the query): ranks them at the
 * requested level like the real ones, records what it was asked and reports its own stages.
 */
function fake(
  name: string,
  chunks: Chunk[],
  stages: Record<string, number>,
  opts: { delayMs?: number; ignoreK?: boolean; log?: string[] } = {},
) {
  const calls: SearchOptions[] = [];
  const retriever: Retriever = {
    name,
    async search(_query, options) {
      calls.push(options);
      opts.log?.push(`${name} start`);
      if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
      opts.log?.push(`${name} end`);
      const hits = chunks.map(([chunkId, score]) => {
        return { id: chunkId, docId: chunkId.split('#')[0] ?? '', chunkId, score };
      });
      const k = opts.ignoreK ? hits.length : options.k;
      return { hits: toLevel(hits, options.level, k), timings: { ...stages } };
    },
  };
  return { retriever, calls };
}

// bm25 ranks (chunk):  d1#0 1, d2#0 2, d1#1 3, d3#1 4, d4#0 5
// dense ranks (chunk): d3#0 1, d1#1 2, d5#0 3, d2#1 4, d1#0 5
const BM25: Chunk[] = [
  ['d1#0', 9],
  ['d2#0', 7],
  ['d1#1', 5],
  ['d3#1', 3],
  ['d4#0', 1],
];
const DENSE: Chunk[] = [
  ['d3#0', 0.9],
  ['d1#1', 0.8],
  ['d5#0', 0.7],
  ['d2#1', 0.6],
  ['d1#0', 0.2],
];

function legs(opts: { delayMs?: number; ignoreK?: boolean; log?: string[] } = {}) {
  const lexical = fake('fts', BM25, { sql: 1.5 }, opts);
  const dense = fake('vec', DENSE, { embed: 2, knn: 0.5 }, opts);
  return { lexical, dense };
}

describe('hybrid retriever', () => {
  it('is named hybrid', () => {
    const { lexical, dense } = legs();
    expect(createHybridRetriever(lexical.retriever, dense.retriever, FUSION_DEFAULTS.rrf).name).toBe('hybrid');
  });

  it('fuses chunks with RRF, carrying each leg rank and score', async () => {
    const { lexical, dense } = legs();
    const hybrid = createHybridRetriever(lexical.retriever, dense.retriever, FUSION_DEFAULTS.rrf);
    const { hits } = await hybrid.search('q', { k: 10, level: 'chunk' });
    expect(hits.map((h) => [h.id, h.rank, h.score])).toEqual([
      ['d1#1', 1, 1 / (60 + 3) + 1 / (60 + 2)],
      ['d1#0', 2, 1 / (60 + 1) + 1 / (60 + 5)],
      ['d3#0', 3, 1 / (60 + 1)],
      ['d2#0', 4, 1 / (60 + 2)],
      ['d5#0', 5, 1 / (60 + 3)],
      // d2#1 and d3#1 both 1/(60+4): ids descending (trec_eval's tie-break)
      ['d3#1', 6, 1 / (60 + 4)],
      ['d2#1', 7, 1 / (60 + 4)],
      ['d4#0', 8, 1 / (60 + 5)],
    ]);
    expect(hits[0]).toEqual({
      id: 'd1#1',
      docId: 'd1',
      chunkId: 'd1#1',
      score: 1 / (60 + 3) + 1 / (60 + 2),
      rank: 1,
      sources: { bm25: { rank: 3, score: 5 }, dense: { rank: 2, score: 0.8 } },
    });
    expect(hits.find((h) => h.id === 'd5#0')?.sources).toEqual({ dense: { rank: 3, score: 0.7 } });
  });

  it('fuses documents at doc level, keeping the chunk from the leg where the document ranked best', async () => {
    // bm25 docs:  d1 1 (d1#0), d2 2 (d2#0), d3 3 (d3#1), d4 4
    // dense docs: d3 1 (d3#0), d1 2 (d1#1), d5 3, d2 4 (d2#1)
    const { lexical, dense } = legs();
    const hybrid = createHybridRetriever(lexical.retriever, dense.retriever, FUSION_DEFAULTS.rrf);
    const { hits } = await hybrid.search('q', { k: 10, level: 'doc' });
    expect(lexical.calls).toEqual([{ k: 100, level: 'doc' }]);
    expect(dense.calls).toEqual([{ k: 100, level: 'doc' }]);
    expect(hits.map((h) => [h.id, h.rank, h.score, h.chunkId])).toEqual([
      ['d1', 1, 1 / (60 + 1) + 1 / (60 + 2), 'd1#0'],
      ['d3', 2, 1 / (60 + 3) + 1 / (60 + 1), 'd3#0'],
      ['d2', 3, 1 / (60 + 2) + 1 / (60 + 4), 'd2#0'],
      ['d5', 4, 1 / (60 + 3), 'd5#0'],
      ['d4', 5, 1 / (60 + 4), 'd4#0'],
    ]);
    expect(hits.every((h) => h.docId === h.id)).toBe(true);
    expect(hits[1]?.sources).toEqual({ bm25: { rank: 3, score: 3 }, dense: { rank: 1, score: 0.9 } });
  });

  it('returns at most k hits, ranked from 1', async () => {
    const { lexical, dense } = legs();
    const hybrid = createHybridRetriever(lexical.retriever, dense.retriever, FUSION_DEFAULTS.rrf);
    const { hits } = await hybrid.search('q', { k: 3, level: 'chunk' });
    expect(hits.map((h) => [h.id, h.rank])).toEqual([
      ['d1#1', 1],
      ['d1#0', 2],
      ['d3#0', 3],
    ]);
    expect((await hybrid.search('q', { k: 0, level: 'chunk' })).hits).toEqual([]);
  });

  it('asks each leg for depth hits, so only their top depth are fused', async () => {
    const { lexical, dense } = legs();
    const fusion: FusionOptions = { ...FUSION_DEFAULTS.rrf, depth: 2 };
    const hybrid = createHybridRetriever(lexical.retriever, dense.retriever, fusion);
    const { hits } = await hybrid.search('q', { k: 10, level: 'chunk' });
    expect(lexical.calls).toEqual([{ k: 2, level: 'chunk' }]);
    expect(dense.calls).toEqual([{ k: 2, level: 'chunk' }]);
    // bm25 top 2: d1#0, d2#0; dense top 2: d3#0, d1#1. d1#0 is dense rank 5: cut, so bm25 only.
    // Equal fused scores rank by id descending (trec_eval's tie-break).
    expect(hits.map((h) => [h.id, h.score])).toEqual([
      ['d3#0', 1 / (60 + 1)],
      ['d1#0', 1 / (60 + 1)],
      ['d2#0', 1 / (60 + 2)],
      ['d1#1', 1 / (60 + 2)],
    ]);
    expect(hits[1]?.sources).toEqual({ bm25: { rank: 1, score: 9 } });
  });

  it('cuts a leg that returns more than depth', async () => {
    const { lexical, dense } = legs({ ignoreK: true });
    const { hits } = await hybridSearch(lexical.retriever, dense.retriever, 'q', { k: 10, level: 'chunk' }, {
      ...FUSION_DEFAULTS.rrf,
      depth: 1,
    });
    // Both fuse to 1/(60+1): ids descending.
    expect(hits.map((h) => h.id)).toEqual(['d3#0', 'd1#0']);
  });

  it('runs both legs concurrently and times each, with their stages prefixed', async () => {
    const log: string[] = [];
    const { lexical, dense } = legs({ delayMs: 30, log });
    const { timings } = await hybridSearch(
      lexical.retriever,
      dense.retriever,
      'q',
      { k: 5, level: 'chunk' },
      FUSION_DEFAULTS.rrf,
    );
    expect(log.slice(0, 2).sort()).toEqual(['fts start', 'vec start']);
    expect(Object.keys(timings).sort()).toEqual(['bm25', 'bm25.sql', 'dense', 'dense.embed', 'dense.knn', 'fuse']);
    expect(timings['bm25.sql']).toBe(1.5);
    expect(timings['dense.embed']).toBe(2);
    expect(timings['dense.knn']).toBe(0.5);
    // Wall time of each leg, which waited 30 ms (timers may fire a little early).
    expect(timings.bm25).toBeGreaterThanOrEqual(25);
    expect(timings.dense).toBeGreaterThanOrEqual(25);
    expect(timings.fuse).toBeGreaterThanOrEqual(0);
  });

  it('fuses by normalised score when asked, alpha 1 being the dense leg alone', async () => {
    const { lexical, dense } = legs();
    const fusion = parseFusionOptions({ fusion: 'score', alpha: '1' });
    const { hits } = await createHybridRetriever(lexical.retriever, dense.retriever, fusion).search('q', {
      k: 10,
      level: 'chunk',
    });
    expect(hits.map((h) => h.id)).toEqual(DENSE.map(([id]) => id));
    // dense min-max: (s - 0.2) / (0.9 - 0.2)
    expect(hits[1]?.score).toBeCloseTo((0.8 - 0.2) / (0.9 - 0.2), 12);
    expect(hits[1]?.sources).toEqual({ bm25: { rank: 3, score: 5 }, dense: { rank: 2, score: 0.8 } });
  });

  it('hybridSearch takes per-call fusion options', async () => {
    const { lexical, dense } = legs();
    const search = (fusion: FusionOptions) =>
      hybridSearch(lexical.retriever, dense.retriever, 'q', { k: 2, level: 'doc' }, fusion);
    // Lexical only: the bm25 doc order d1, d2.
    const lexicalOnly = await search(parseFusionOptions({ weights: '1,0' }));
    expect(lexicalOnly.hits.map((h) => h.id)).toEqual(['d1', 'd2']);
    // Dense only: d3, d1.
    const denseOnly = await search(parseFusionOptions({ fusion: 'score', alpha: 1 }));
    expect(denseOnly.hits.map((h) => h.id)).toEqual(['d3', 'd1']);
  });
});
