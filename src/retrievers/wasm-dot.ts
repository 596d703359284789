import { get, I32_ADD, i32c, kernelModule, L, rowLoop, set, simd, v128Load } from './wasm-encoding.js';

/**
 * The exact dense scan as a WebAssembly SIMD kernel, hand-assembled (wasm-encoding.ts). Plain
 * JavaScript loops cannot use the CPU's vector units; this one reads the table at close to the
 * memory bandwidth (bench/dense-kernel.ts: about 8 ms instead of 27 ms for dotAll on 100k × 384).
 *
 * scan64(mat, n, dims, q64, out): each float32 of the row widened to float64 (exact), multiplied
 * by the query as float64 (the product of two floats is exact in float64), summed in float64 in
 * four f64x2 accumulators, rounded to float32 once. The same arithmetic as dotAll except for the
 * order of the additions, so a score differs from dotAll's only when the two float64 sums round
 * to different float32 values, which for unit vectors (sums apart by ~dims * 2^-53) means 1 float32
 * ulp in practice; test/retrievers/wasm-dot.test.ts checks that bound and finds them equal.
 * dims must be a positive multiple of 16, the widths it was measured and tested on (every
 * common embedding width is one); other widths use dotAll.
 *
 * The table lives in the kernel's own memory, so a table loaded for the kernel is never copied:
 *   [ matrix: rows × dims float32 | query: dims float64 | scores: rows float32 ]
 */

/** The part of the WebAssembly JS API used here (the project's TS lib has no DOM types). */
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
}
interface WasmApi {
  validate(bytes: Uint8Array): boolean;
  Memory: new (descriptor: { initial: number; maximum?: number; shared?: boolean }) => WasmMemory;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
}

/**
 * Byte offsets of the query and score buffers of `slot` after a rows × dims table, and the total
 * size for `slots` of them. A table shared by threads has one slot per thread (the table is read
 * by all, each query and its scores written by one); a thread's own table has one.
 */
export function wasmDotLayout(
  rows: number,
  dims: number,
  slot = 0,
  slots = slot + 1,
): { qOffset: number; outOffset: number; bytes: number } {
  const table = rows * dims * 4; // a multiple of 64 when dims is a multiple of 16: q64 is aligned
  const slotBytes = Math.ceil((dims * 8 + rows * 4) / 64) * 64; // keeps every slot's q64 aligned
  const qOffset = table + slot * slotBytes;
  const outOffset = qOffset + dims * 8;
  return { qOffset, outOffset, bytes: table + (slots - 1) * slotBytes + dims * 8 + rows * 4 };
}

const PAGE = 65536;
/** wasm32 addresses 4 GiB at most (65536 pages). */
const MAX_BYTES = 2 ** 32;

// float64 widening: the low float32 pair of a v128 to f64x2, the high pair moved down first.
const f64x2PromoteLow = simd(0x5f);
const f64x2Add = simd(0xf0);
const f64x2Mul = simd(0xf2);
const f64Lane = (l: number) => simd(0x21, l); // f64x2.extract_lane
const highToLow = simd(0x0d, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7); // i8x16.shuffle
const F32_DEMOTE_F64 = 0xb6;
const F64_ADD = 0xa0;

/** One step: 8 floats of the row (two v128 loads) against 8 doubles of the query. */
function scan64Step(): number[] {
  const { ACC, P, QP, R0, R1 } = L;
  // acc[a] += widen(lanes of r) * q64[...]
  const mulAdd = (a: number, r: number, high: boolean, qOff: number) => [
    ...get(ACC[a]!),
    ...get(r),
    ...(high ? [...get(r), ...highToLow] : []),
    ...f64x2PromoteLow,
    ...get(QP),
    ...v128Load(qOff),
    ...f64x2Mul,
    ...f64x2Add,
    ...set(ACC[a]!),
  ];
  return [
    ...get(P),
    ...v128Load(0),
    ...set(R0),
    ...get(P),
    ...v128Load(16),
    ...set(R1),
    ...mulAdd(0, R0, false, 0),
    ...mulAdd(1, R0, true, 16),
    ...mulAdd(2, R1, false, 32),
    ...mulAdd(3, R1, true, 48),
    ...get(P),
    ...i32c(32),
    I32_ADD,
    ...set(P),
    ...get(QP),
    ...i32c(64),
    I32_ADD,
    ...set(QP),
  ];
}

/** (acc0 + acc1) + (acc2 + acc3), then its two lanes added, then rounded to float32. */
function scan64Finish(): number[] {
  const { ACC, V } = L;
  return [
    ...get(ACC[0]!),
    ...get(ACC[1]!),
    ...f64x2Add,
    ...get(ACC[2]!),
    ...get(ACC[3]!),
    ...f64x2Add,
    ...f64x2Add,
    ...set(V),
    ...get(V),
    ...f64Lane(0),
    ...get(V),
    ...f64Lane(1),
    F64_ADD,
    F32_DEMOTE_F64,
  ];
}

/** scan64 as a function body, for modules that bundle it (the bench adds its float32 variant). */
export const scan64Body = (): number[] => rowLoop(8, scan64Step(), scan64Finish());

