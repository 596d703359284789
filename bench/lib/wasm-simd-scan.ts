/**
 * WebAssembly SIMD scans for the bench, over one copy of the table in wasm memory:
 * - f64: the product kernel, scan64 of src/retrievers/wasm-dot.ts (float64 products and sums,
 *   as dotAll but in another order of additions);
 * - f32: scan32, bench-only, float32 products and sums (four f32x4 accumulators, 16 floats a
 *   step): scores differ from dotAll's float64 sums in the last float32 bits. It shows what the
 *   float64 widening costs; it is not exact enough for the product.
 * Both are assembled with src/retrievers/wasm-encoding.ts; scan32 imports scan64's memory.
 */
import { createWasmDot, wasmDotLayout, type WasmDot } from '../../src/retrievers/wasm-dot.js';
import {
  get,
  I32_ADD,
  i32c,
  kernelModule,
  L,
  rowLoop,
  set,
  simd,
  v128Load,
} from '../../src/retrievers/wasm-encoding.js';

/** The part of the WebAssembly JS API used here (the project's TS lib has no DOM types). */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
}
const wasmApi = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

const f32x4Add = simd(0xe4);
const f32x4Mul = simd(0xe6);
const lane = (l: number) => simd(0x1f, l); // f32x4.extract_lane
const F32_ADD = 0x92;

function scan32Body(): number[] {
  const { ACC, P, QP, V } = L;
  const accumulate = (a: number, off: number) => [
    ...get(ACC[a]!),
    ...get(P),
    ...v128Load(off),
    ...get(QP),
    ...v128Load(off),
    ...f32x4Mul,
    ...f32x4Add,
    ...set(ACC[a]!),
  ];
  const step = [
    ...accumulate(0, 0),
    ...accumulate(1, 16),
    ...accumulate(2, 32),
    ...accumulate(3, 48),
    ...get(P),
    ...i32c(64),
    I32_ADD,
    ...set(P),
    ...get(QP),
    ...i32c(64),
    I32_ADD,
    ...set(QP),
  ];
  const finish = [
    ...get(ACC[0]!),
    ...get(ACC[1]!),
    ...f32x4Add,
    ...get(ACC[2]!),
    ...f32x4Add,
    ...get(ACC[3]!),
    ...f32x4Add,
    ...set(V),
    ...get(V),
    ...lane(0),
    ...get(V),
    ...lane(1),
    F32_ADD,
    ...get(V),
    ...lane(2),
    F32_ADD,
    ...get(V),
    ...lane(3),
    F32_ADD,
  ];
  return rowLoop(4, step, finish);
}

export interface WasmScanners {
  /** The table in wasm memory: a VectorTable built on it is scanned in place by the retriever. */
  dot: WasmDot;
  /** float32 accumulation (bench only). */
  f32(q: Float32Array): Float32Array;
  /** float64 products and sums: the product kernel. */
  f64(q: Float32Array): Float32Array;
}

/**
 * Scanners over a copy of `matrix` in WebAssembly memory (copied once, outside the timing);
 * undefined where the product kernel cannot run (dims not a multiple of 16, over 4 GiB, no SIMD).
 */
export function createWasmScanners(matrix: Float32Array, dims: number): WasmScanners | undefined {
  const n = matrix.length / dims;
  const dot = createWasmDot(n, dims);
  if (!dot) return undefined;
  dot.matrix.set(matrix);
  // scan32 reads its float32 query where scan64 keeps its float64 one.
  const { qOffset, outOffset } = wasmDotLayout(n, dims);
  const module = new wasmApi.Module(kernelModule([{ name: 'scan32', body: scan32Body() }]));
  type Scan = (mat: number, n: number, dims: number, q: number, out: number) => void;
  const scan32 = new wasmApi.Instance(module, { env: { mem: dot.memory } }).exports.scan32 as Scan;
  const q32 = new Float32Array(dot.memory.buffer, qOffset, dims);
  const outView = new Float32Array(dot.memory.buffer, outOffset, n);
  return {
    dot,
    f32(q) {
      q32.set(q);
      scan32(0, n, dims, qOffset, outOffset);
      return outView.slice();
    },
    f64: (q) => dot.scores(q),
  };
}
