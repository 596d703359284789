import { describe, expect, it } from 'vitest';
import { packUnits, type Unit } from '../../src/chunking/pack-units.js';

// Unit i spans [10i, 10i + 5); the spans of a packed chunk run from its first unit to its last.
const units = (...specs: [words: number, glue?: 'glue'][]): Unit[] =>
  specs.map(([words, glue], i) => ({
    start: 10 * i,
    end: 10 * i + 5,
    words,
    glue: glue === 'glue',
  }));
const chunk = (first: number, last: number) => ({ start: 10 * first, end: 10 * last + 5 });

describe('packUnits', () => {
  it('fills each chunk greedily up to max words', () => {
    expect(packUnits(units([3], [3], [3], [1]), 6)).toEqual([chunk(0, 1), chunk(2, 3)]);
  });

  it('moves a heading that would end a chunk on to lead the next one', () => {
    // 5 + 1 fits in 6, but then the heading would end the chunk.
    expect(packUnits(units([5], [1, 'glue'], [5]), 6)).toEqual([chunk(0, 0), chunk(1, 2)]);
  });

  it('keeps a run of headings with the unit after them even past max', () => {
    const packed = packUnits(units([4, 'glue'], [4, 'glue'], [4], [1]), 5);
    expect(packed).toEqual([chunk(0, 2), chunk(3, 3)]);
  });

  it('gives an oversized unit a chunk of its own', () => {
    expect(packUnits(units([2], [10], [2]), 5)).toEqual([chunk(0, 0), chunk(1, 1), chunk(2, 2)]);
  });

  it('lets a final heading join the chunk before it, and packs nothing to nothing', () => {
    expect(packUnits(units([2], [1, 'glue']), 5)).toEqual([chunk(0, 1)]);
    expect(packUnits([], 5)).toEqual([]);
  });
});