const api = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;
/** Compiled once per process and kind of memory; null when this runtime has no WebAssembly, no SIMD (or no shared memory). */
const compiled = new Map<boolean, object | null>();

function scanModule(shared: boolean): object | null {
  let module = compiled.get(shared);
  if (module === undefined) {
    const bytes = kernelModule([{ name: 'scan64', body: scan64Body() }], { shared });
    module = api?.validate(bytes) ? new api.Module(bytes) : null;
    compiled.set(shared, module);
  }
  return module;
}

type Kernel = (mat: number, n: number, dims: number, q: number, out: number) => void;

/** A rows × dims float32 table in its own wasm memory, with the scan over it. */
export interface WasmDot {
  /** The table, rows × dims, at offset 0 of `memory`: fill it in place. */
  readonly matrix: Float32Array;
  readonly dims: number;
  readonly memory: WasmMemory;
  /** Scores of the first n rows (default all) against q, as a new array. */
  scores(q: Float32Array, n?: number): Float32Array;
}

/** Which WasmDot owns a matrix's memory, so a table allocated for the kernel is found again. */
const owners = new WeakMap<ArrayBufferLike, WasmDot>();

/**
 * A WasmDot for rows × dims, or undefined where the kernel cannot run: dims not a positive
 * multiple of 16, no WebAssembly SIMD, or a table (with its buffers) over wasm32's 4 GiB.
 */
export function createWasmDot(rows: number, dims: number): WasmDot | undefined {
  const memory = kernelMemory(rows, dims, 1, false);
  return memory && bindWasmDot(memory, rows, dims, 0, false);
}

/**
 * A shared memory for a rows × dims table scanned by up to `slots` threads, or undefined where
 * the kernel cannot run (as createWasmDot). It goes to other threads by postMessage; each binds
 * the kernel to it with attachWasmDot under its own slot. Fill the table through one of them.
 */
export function createSharedWasmMemory(rows: number, dims: number, slots: number): WasmMemory | undefined {
  return kernelMemory(rows, dims, slots, true);
}

/**
 * The kernel over a shared memory from createSharedWasmMemory (made here or received from another
 * thread): the table is the memory's, the query and scores are `slot`'s, so threads with
 * different slots scan the one table at the same time. Undefined where the kernel cannot run.
 */
export function attachWasmDot(memory: WasmMemory, rows: number, dims: number, slot: number): WasmDot | undefined {
  if (!dimsFit(dims) || memory.buffer.byteLength < wasmDotLayout(rows, dims, slot).bytes) return undefined;
  return bindWasmDot(memory, rows, dims, slot, true);
}

const dimsFit = (dims: number) => Number.isInteger(dims) && dims > 0 && dims % 16 === 0;

function kernelMemory(rows: number, dims: number, slots: number, shared: boolean): WasmMemory | undefined {
  if (!dimsFit(dims)) return undefined;
  const { bytes } = wasmDotLayout(rows, dims, slots - 1, slots);
  if (bytes > MAX_BYTES) return undefined;
  if (!scanModule(shared) || !api) return undefined;
  const pages = Math.max(1, Math.ceil(bytes / PAGE));
  try {
    // maximum = initial: this memory never grows, so views on its buffer stay valid.
    return new api.Memory({ initial: pages, maximum: pages, ...(shared && { shared: true }) });
  } catch {
    return undefined; // no address space for one more wasm memory: the JS scan still works
  }
}

function bindWasmDot(
  memory: WasmMemory,
  rows: number,
  dims: number,
  slot: number,
  shared: boolean,
): WasmDot | undefined {
  const module = scanModule(shared);
  if (!module || !api) return undefined;
  const { qOffset, outOffset } = wasmDotLayout(rows, dims, slot);
  const scan64 = new api.Instance(module, { env: { mem: memory } }).exports.scan64 as Kernel;
  const matrix = new Float32Array(memory.buffer, 0, rows * dims);
  const q64 = new Float64Array(memory.buffer, qOffset, dims);
  const out = new Float32Array(memory.buffer, outOffset, rows);
  const dot: WasmDot = {
    matrix,
    dims,
    memory,
    scores(q, n = rows) {
      if (q.length !== dims) throw new RangeError(`query has ${q.length} dims, the table ${dims}`);
      if (n < 0 || n > rows) throw new RangeError(`${n} rows asked of a table of ${rows}`);
      q64.set(q);
      scan64(0, n, dims, qOffset, outOffset);
      // A copy: the caller may change it (filtered rows become NaN), the next query reuses `out`.
      return out.slice(0, n);
    },
  };
  owners.set(memory.buffer, dot);
  return dot;
}

/** The WasmDot whose table (or its first rows) `matrix` is, at this width, if any. */
export function wasmDotOf(matrix: Float32Array, dims: number): WasmDot | undefined {
  const dot = matrix.byteOffset === 0 ? owners.get(matrix.buffer) : undefined;
  return dot && dot.dims === dims && matrix.length <= dot.matrix.length ? dot : undefined;
}
