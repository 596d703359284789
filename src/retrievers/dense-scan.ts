import { dotAll } from './dot-all.js';
import {
  attachWasmDot,
  createSharedWasmMemory,
  createWasmDot,
  wasmDotOf,
  type WasmDot,
  type WasmMemory,
} from './wasm-dot.js';

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
 * A rows × dims table in memory that threads share, to be posted to them whole (postMessage
 * passes the memory itself, not a copy): a shared wasm memory for the kernel, with room for the
 * query and scores of `slots` threads, or a SharedArrayBuffer where the kernel cannot run.
 */
export type SharedVectorMatrix = { rows: number; dims: number } & (
  | { memory: WasmMemory; slots: number }
  | { buffer: SharedArrayBuffer }
);

/** Room for a table `slots` threads will scan, as allocateVectorMatrix: fill it through attachVectorMatrix. */
export function allocateSharedVectorMatrix(rows: number, dims: number, slots: number): SharedVectorMatrix {
  const memory = jsForced() ? undefined : createSharedWasmMemory(rows, dims, slots);
  return memory ? { rows, dims, memory, slots } : { rows, dims, buffer: new SharedArrayBuffer(rows * dims * 4) };
}

/**
 * The table of a SharedVectorMatrix as this thread reads it, `slot` being this thread's own
 * (each thread that scans it at the same time needs another, below the matrix's `slots`).
 * createDenseScan scans it in place: with the kernel bound to the memory, or with dotAll.
 */
export function attachVectorMatrix(shared: SharedVectorMatrix, slot: number): Float32Array {
  const { rows, dims } = shared;
  if ('buffer' in shared) return new Float32Array(shared.buffer, 0, rows * dims);
  if (!Number.isInteger(slot) || slot < 0 || slot >= shared.slots)
    throw new RangeError(`slot ${slot} of a table shared by ${shared.slots}`);
  const dot = jsForced() ? undefined : attachWasmDot(shared.memory, rows, dims, slot);
  return dot?.matrix ?? new Float32Array(shared.memory.buffer, 0, rows * dims);
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
