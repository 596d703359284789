import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { assignBands } from '../../src/traffic/bands.js';

describe('assignBands', () => {
  // 100 searches over 8 queries. Cumulative share BEFORE each query, most frequent first:
  //   a 50: 0.00 -> head          b 20: 0.50 -> torso (not < 0.5)   c 10: 0.70 -> torso
  //   d  8: 0.80 -> tail (not < 0.8)   e 5: 0.88   f 4: 0.93   g 2: 0.97   h 1: 0.99 -> tail
  const worked = [
    { key: 'h', frequency: 1 },
    { key: 'c', frequency: 10 },
    { key: 'a', frequency: 50 },
    { key: 'e', frequency: 5 },
    { key: 'b', frequency: 20 },
    { key: 'g', frequency: 2 },
    { key: 'd', frequency: 8 },
    { key: 'f', frequency: 4 },
  ];

  it('cuts head, torso and tail by the cumulative share before each query (worked example)', () => {
    const { bands, bounds } = assignBands(worked);
    expect(Object.fromEntries(bands)).toEqual({
      a: 'head',
      b: 'torso',
      c: 'torso',
      d: 'tail',
      e: 'tail',
      f: 'tail',
      g: 'tail',
      h: 'tail',
    });
    expect(bounds).toEqual([
      { band: 'head', queries: 1, minFrequency: 50, maxFrequency: 50, share: 50 / 100 },
      { band: 'torso', queries: 2, minFrequency: 10, maxFrequency: 20, share: (20 + 10) / 100 },
      { band: 'tail', queries: 5, minFrequency: 1, maxFrequency: 8, share: (8 + 5 + 4 + 2 + 1) / 100 },
    ]);
  });

  it('takes the shares it is given', () => {
    // Shares before: a 0, b 0.5, c 0.7 -> head (< 0.75); d 0.8, e 0.88 -> torso (< 0.9); f 0.93, g, h -> tail.
    const { bands } = assignBands(worked, { headShare: 0.75, torsoShare: 0.9 });
    expect(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((k) => bands.get(k))).toEqual([
      'head',
      'head',
      'head',
      'torso',
      'torso',
      'tail',
      'tail',
      'tail',
    ]);
  });

  it('breaks frequency ties by key, so the same log bands the same way whatever its order', () => {
    // 10 searches: a, b, c at 3 each and d at 1. Before: a 0, b 0.3 -> head; c 0.6 -> torso; d 0.9 -> tail.
    const queries = [
      { key: 'c', frequency: 3 },
      { key: 'd', frequency: 1 },
      { key: 'b', frequency: 3 },
      { key: 'a', frequency: 3 },
    ];
    const { bands } = assignBands(queries);
    expect(Object.fromEntries(bands)).toEqual({ a: 'head', b: 'head', c: 'torso', d: 'tail' });
    expect(assignBands([...queries].reverse()).bands).toEqual(bands);
  });

  it('reports an empty band with no frequencies and no share', () => {
    // One query holds all traffic: it is head, and torso and tail are empty.
    const { bounds } = assignBands([{ key: 'only', frequency: 7 }]);
    expect(bounds).toEqual([
      { band: 'head', queries: 1, minFrequency: 7, maxFrequency: 7, share: 1 },
      { band: 'torso', queries: 0, share: 0 },
      { band: 'tail', queries: 0, share: 0 },
    ]);
    expect(assignBands([]).bounds.map((b) => b.queries)).toEqual([0, 0, 0]);
  });

  it('refuses shares out of order or out of range', () => {
    expect(() => assignBands(worked, { headShare: 0 })).toThrow(InputError);
    expect(() => assignBands(worked, { headShare: 0.6, torsoShare: 0.5 })).toThrow(/torsoShare/);
    expect(() => assignBands(worked, { torsoShare: 1.5 })).toThrow(InputError);
  });
});
