import { describe, expect, it } from 'vitest';
import { depthShortfall, withLegDepthForK } from '../../src/pipeline/leg-depth.js';
import { pipelineForMode } from '../../src/pipeline/search-spec.js';
import type { Hit } from '../../src/ranking/hit.js';

/** Fused hits: each id with the legs that returned it (ranks do not matter here). */
const fused = (...entries: [id: string, legs: string[]][]): Hit[] =>
  entries.map(([id, legs], i) => ({
    id,
    docId: id,
    chunkId: id,
    score: entries.length - i,
    rank: i + 1,
    sources: Object.fromEntries(legs.map((leg) => [leg, { rank: 1, score: 1 }])),
  }));

describe('withLegDepthForK', () => {
  const hybrid = (params: Record<string, unknown>) => pipelineForMode('hybrid', { level: 'doc', ...params });

  it('raises the fusion depth to k when it was not given, and only then', () => {
    expect(withLegDepthForK(hybrid({ k: 1000 }), false).fusion!.depth).toBe(1000);
    expect(withLegDepthForK(hybrid({ k: 1000, depth: 100 }), true).fusion!.depth).toBe(100);
    // Already deep enough: unchanged (the default 100 at k 10).
    const p = hybrid({ k: 10 });
    expect(withLegDepthForK(p, false)).toBe(p);
  });

  it('leaves a one-leg pipeline alone: its leg is asked for k', () => {
    const p = pipelineForMode('bm25', { k: 1000 });
    expect(withLegDepthForK(p, false)).toBe(p);
  });
});

describe('depthShortfall', () => {
  // k 4, each leg cut at 2.
  const p = pipelineForMode('hybrid', { k: 4, depth: 2 });

  it('counts a short query where a leg gave its whole depth, with the fewest hits', () => {
    const short = fused(['a', ['bm25', 'dense']], ['b', ['bm25']], ['c', ['dense']]); // 3 < 4, bm25 gave 2
    const shorter = fused(['a', ['bm25', 'dense']], ['b', ['bm25', 'dense']]); // 2 < 4, both gave 2
    const full = fused(['a', ['bm25']], ['b', ['bm25']], ['c', ['dense']], ['d', ['dense']]);
    expect(depthShortfall(p, [{ hits: short }, { hits: shorter }, { hits: full }])).toEqual({ queries: 2, fewest: 2 });
  });

  it('does not count a query whose legs ran out below their depth (the collection, not the depth)', () => {
    const ranOut = fused(['a', ['bm25', 'dense']]); // each leg gave 1 of the 2 allowed
    expect(depthShortfall(p, [{ hits: ranOut }, { hits: [] }])).toBeUndefined();
    expect(depthShortfall(pipelineForMode('bm25', { k: 4 }), [{ hits: ranOut }])).toBeUndefined();
  });
});
