// The plain JavaScript scan: the dense retriever's fallback where the WebAssembly kernel
// (wasm-dot.ts) cannot run, and the reference its scores are tested against.

/** Rows scored together by dotAll's main loop. */
const ROW_BLOCK = 8;

/**
 * scores[i] = <row i, q>, each row's products added in order j = 0..dims-1 in a float64
 * accumulator, then rounded to float32.
 *
 * Eight rows are scored at a time: eight independent add chains instead of one keep the CPU's
 * floating-point units busy (one chain waits on each addition's latency), and each query
 * component is loaded once per eight products. Every row's additions stay in the same order
 * as a plain row-by-row loop, so the scores are bit-for-bit those of that loop; on 100k × 384
 * vectors this is about 1.7× faster (bench/dense-kernel.ts).
 */
export function dotAll({ matrix, dims }: { matrix: Float32Array; dims: number }, q: Float32Array): Float32Array {
  const n = matrix.length / dims;
  const scores = new Float32Array(n);
  const blocked = n - (n % ROW_BLOCK);
  for (let i = 0; i < blocked; i += ROW_BLOCK) {
    const o0 = i * dims;
    const o1 = o0 + dims;
    const o2 = o1 + dims;
    const o3 = o2 + dims;
    const o4 = o3 + dims;
    const o5 = o4 + dims;
    const o6 = o5 + dims;
    const o7 = o6 + dims;
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    let s4 = 0;
    let s5 = 0;
    let s6 = 0;
    let s7 = 0;
    for (let j = 0; j < dims; j++) {
      const x = q[j]!;
      s0 += matrix[o0 + j]! * x;
      s1 += matrix[o1 + j]! * x;
      s2 += matrix[o2 + j]! * x;
      s3 += matrix[o3 + j]! * x;
      s4 += matrix[o4 + j]! * x;
      s5 += matrix[o5 + j]! * x;
      s6 += matrix[o6 + j]! * x;
      s7 += matrix[o7 + j]! * x;
    }
    scores[i] = s0;
    scores[i + 1] = s1;
    scores[i + 2] = s2;
    scores[i + 3] = s3;
    scores[i + 4] = s4;
    scores[i + 5] = s5;
    scores[i + 6] = s6;
    scores[i + 7] = s7;
  }
  dotRowRange({ matrix, dims }, q, blocked, n, scores);
  return scores;
}

/**
 * scores[i] = <row i, q> for rows from..to-1, one row at a time, each row's products added in
 * order j = 0..dims-1 (float64, rounded to float32 when stored): dotAll's tail, and the baseline
 * its blocked loop is measured and checked against.
 */
export function dotRowRange(
  { matrix, dims }: { matrix: Float32Array; dims: number },
  q: Float32Array,
  from: number,
  to: number,
  scores: Float32Array,
): Float32Array {
  for (let i = from, off = from * dims; i < to; i++, off += dims) {
    let s = 0;
    for (let j = 0; j < dims; j++) s += matrix[off + j]! * q[j]!;
    scores[i] = s;
  }
  return scores;
}
