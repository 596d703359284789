import { describe, expect, it } from 'vitest';
import { slidingWindows } from '../../src/chunking/windows.js';

// Unit i spans [10i, 10i + 5).
const units = (n: number) => Array.from({ length: n }, (_, i) => ({ start: 10 * i, end: 10 * i + 5 }));

describe('slidingWindows', () => {
  it('tiles without overlap, the last window holding the remainder', () => {
    expect(slidingWindows(units(7), 3, 3)).toEqual([
      { start: 0, end: 25 },
      { start: 30, end: 55 },
      { start: 60, end: 65 },
    ]);
  });

  it('overlaps by size - step units and stops once the last unit is covered', () => {
    // Windows of units 0-2 and 2-4; a third starting at unit 4 would add nothing.
    expect(slidingWindows(units(5), 3, 2)).toEqual([
      { start: 0, end: 25 },
      { start: 20, end: 45 },
    ]);
  });

  it('gives one window when everything fits, none for no units', () => {
    expect(slidingWindows(units(2), 5, 5)).toEqual([{ start: 0, end: 15 }]);
    expect(slidingWindows([], 3, 1)).toEqual([]);
  });
});
