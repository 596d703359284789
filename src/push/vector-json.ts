/**
 * A Float32 vector as JSON numbers, each the shortest decimal that reads back as the same
 * float32. A float32 widened to a double prints with up to 17 digits (0.1f is
 * 0.10000000149011612); 9 significant digits always suffice to round-trip a float32, and most
 * need fewer, so a bulk request of 384-dimension vectors is about half the size (measured in
 * test/push/vector-json.test.ts) and the engine, which stores float32, holds the same values.
 */
export function vectorJson(v: Float32Array): number[] {
  const out = new Array<number>(v.length);
  for (let i = 0; i < v.length; i++) out[i] = shortestFloat32(v[i]!);
  return out;
}

export function shortestFloat32(x: number): number {
  if (x === 0 || !Number.isFinite(x)) return x;
  for (let digits = 6; digits < 9; digits++) {
    const y = Number(x.toPrecision(digits));
    if (Math.fround(y) === x) return y;
  }
  return Number(x.toPrecision(9));
}
