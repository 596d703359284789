import { createRng } from '../../src/stats/prng.js';
import { randomUnitVectors } from './random-vectors.js';

/**
 * Seeded synthetic embeddings with structure, as real ones have: `clusters` random unit centres
 * (from `seed`), each row a centre picked at random plus Gaussian noise of `spread` per
 * component, L2-normalised. With spread 0.05 at 384 dims a row's cosine to its centre is about
 * 1 / sqrt(1 + 0.05² × 384) ≈ 0.71 and two rows of one cluster about 0.5, while rows of
 * different clusters are near 0: neighbourhoods an HNSW graph can navigate, where uniformly
 * random unit vectors (randomUnitVectors) are the hardest case for any ANN index (every
 * distance nearly equal). Rows `from`..`from + rows` of the same (seed, clusters, spread) are the
 * same whatever the batches they are made in, so an index written in batches gets one data set.
 */
export interface ClusterSpec {
  dims: number;
  seed: number;
  clusters: number;
  spread: number;
}

export function clusterCentres(spec: ClusterSpec): Float32Array {
  return randomUnitVectors(spec.clusters, spec.dims, spec.seed * 7919 + 1);
}

/** Rows `from` .. `from + rows` of the data set (or of a query set, with another `stream`). */
export function clusteredUnitVectors(
  spec: ClusterSpec,
  centres: Float32Array,
  from: number,
  rows: number,
  stream = 0,
): Float32Array {
  const { dims, spread, clusters } = spec;
  const m = new Float32Array(rows * dims);
  for (let r = 0; r < rows; r++) {
    // One generator per row, so a row does not depend on the batch it is made in.
    const rng = createRng((spec.seed * 1_000_003 + (from + r) * 31 + stream * 999_983) >>> 0);
    const gaussian = () => Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
    const c = Math.floor(rng() * clusters);
    const off = r * dims;
    let norm = 0;
    for (let j = 0; j < dims; j++) {
      const x = centres[c * dims + j]! + spread * gaussian();
      m[off + j] = x;
      norm += x * x;
    }
    const inv = 1 / Math.sqrt(norm);
    for (let j = 0; j < dims; j++) m[off + j]! *= inv;
  }
  return m;
}
