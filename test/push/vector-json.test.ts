import { describe, expect, it } from 'vitest';
import { shortestFloat32, vectorJson } from '../../src/push/vector-json.js';

/** Unit vectors from a fixed-seed generator (mulberry32), so the sizes below do not vary. */
function unitVectors(count: number, dims: number, seed = 7): Float32Array[] {
  let s = seed;
  const next = () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return Array.from({ length: count }, () => {
    const v = Float32Array.from({ length: dims }, () => next() - 0.5);
    const norm = Math.hypot(...v);
    return v.map((x) => x / norm);
  });
}

describe('vectors as JSON', () => {
  it('every value reads back as the same float32', () => {
    for (const v of unitVectors(50, 384)) {
      const back = Float32Array.from(JSON.parse(JSON.stringify(vectorJson(v))) as number[]);
      expect(back).toEqual(v);
    }
    const edge = Float32Array.from([0, 1, -1, 0.1, 1e-45, -3.4028234663852886e38, 1.1754943508222875e-38, 0.5]);
    expect(Float32Array.from(JSON.parse(JSON.stringify(vectorJson(edge))) as number[])).toEqual(edge);
  });

  it('prints at most 9 significant digits, not the 17 of the widened double', () => {
    // 0.1 as a float32 is 0.100000001490116...: as a double it prints all of that; 0.1 reads back as it.
    expect(String(Math.fround(0.1))).toBe('0.10000000149011612');
    expect(shortestFloat32(Math.fround(0.1))).toBe(0.1);
    for (const x of unitVectors(1, 384)[0]!)
      expect(String(shortestFloat32(x)).replace(/^-?0\.0*|e.*$|\./g, '').length).toBeLessThanOrEqual(9);
  });

  it('a batch of 384-dimension vectors is well under two thirds of its plain JSON size', () => {
    const vectors = unitVectors(100, 384);
    const plain = vectors.reduce((n, v) => n + JSON.stringify(Array.from(v)).length, 0);
    const short = vectors.reduce((n, v) => n + JSON.stringify(vectorJson(v)).length, 0);
    expect(short / plain).toBeLessThan(0.65);
  });
});
