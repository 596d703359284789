import { describe, expect, it } from 'vitest';
import { extent, linearScale, linearTicks, logScale, logTicks, tickLabel } from '../../src/web/charts/scale.js';

describe('chart scales', () => {
  it('linear: maps the domain ends onto the range ends, inverted ranges too', () => {
    const y = linearScale([0, 1], [300, 20]);
    expect(y(0)).toBe(300);
    expect(y(1)).toBe(20);
    expect(y(0.5)).toBe(160);
    expect(linearScale([2, 2], [0, 100])(2)).toBe(50);
  });

  it('log: equal ratios get equal distances', () => {
    const x = logScale([1, 100], [0, 200]);
    expect(x(1)).toBeCloseTo(0, 9);
    expect(x(10)).toBeCloseTo(100, 9);
    expect(x(100)).toBeCloseTo(200, 9);
    expect(x(5) - x(1)).toBeCloseTo(x(50) - x(10), 9);
    expect(() => logScale([0, 10], [0, 1])).toThrow(/positive/);
  });

  it('ticks are round numbers covering the range', () => {
    expect(linearTicks(0, 1, 5)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(linearTicks(0, 37, 4)).toEqual([0, 10, 20, 30]);
    expect(logTicks(1, 1000)).toEqual([1, 10, 100, 1000]);
    expect(logTicks(0.3, 12)).toEqual([0.5, 1, 2, 5, 10]);
    expect(logTicks(0, 10)).toEqual([]);
  });

  it('extent skips missing and non-finite values', () => {
    expect(extent([3, undefined, NaN, -1, Infinity, 2])).toEqual([-1, 3]);
    expect(extent([undefined, NaN])).toBeUndefined();
  });

  it('tick labels are short', () => {
    expect(tickLabel(0)).toBe('0');
    expect(tickLabel(0.6000000000000001)).toBe('0.6');
    expect(tickLabel(1000)).toBe('1000');
    expect(tickLabel(0.0001)).toBe('1e-4');
  });
});
