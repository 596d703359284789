import { describe, expect, it } from 'vitest';
import type { Hit } from '../../src/ranking/hit.js';
import { rerankHits, type Reranker } from '../../src/pipeline/rerank.js';
import { runPipeline } from '../../src/pipeline/run-pipeline.js';
import type { Retriever, SearchOptions } from '../../src/retrievers/types.js';
import { parsePipeline } from '../../src/pipeline/resolve-pipeline.js';
import { trecOrder } from '../../src/runs/run.js';
import { sig12 } from '../helpers/fused-score.js';

/** A leg that returns a fixed document list (best first) and records what it was asked. */
function leg(name: string, docs: [id: string, score: number][], asked: SearchOptions[] = []): Retriever {
  return {
    name,
    async search(_q, options) {
      asked.push(options);
      const hits: Hit[] = docs
        .slice(0, options.k)
        .map(([id, score], i) => ({ id, docId: id, chunkId: `${id}#${name}`, score, rank: i + 1 }));
      return { hits, timings: { scan: 1 } };
    },
  };
}

const A = leg('a', [
  ['d1', 9],
  ['d2', 8],
  ['d3', 7],
]);
const B = leg('b', [
  ['d3', 0.9],
  ['d4', 0.5],
  ['d1', 0.1],
]);

