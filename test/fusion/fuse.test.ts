import { describe, expect, it } from 'vitest';
import { fuse, FUSERS } from '../../src/fusion/fuse.js';
import { FUSION_DEFAULTS } from '../../src/fusion/options.js';
import { ids, list } from './lists.js';

describe('fuse', () => {
  it('has one fuser per method', () => {
    expect(Object.keys(FUSERS).sort()).toEqual(['rrf', 'score']);
  });

  it('rrf: uses k and the per-leg weights', () => {
    const fused = fuse(
      { bm25: ids('a', 'b'), dense: ids('b', 'c') },
      { method: 'rrf', k: 10, weights: { bm25: 1, dense: 3 }, depth: 100 },
    );
    expect(fused.map((h) => [h.id, h.score])).toEqual([
      ['b', 1 / (10 + 2) + 3 / (10 + 1)],
      ['c', 3 / (10 + 2)],
      ['a', 1 / (10 + 1)],
    ]);
  });

  it('score: weights the legs 1 - alpha and alpha', () => {
    const fused = fuse(
      { bm25: list(['a', 4], ['b', 2]), dense: list(['b', 0.9], ['c', 0.1]) },
      { method: 'score', alpha: 0.25, normalization: 'minmax', depth: 100 },
    );
    // bm25: a 1, b 0; dense: b 1, c 0; missing -> 0
    expect(fused.map((h) => [h.id, h.score])).toEqual([
      ['a', (1 - 0.25) * 1 + 0.25 * 0],
      ['b', (1 - 0.25) * 0 + 0.25 * 1],
      ['c', (1 - 0.25) * 0 + 0.25 * 0],
    ]);
  });

  it('fuses a single leg when the other is absent', () => {
    const fused = fuse({ dense: ids('x', 'y') }, FUSION_DEFAULTS.rrf);
    expect(fused.map((h) => [h.id, h.rank, h.score, h.sources])).toEqual([
      ['x', 1, 1 / (60 + 1), { dense: { rank: 1, score: 2 } }],
      ['y', 2, 1 / (60 + 2), { dense: { rank: 2, score: 1 } }],
    ]);
  });
});
