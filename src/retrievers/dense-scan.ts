import { dotAll } from './dot-all.js';
import { createWasmDot, wasmDotOf, type WasmDot } from './wasm-dot.js';

/**
 * The dense scan, every row's score for one query: the WebAssembly SIMD kernel (wasm-dot.ts)
 * where it runs, dotAll otherwise. Both are exact (float64 sums of exact float64 products,
 * rounded to float32 once); they may differ by 1 float32 ulp because they add in another order.
 *
 * TESTBED_DENSE_KERNEL=js forces dotAll, to compare the two or to rule the kernel out while
 * debugging; unset (or any other value), the kernel is used wherever it can run.
 */

export type DenseKernel = 'wasm' | 'js';

export interface DenseScan {
  readonly kernel: DenseKernel;
  /** A new array: scores[i] = <row i, q>. */
  scan(q: Float32Array): Float32Array;
}

/** Read on every call, so a test (or a bench) can switch it without reloading modules. */
const jsForced = () => process.env.TESTBED_DENSE_KERNEL?.toLowerCase() === 'js';

/**
 * Room for a rows × dims table, to be filled in place: inside the kernel's own memory when the
 * kernel can run, so the scan needs no second copy of the table; a plain array otherwise.
 */
export function allocateVectorMatrix(rows: number, dims: number): Float32Array {
  return (!jsForced() && createWasmDot(rows, dims)?.matrix) || new Float32Array(rows * dims);
}

/**
 * The scan over a table. A table allocated by allocateVectorMatrix is scanned where it lies; any
 * other table is copied once into a kernel's memory (the scan keeps only that copy).
 */
export function createDenseScan(table: { matrix: Float32Array; dims: number }): DenseScan {
  const { matrix, dims } = table;
  if (jsForced()) return jsScan(table);
  const rows = dims > 0 ? matrix.length / dims : 0;
  let dot = wasmDotOf(matrix, dims);
  if (!dot) {
    dot = createWasmDot(rows, dims);
    dot?.matrix.set(matrix);
  }
  return dot ? wasmScan(dot, rows) : jsScan(table);
}

// Closures made in separate functions, so the wasm scan's closure does not keep the caller's
// table alive (closures made in one scope share what any of them captures).
function wasmScan(dot: WasmDot, rows: number): DenseScan {
  return { kernel: 'wasm', scan: (q) => dot.scores(q, rows) };
}

function jsScan(table: { matrix: Float32Array; dims: number }): DenseScan {
  return { kernel: 'js', scan: (q) => dotAll(table, q) };
}
