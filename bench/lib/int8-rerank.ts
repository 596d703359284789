import { topK } from '../../src/retrievers/top-k.js';
import { exactRowScore, int8Scores, quantizeQuery, type Int8Table } from './scan-kernels.js';

/**
 * Two-stage dense search: scan the int8 table (a quarter of the float32 bytes), keep the best
 * `candidates` rows, re-score those exactly from the float32 matrix and return the top k row
 * indices, best first, by the shared tie-break. Exact scores for what it returns; a true top-k
 * row is missed only when quantisation pushes it below the candidate cut.
 */
export function int8RerankSearch(
  table: Int8Table,
  matrix: Float32Array,
  q: Float32Array,
  ids: readonly string[],
  k: number,
  candidates: number,
): number[] {
  const approx = int8Scores(table, quantizeQuery(q));
  const pool = topK(approx, ids, Math.max(k, candidates));
  const exact = pool.map((row) => exactRowScore(matrix, table.dims, row, q));
  return topK(
    exact,
    pool.map((row) => ids[row]!),
    k,
  ).map((j) => pool[j]!);
}
