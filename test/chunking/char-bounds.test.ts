import { describe, expect, it } from 'vitest';
import { boundedSegments } from '../../src/chunking/bounded-segments.js';
import { packUnits, type Unit } from '../../src/chunking/pack-units.js';
import { slidingWindows } from '../../src/chunking/windows.js';

// Units as [start, end) pairs; gaps between them stand for whitespace.
const spans = (...pairs: [number, number][]) => pairs.map(([start, end]) => ({ start, end }));

describe('slidingWindows with maxChars', () => {
  it('closes a window before it would span more than maxChars, whitespace included', () => {
    // Three words of 5; the third lies 100 characters on.
    const units = spans([0, 5], [6, 11], [111, 116]);
    expect(slidingWindows(units, 3, 3, 50)).toEqual(spans([0, 11], [111, 116]));
  });

  it('starts a window at a unit an early close left uncovered, keeping every unit covered', () => {
    // size 4, step 2: the window from unit 0 closes early at unit 2; the one opened at unit 2
    // (its normal start) continues, and a far unit 4 gets a window of its own.
    const units = spans([0, 5], [6, 11], [12, 17], [18, 23], [500, 505], [506, 511]);
    expect(slidingWindows(units, 4, 2, 20)).toEqual(spans([0, 17], [12, 23], [500, 511]));
  });

  it('emits one window, not several with the same end, when a far unit closes them all', () => {
    // step 1: windows from units 0, 1 and 2 are all open when unit 3 lies too far for any.
    const units = spans([0, 1], [2, 3], [4, 5], [1000, 1001]);
    const windows = slidingWindows(units, 3, 1, 10);
    expect(windows).toEqual(spans([0, 5], [1000, 1001]));
  });

  it('gives a unit longer than maxChars a window of its own', () => {
    expect(slidingWindows(spans([0, 3], [4, 100], [101, 104]), 5, 5, 10)).toEqual(spans([0, 3], [4, 100], [101, 104]));
  });

  it('reads the units once, lazily', () => {
    let pulled = 0;
    function* units() {
      for (let i = 0; i < 5; i++) {
        pulled++;
        yield { start: 10 * i, end: 10 * i + 5 };
      }
    }
    expect(slidingWindows(units(), 2, 2)).toEqual(spans([0, 15], [20, 35], [40, 45]));
    expect(pulled).toBe(5);
  });
});

describe('packUnits with maxChars', () => {
  const unit = (start: number, end: number, words: number, glue = false): Unit => ({ start, end, words, glue });

  it('closes a chunk on characters as on words', () => {
    const units = [unit(0, 10, 1), unit(11, 20, 1), unit(200, 210, 1)];
    expect(packUnits(units, 100, 50)).toEqual(spans([0, 20], [200, 210]));
  });

  it('lets a heading go alone rather than carry a chunk past maxChars', () => {
    // Words alone would keep the heading with the far paragraph (glue); characters forbid it.
    const units = [unit(0, 10, 2), unit(12, 20, 2, true), unit(500, 540, 2)];
    expect(packUnits(units, 3, 100)).toEqual(spans([0, 10], [12, 20], [500, 540]));
    expect(packUnits(units, 3)).toEqual(spans([0, 10], [12, 540]));
  });
});

describe('boundedSegments with a maximum length', () => {
  it('cuts a sentence over the maximum before its last word that starts in range', () => {
    const text = `${'word '.repeat(30)}end.`; // one sentence of 154 characters
    const segments = boundedSegments(text, 42);
    expect(segments.every(([s, e]) => e - s <= 42)).toBe(true);
    expect(segments[0]).toEqual([0, 40]); // 8 whole words, cut before the 9th
    expect(segments.map(([s, e]) => text.slice(s, e)).join('')).toBe(text);
  });

  it('cuts text without spaces at the maximum, never inside a surrogate pair', () => {
    const text = '𝐀'.repeat(50); // 100 code units
    const segments = boundedSegments(text, 15);
    expect(segments[0]).toEqual([0, 14]);
    expect(segments.map(([s, e]) => text.slice(s, e)).join('')).toBe(text);
    expect(segments.every(([s, e]) => e - s <= 15 && e - s > 0)).toBe(true);
  });

  it('leaves sentences within the maximum as one segmenter pass gives them', () => {
    const text = 'One sentence here. Another one! And a third?';
    const reference = [...new Intl.Segmenter(undefined, { granularity: 'sentence' }).segment(text)].map(
      ({ index, segment }) => [index, index + segment.length],
    );
    expect(boundedSegments(text, 30)).toEqual(reference);
  });
});
