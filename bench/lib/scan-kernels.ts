import { dotRowRange } from '../../src/retrievers/dot-all.js';

/**
 * Candidate kernels for the exact dense scan (scores[i] = <row i, q> over a row-major
 * Float32Array), to compare with src/retrievers/dot-all.ts's dotAll on the same data.
 * Every float kernel accumulates in float64 (JS numbers), like dotAll, so its scores differ
 * from dotAll's only by the order of the additions (a few ulps of float64, nearly always none
 * after rounding to float32).
 */

/** One accumulator per row, four products per step (unrolled by 4). */
export function dotUnrolled4(matrix: Float32Array, dims: number, q: Float32Array): Float32Array {
  const n = matrix.length / dims;
  const scores = new Float32Array(n);
  const tail = dims % 4;
  const body = dims - tail;
  for (let i = 0, off = 0; i < n; i++, off += dims) {
    let s = 0;
    for (let j = 0; j < body; j += 4) {
      s +=
        matrix[off + j]! * q[j]! +
        matrix[off + j + 1]! * q[j + 1]! +
        matrix[off + j + 2]! * q[j + 2]! +
        matrix[off + j + 3]! * q[j + 3]!;
    }
    for (let j = body; j < dims; j++) s += matrix[off + j]! * q[j]!;
    scores[i] = s;
  }
  return scores;
}

/** Four independent accumulators per row (breaks the add dependency chain), unrolled by 4. */
export function dotAccumulators4(matrix: Float32Array, dims: number, q: Float32Array): Float32Array {
  const n = matrix.length / dims;
  const scores = new Float32Array(n);
  const tail = dims % 4;
  const body = dims - tail;
  for (let i = 0, off = 0; i < n; i++, off += dims) {
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    for (let j = 0; j < body; j += 4) {
      const o = off + j;
      s0 += matrix[o]! * q[j]!;
      s1 += matrix[o + 1]! * q[j + 1]!;
      s2 += matrix[o + 2]! * q[j + 2]!;
      s3 += matrix[o + 3]! * q[j + 3]!;
    }
    for (let j = body; j < dims; j++) s0 += matrix[off + j]! * q[j]!;
    scores[i] = s0 + s1 + s2 + s3;
  }
  return scores;
}

/** Four rows at a time, so each query component is loaded once for four products. */
export function dotRows4(matrix: Float32Array, dims: number, q: Float32Array): Float32Array {
  const n = matrix.length / dims;
  const scores = new Float32Array(n);
  let i = 0;
  for (; i + 4 <= n; i += 4) {
    const o0 = i * dims;
    const o1 = o0 + dims;
    const o2 = o1 + dims;
    const o3 = o2 + dims;
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    for (let j = 0; j < dims; j++) {
      const x = q[j]!;
      s0 += matrix[o0 + j]! * x;
      s1 += matrix[o1 + j]! * x;
      s2 += matrix[o2 + j]! * x;
      s3 += matrix[o3 + j]! * x;
    }
    scores[i] = s0;
    scores[i + 1] = s1;
    scores[i + 2] = s2;
    scores[i + 3] = s3;
  }
  for (; i < n; i++) {
    let s = 0;
    for (let j = 0, off = i * dims; j < dims; j++) s += matrix[off + j]! * q[j]!;
    scores[i] = s;
  }
  return scores;
}

/** int8 copy of a vector table: row i ≈ codes[i] * scales[i] (symmetric, per row). */
export interface Int8Table {
  codes: Int8Array;
  scales: Float32Array;
  dims: number;
}

/** Per-row symmetric quantisation: scale = max |x| / 127, code = round(x / scale). */
export function quantizeRows(matrix: Float32Array, dims: number): Int8Table {
  const n = matrix.length / dims;
  const codes = new Int8Array(matrix.length);
  const scales = new Float32Array(n);
  for (let i = 0, off = 0; i < n; i++, off += dims) {
    let max = 0;
    for (let j = 0; j < dims; j++) max = Math.max(max, Math.abs(matrix[off + j]!));
    const scale = max > 0 ? max / 127 : 1;
    scales[i] = scale;
    for (let j = 0; j < dims; j++) codes[off + j] = Math.round(matrix[off + j]! / scale);
  }
  return { codes, scales, dims };
}

/** The query quantised the same way; its own scale is a constant factor, so it is dropped. */
export function quantizeQuery(q: Float32Array): Int8Array {
  let max = 0;
  for (let j = 0; j < q.length; j++) max = Math.max(max, Math.abs(q[j]!));
  const scale = max > 0 ? max / 127 : 1;
  const codes = new Int8Array(q.length);
  for (let j = 0; j < q.length; j++) codes[j] = Math.round(q[j]! / scale);
  return codes;
}

/**
 * Approximate scores from the int8 table: integer dot products times each row's scale, eight
 * rows at a time like dotAll (int32 accumulators: |sum| <= 127 * 127 * dims stays below 2^31
 * for any dims up to 2^17). Same ranking as the dequantised dot product with the quantised query.
 */
export function int8Scores({ codes, scales, dims }: Int8Table, qc: Int8Array): Float32Array {
  const n = scales.length;
  const scores = new Float32Array(n);
  const blocked = n - (n % 8);
  for (let i = 0; i < blocked; i += 8) {
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
      const x = qc[j]!;
      s0 = (s0 + codes[o0 + j]! * x) | 0;
      s1 = (s1 + codes[o1 + j]! * x) | 0;
      s2 = (s2 + codes[o2 + j]! * x) | 0;
      s3 = (s3 + codes[o3 + j]! * x) | 0;
      s4 = (s4 + codes[o4 + j]! * x) | 0;
      s5 = (s5 + codes[o5 + j]! * x) | 0;
      s6 = (s6 + codes[o6 + j]! * x) | 0;
      s7 = (s7 + codes[o7 + j]! * x) | 0;
    }
    scores[i] = s0 * scales[i]!;
    scores[i + 1] = s1 * scales[i + 1]!;
    scores[i + 2] = s2 * scales[i + 2]!;
    scores[i + 3] = s3 * scales[i + 3]!;
    scores[i + 4] = s4 * scales[i + 4]!;
    scores[i + 5] = s5 * scales[i + 5]!;
    scores[i + 6] = s6 * scales[i + 6]!;
    scores[i + 7] = s7 * scales[i + 7]!;
  }
  for (let i = blocked, off = blocked * dims; i < n; i++, off += dims) {
    let s = 0;
    for (let j = 0; j < dims; j++) s = (s + codes[off + j]! * qc[j]!) | 0;
    scores[i] = s * scales[i]!;
  }
  return scores;
}

/** The exact float score of one row, added in the same order as dotAll (its own row loop). */
export function exactRowScore(matrix: Float32Array, dims: number, row: number, q: Float32Array): number {
  const one = matrix.subarray(row * dims, (row + 1) * dims);
  return dotRowRange({ matrix: one, dims }, q, 0, 1, new Float32Array(1))[0]!;
}

/** The plain row-by-row loop (dotAll before it scored eight rows at a time): the baseline. */
export function dotRowByRow(matrix: Float32Array, dims: number, q: Float32Array): Float32Array {
  return dotRowRange({ matrix, dims }, q, 0, matrix.length / dims, new Float32Array(matrix.length / dims));
}
