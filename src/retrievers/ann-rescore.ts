import type { AnnRescore } from './ann-dense.js';
import { dotAll } from './dot-all.js';

/**
 * Rescoring for a graph that keeps its vectors in float16: the rows it found, read back from the
 * index's float32 vectors (`vectorsAt`, by chunk rowid: `rowidOf(row)`) and scored by dotAll, the
 * exact scan's reference. A query reads only the k or so rows found (each a rowid lookup), so a
 * search thread never holds the vector table.
 */
export function exactRescore(
  rowidOf: (row: number) => number,
  dims: number,
  vectorsAt: (rowids: Int32Array) => Float32Array,
): AnnRescore {
  return (rows, q) => {
    const at = new Int32Array(rows.length);
    for (let i = 0; i < rows.length; i++) at[i] = rowidOf(rows[i]!);
    return dotAll({ matrix: vectorsAt(at), dims }, q);
  };
}
