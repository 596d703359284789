/**
 * A Float32 vector as JSON numbers, each the shortest decimal (of 7 to 9 significant digits)
 * that reads back as the same float32. A float32 widened to a double prints with up to 17
 * digits (0.1f is 0.10000000149011612) where 9 always suffice to round-trip it. For 500
 * unit vectors of 384 dimensions (one default batch) the vectors' JSON is 2.3 MB instead of
 * 4.0 MB, for about 0.5 ms more per chunk here; the engine, which stores float32, holds the same
 * values either way (test/push/vector-json.test.ts).
 */
export function vectorJson(v: Float32Array): number[] {
  const out = new Array<number>(v.length);
  for (let i = 0; i < v.length; i++) out[i] = shortestFloat32(v[i]!);
  return out;
}

export function shortestFloat32(x: number): number {
  if (x === 0 || !Number.isFinite(x)) return x;
  // Fewer than 7 digits rarely round-trips a float32 from a model; Number() drops the trailing
  // zeros of one that does, so starting at 7 loses nothing.
  for (let digits = 7; digits < 9; digits++) {
    const y = Number(x.toPrecision(digits));
    if (Math.fround(y) === x) return y;
  }
  return Number(x.toPrecision(9));
}