describe('runPipeline', () => {
  it('one leg: its own ranking cut to k, asked for k (not the fusion depth)', async () => {
    const asked: SearchOptions[] = [];
    const p = parsePipeline({ legs: [{ type: 'dense', name: 'a' }], k: 2, level: 'doc' });
    const { hits } = await runPipeline(
      {
        pipeline: p,
        legs: [
          leg(
            'a',
            [
              ['x', 3],
              ['y', 2],
              ['z', 1],
            ],
            asked,
          ),
        ],
      },
      'q',
    );
    expect(hits.map((h) => h.id)).toEqual(['x', 'y']);
    expect(asked[0]).toMatchObject({ k: 2, level: 'doc' });
    expect(hits[0]!.sources).toBeUndefined();
  });

  it('rrf: score = sum of w / (k + rank) over the legs holding the document (worked example)', async () => {
    const p = parsePipeline({
      legs: [
        { type: 'dense', name: 'a' },
        { type: 'dense', name: 'b' },
      ],
      fusion: { method: 'rrf', rrf_k: 1, weights: { a: 2, b: 1 } },
      k: 10,
      level: 'doc',
    });
    const { hits, timings } = await runPipeline({ pipeline: p, legs: [A, B] }, 'q');
    // d1: 2/(1+1) + 1/(1+3) = 1.25; d3: 2/(1+3) + 1/(1+1) = 1; d2: 2/(1+2) = 0.667; d4: 1/(1+2) = 0.333
    // (fused scores keep 12 significant digits)
    expect(hits.map((h) => [h.id, h.score])).toEqual([
      ['d1', 2 / 2 + 1 / 4],
      ['d3', 2 / 4 + 1 / 2],
      ['d2', sig12(2 / 3)],
      ['d4', sig12(1 / 3)],
    ]);
    expect(hits.map((h) => h.rank)).toEqual([1, 2, 3, 4]);
    expect(hits[0]!.sources).toEqual({ a: { rank: 1, score: 9 }, b: { rank: 3, score: 0.1 } });
    expect(Object.keys(timings).sort()).toEqual(['a', 'a.scan', 'b', 'b.scan', 'fuse']);
  });

  it('wsum over min-max: (s - min) / (max - min) per leg, weighted; a document absent from a leg gets 0 from it', async () => {
    const p = parsePipeline({
      legs: [
        { type: 'dense', name: 'a' },
        { type: 'dense', name: 'b' },
      ],
      fusion: { method: 'wsum', norm: 'minmax', weights: [0.5, 1] },
      k: 10,
      level: 'doc',
    });
    const { hits } = await runPipeline({ pipeline: p, legs: [A, B] }, 'q');
    const a = (s: number) => (s - 7) / (9 - 7);
    const b = (s: number) => (s - 0.1) / (0.9 - 0.1);
    const expected = new Map([
      ['d1', 0.5 * a(9) + b(0.1)],
      ['d2', 0.5 * a(8)],
      ['d3', 0.5 * a(7) + b(0.9)],
      ['d4', b(0.5)],
    ]);
    for (const h of hits) expect(h.score, h.id).toBeCloseTo(expected.get(h.id)!, 12);
    // d1 = 0.5 * 1 + 0 and d4 = 0 + 0.4 / 0.8 tie at 0.5: id descending puts d4 first.
    expect(hits.map((h) => h.id)).toEqual(['d3', 'd4', 'd1', 'd2']);
  });

  it('each leg is asked for fusion.depth hits, and contributes no more than that', async () => {
    const asked: SearchOptions[] = [];
    const p = parsePipeline({
      legs: [
        { type: 'dense', name: 'a' },
        { type: 'dense', name: 'b' },
      ],
      fusion: { depth: 1 },
      k: 10,
      level: 'doc',
    });
    const { hits } = await runPipeline(
      {
        pipeline: p,
        legs: [
          leg(
            'a',
            [
              ['d1', 9],
              ['d2', 8],
            ],
            asked,
          ),
          leg(
            'b',
            [
              ['d3', 1],
              ['d4', 0],
            ],
            asked,
          ),
        ],
      },
      'q',
    );
    expect(asked.map((o) => o.k)).toEqual([1, 1]);
    expect(hits.map((h) => h.id).sort()).toEqual(['d1', 'd3']);
  });

  it('a leg weighted 0 is switched off: its documents do not pad the list', async () => {
    const p = parsePipeline({
      legs: [
        { type: 'dense', name: 'a' },
        { type: 'dense', name: 'b' },
      ],
      fusion: { weights: [1, 0] },
      k: 10,
      level: 'doc',
    });
    const { hits } = await runPipeline({ pipeline: p, legs: [A, B] }, 'q');
    expect(hits.map((h) => h.id)).toEqual(['d1', 'd2', 'd3']);
  });

  it("equal fused scores rank by id descending, and a hit's chunk comes from the leg that ranked it best (ties: leg name order)", async () => {
    // x is rank 1 in a and rank 2 in b; y the reverse: equal RRF scores.
    const p = parsePipeline({
      legs: [
        { type: 'dense', name: 'b' },
        { type: 'dense', name: 'a' },
      ],
      k: 10,
      level: 'doc',
    });
    const { hits } = await runPipeline(
      {
        pipeline: p,
        legs: [
          leg('b', [
            ['y', 2],
            ['x', 1],
          ]),
          leg('a', [
            ['x', 2],
            ['y', 1],
          ]),
        ],
      },
      'q',
    );
    expect(hits.map((h) => h.id)).toEqual(['y', 'x']);
    expect(hits[0]!.score).toBe(hits[1]!.score);
    expect(hits.find((h) => h.id === 'x')!.chunkId).toBe('x#a');
    expect(hits.find((h) => h.id === 'y')!.chunkId).toBe('y#b');
  });

  it('passes the filter, query language and query id to every leg', async () => {
    const asked: SearchOptions[] = [];
    const p = parsePipeline({
      legs: [
        { type: 'dense', name: 'a' },
        { type: 'dense', name: 'b' },
      ],
      qlang: 'de',
      k: 3,
      level: 'doc',
    });
    const filter = {
      spec: {},
      key: '{}',
      sql: { where: '1', params: [] },
      rowids: new Set<number>(),
      chunkIds: new Set<string>(),
      docIds: new Set<string>(),
    };
    await runPipeline({ pipeline: p, legs: [leg('a', [], asked), leg('b', [], asked)], filter }, 'q', {
      queryId: 'q7',
      queryLang: 'fr',
    });
    for (const o of asked) expect(o).toMatchObject({ filter, queryLang: 'de', queryId: 'q7' });
  });
});

