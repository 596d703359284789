import { createRng } from '../../src/stats/prng.js';

/**
 * Seeded random unit vectors: Gaussian components (Box-Muller over mulberry32), each row
 * L2-normalised, so every direction is equally likely, as for the synthetic 100k-chunk corpus.
 * Deterministic: the same seed gives the same matrix on every machine.
 */
export function randomUnitVectors(rows: number, dims: number, seed: number): Float32Array {
  const rng = createRng(seed);
  const gaussian = () => Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
  const m = new Float32Array(rows * dims);
  for (let r = 0, off = 0; r < rows; r++, off += dims) {
    let norm = 0;
    for (let j = 0; j < dims; j++) {
      const x = gaussian();
      m[off + j] = x;
      norm += x * x;
    }
    const inv = 1 / Math.sqrt(norm);
    for (let j = 0; j < dims; j++) m[off + j]! *= inv;
  }
  return m;
}
