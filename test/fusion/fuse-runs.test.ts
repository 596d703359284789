import { describe, expect, it } from 'vitest';
import { fuseRuns } from '../../src/fusion/fuse-runs.js';
import { sig12 } from '../helpers/fused-score.js';

const run = (entries: Record<string, [string, number][]>) =>
  new Map(Object.entries(entries).map(([q, docs]) => [q, docs.map(([id, score]) => ({ id, score }))]));

describe('fuseRuns', () => {
  const bm25 = run({
    q2: [
      ['a', 3],
      ['b', 2],
      ['c', 1],
    ],
    q1: [['x', 1]],
  });
  const dense = run({
    q2: [
      ['c', 0.9],
      ['a', 0.8],
    ],
    q3: [['y', 0.5]],
  });

  it('fuses query by query, every query of any run, in byte order of the ids; a run lacking a query adds an empty list', () => {
    const fused = fuseRuns(
      [
        { name: 'bm25', run: bm25 },
        { name: 'dense', run: dense },
      ],
      { method: 'rrf' },
      { k: 1000 },
    );
    expect([...fused.keys()]).toEqual(['q1', 'q2', 'q3']);
    // Fused scores keep 12 significant digits.
    expect(fused.get('q1')).toEqual([{ id: 'x', score: sig12(1 / 61) }]);
    expect(fused.get('q3')).toEqual([{ id: 'y', score: sig12(1 / 61) }]);
    expect(fused.get('q2')).toEqual([
      { id: 'a', score: sig12(1 / 61 + 1 / 62) },
      { id: 'c', score: sig12(1 / 63 + 1 / 61) },
      { id: 'b', score: sig12(1 / 62) },
    ]);
  });

  it('depth cuts every input list before fusing; k cuts the fused list', () => {
    const legs = [
      { name: 'bm25', run: bm25 },
      { name: 'dense', run: dense },
    ];
    // depth 1: bm25 q2 = a, dense q2 = c; both 1/61, id descending: c, a.
    expect(fuseRuns(legs, { method: 'rrf' }, { depth: 1, k: 1000 }).get('q2')).toEqual([
      { id: 'c', score: sig12(1 / 61) },
      { id: 'a', score: sig12(1 / 61) },
    ]);
    expect(
      fuseRuns(legs, { method: 'rrf' }, { k: 2 })
        .get('q2')!
        .map((d) => d.id),
    ).toEqual(['a', 'c']);
  });
});