describe('rerank stage', () => {
  const hits: Hit[] = ['a', 'b', 'c', 'd'].map((id, i) => ({ id, docId: id, chunkId: id, score: 4 - i, rank: i + 1 }));
  const reverse: Reranker = { name: 'reverse', depth: 3, score: async (_q, c) => c.map((_, i) => i) };

  it('re-sorts the first depth hits by the reranker score and keeps the rest in order after them', async () => {
    const out = await rerankHits(reverse, 'q', hits, (h) => h.id);
    expect(out.map((h) => h.id)).toEqual(['c', 'b', 'a', 'd']);
    expect(out.map((h) => h.rank)).toEqual([1, 2, 3, 4]);
    // d keeps first-stage order below the head: its score 1 is shifted to floor 0 - 1 - (1 - 1) = -1,
    // so re-sorting by score (trec_eval, run files) cannot lift it back above a, scored 0.
    expect(out.map((h) => h.score)).toEqual([2, 1, 0, -1]);
    expect(trecOrder(out).map((h) => h.id)).toEqual(['c', 'b', 'a', 'd']);
  });

  it('shifts the whole tail by one amount, so its gaps and ties survive (ties keep id descending)', async () => {
    const first: Hit[] = [
      ['h', 10],
      ['t3', 7],
      ['t2', 7],
      ['t1', 2],
    ].map(([id, score], i) => ({
      id: String(id),
      docId: String(id),
      chunkId: String(id),
      score: Number(score),
      rank: i + 1,
    }));
    const out = await rerankHits({ name: 'one', depth: 1, score: async () => [0.5] }, 'q', first, (h) => h.id);
    // floor 0.5, gap max(1, 0.5) = 1, top of the tail 7: t3, t2 -> 0.5 - 1 - 0 = -0.5; t1 -> 0.5 - 1 - 5 = -5.5.
    expect(out.map((h) => [h.id, h.score])).toEqual([
      ['h', 0.5],
      ['t3', -0.5],
      ['t2', -0.5],
      ['t1', -5.5],
    ]);
    expect(trecOrder(out).map((h) => h.id)).toEqual(['h', 't3', 't2', 't1']);
  });

  it('in a pipeline: the first stage is asked for max(k, depth), the top depth reranked, then cut to k; timings and the first stage are reported', async () => {
    const asked: SearchOptions[] = [];
    const docs: [string, number][] = [
      ['d1', 6],
      ['d2', 5],
      ['d3', 4],
      ['d4', 3],
      ['d5', 2],
      ['d6', 1],
    ];
    const texts: string[] = [];
    const lastFirst: Reranker = {
      name: 'rev',
      depth: 4,
      score: async (_q, c) => (texts.push(...c.map((x) => x.text)), c.map((_, i) => i)),
    };
    const p = parsePipeline({ legs: [{ type: 'dense', name: 'a' }], k: 2, level: 'doc' });
    const out = await runPipeline(
      { pipeline: p, legs: [leg('a', docs, asked)], rerank: { reranker: lastFirst, textOf: (h) => `text of ${h.id}` } },
      'q',
      { queryId: 'q1' },
    );
    expect(asked[0]!.k).toBe(4);
    expect(texts).toEqual(['text of d1', 'text of d2', 'text of d3', 'text of d4']);
    // Reranked d4 d3 d2 d1, cut to k = 2.
    expect(out.hits.map((h) => h.id)).toEqual(['d4', 'd3']);
    expect(out.firstStage!.map((h) => h.id)).toEqual(['d1', 'd2', 'd3', 'd4']);
    expect(Object.keys(out.timings)).toContain('rerank');

    // k above depth: the first stage is asked for k; the hits below depth follow in first-stage order.
    const deep = parsePipeline({ legs: [{ type: 'dense', name: 'a' }], k: 6, level: 'doc' });
    const all = await runPipeline(
      { pipeline: deep, legs: [leg('a', docs, asked)], rerank: { reranker: lastFirst, textOf: (h) => h.id } },
      'q',
    );
    expect(asked[1]!.k).toBe(6);
    expect(all.hits.map((h) => h.id)).toEqual(['d4', 'd3', 'd2', 'd1', 'd5', 'd6']);
  });

  it('refuses a reranker that returns the wrong number of scores or a non-finite one', async () => {
    await expect(rerankHits({ ...reverse, score: async () => [1] }, 'q', hits, (h) => h.id)).rejects.toThrow(
      /expected 3 finite scores/,
    );
    await expect(rerankHits({ ...reverse, score: async () => [1, NaN, 2] }, 'q', hits, (h) => h.id)).rejects.toThrow(
      /finite/,
    );
  });
});
