import { describe, expect, it } from 'vitest';
import { parseExperimentConfig } from '../../src/experiments/config.js';
import { expandGrid, stableHash } from '../../src/experiments/grid.js';

const config = (grid: string) => parseExperimentConfig(`name: g\ncorpus: c\ngrid:\n${grid}`);

describe('expandGrid', () => {
  it('a single index spec: cells are named after their retrievers', () => {
    const cells = expandGrid(config('  retrievers: [{ name: bm25, mode: bm25 }, { name: dense, mode: dense }]\n'));
    expect(cells.map((c) => c.name)).toEqual(['bm25', 'dense']);
  });

  it('chunkers x embedders x retrievers, naming only what varies; bm25 is not repeated per embedder', () => {
    const cells = expandGrid(
      config(
        '  chunkers: [doc, words:50]\n  embedders: [use-lite, hash:64]\n  retrievers: [{ name: bm25, mode: bm25 }, { name: hy, mode: hybrid }]\n',
      ),
    );
    expect(cells.map((c) => c.name)).toEqual([
      'bm25 / doc',
      'hy / doc / use-lite',
      'hy / doc / hash:64',
      'bm25 / words:50',
      'hy / words:50 / use-lite',
      'hy / words:50 / hash:64',
    ]);
    // 2 chunkers x (1 bm25 + 2 embedders x 1 hybrid)
    expect(cells).toHaveLength(2 * (1 + 2 * 1));
  });

  it('refuses two retrievers with one name', () => {
    expect(() => expandGrid(config('  retrievers: [{ name: a, mode: bm25 }, { name: a, mode: dense }]\n'))).toThrow(
      /two retrievers are named "a"/,
    );
  });

  it('stableHash ignores key order and undefined fields', () => {
    expect(stableHash({ a: 1, b: [1, 2] })).toBe(stableHash({ b: [1, 2], a: 1, c: undefined }));
    expect(stableHash({ a: 1 })).not.toBe(stableHash({ a: 2 }));
  });
});
