/**
 * WebAssembly SIMD dot-product scans, hand-assembled (no toolchain), to show how close an
 * exact scan gets to the memory-bandwidth limit when the CPU's vector units do the work, which
 * plain JavaScript loops cannot use. Bench-only. Two kernels over byte offsets into one
 * imported memory, out[i] = <mat row i, q> for i < n, dims a positive multiple of 16:
 * - scan32(mat, n, dims, q, out): float32 products and sums (four f32x4 accumulators, 16 floats
 *   a step): scores differ from dotAll's float64 sums in the last float32 bits;
 * - scan64(mat, n, dims, q64, out): each float widened to float64 (exact), products and sums in
 *   float64 (four f64x2 accumulators) like dotAll, only the order of the additions differs, so
 *   after rounding to float32 the scores nearly always equal dotAll's. q64 is the query as
 *   float64.
 * The bench reports the largest score difference and whether the top-100 changes.
 */

/** The part of the WebAssembly JS API used here (the project's TS lib has no DOM types). */
interface WasmApi {
  validate(bytes: Uint8Array): boolean;
  Memory: new (descriptor: { initial: number }) => { buffer: ArrayBuffer };
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
}
const wasmApi = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

const I32 = 0x7f;
const V128 = 0x7b;

/** Unsigned LEB128. */
function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n !== 0) b |= 0x80;
    out.push(b);
  } while (n !== 0);
  return out;
}

/** Signed LEB128 (small constants only). */
function sleb(n: number): number[] {
  const out: number[] = [];
  for (;;) {
    const b = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (b & 0x40) === 0) || (n === -1 && (b & 0x40) !== 0)) {
      out.push(b);
      return out;
    }
    out.push(b | 0x80);
  }
}

const vec = (items: number[][]) => [...uleb(items.length), ...items.flat()];
const section = (id: number, body: number[]) => [id, ...uleb(body.length), ...body];
const name = (s: string) => [...uleb(s.length), ...Buffer.from(s, 'utf8')];

// Instructions.
const get = (i: number) => [0x20, ...uleb(i)];
const set = (i: number) => [0x21, ...uleb(i)];
const i32c = (n: number) => [0x41, ...sleb(n)];
const simd = (op: number, ...imm: number[]) => [0xfd, ...uleb(op), ...imm];
const v128Load = (offset: number) => simd(0x00, 4, ...uleb(offset)); // align 2^4
const f32x4Add = simd(0xe4);
const f32x4Mul = simd(0xe6);
const lane = (l: number) => simd(0x1f, l); // f32x4.extract_lane
const zeroV128 = simd(0x0c, ...new Array<number>(16).fill(0)); // v128.const 0
const I32_ADD = 0x6a;
const I32_MUL = 0x6c;
const I32_SHL = 0x74;
const I32_LT_U = 0x49;
const I32_EQZ = 0x45;
const F32_ADD = 0x92;

// Locals: params 0 mat, 1 n, 2 dims, 3 q, 4 out; 5 i, 6 p, 7 qp, 8 qend; 9-12 acc0-3, 13 v;
// 14-15 r0-r1 (scan64's row loads).
const [MAT, N, DIMS, Q, OUT, I, P, QP, QEND] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
const ACC = [9, 10, 11, 12];
const V = 13;

function body(): number[] {
  const accumulate = (a: number, off: number) => [...get(ACC[a]!), ...get(P), ...v128Load(off), ...get(QP), ...v128Load(off), ...f32x4Mul, ...f32x4Add, ...set(ACC[a]!)];
  return [
    ...get(MAT), ...set(P),
    ...get(Q), ...get(DIMS), ...i32c(4), I32_MUL, I32_ADD, ...set(QEND),
    0x02, 0x40, // block $done
    ...get(N), I32_EQZ, 0x0d, 0, // br_if $done when n == 0
    0x03, 0x40, // loop $rows
    ...ACC.flatMap((a) => [...zeroV128, ...set(a)]),
    ...get(Q), ...set(QP),
    0x03, 0x40, // loop $cols
    ...accumulate(0, 0), ...accumulate(1, 16), ...accumulate(2, 32), ...accumulate(3, 48),
    ...get(P), ...i32c(64), I32_ADD, ...set(P),
    ...get(QP), ...i32c(64), I32_ADD, ...set(QP),
    ...get(QP), ...get(QEND), I32_LT_U, 0x0d, 0, // br_if $cols
    0x0b, // end $cols
    ...get(OUT), ...get(I), ...i32c(2), I32_SHL, I32_ADD, // address of out[i]
    ...get(ACC[0]!), ...get(ACC[1]!), ...f32x4Add, ...get(ACC[2]!), ...f32x4Add, ...get(ACC[3]!), ...f32x4Add, ...set(V),
    ...get(V), ...lane(0), ...get(V), ...lane(1), F32_ADD, ...get(V), ...lane(2), F32_ADD, ...get(V), ...lane(3), F32_ADD,
    0x38, 2, 0, // f32.store align 4, offset 0
    ...get(I), ...i32c(1), I32_ADD, ...set(I),
    ...get(I), ...get(N), I32_LT_U, 0x0d, 0, // br_if $rows
    0x0b, // end $rows
    0x0b, // end $done
    0x0b, // end of function
  ];
}

// float64 kernel: promote each float32 lane pair to f64x2 (the high pair moved down by a shuffle).
const f64x2PromoteLow = simd(0x5f);
const f64x2Add = simd(0xf0);
const f64x2Mul = simd(0xf2);
const f64Lane = (l: number) => simd(0x21, l); // f64x2.extract_lane
const highToLow = simd(0x0d, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7); // i8x16.shuffle
const F32_DEMOTE_F64 = 0xb6;
const F64_ADD = 0xa0;
const [R0, R1] = [14, 15];

function body64(): number[] {
  // acc[a] += widen(part of r) * q64[...]; each step reads 8 floats of the row, 8 doubles of q.
  const step = (a: number, r: number, high: boolean, qOff: number) => [
    ...get(ACC[a]!), ...get(r), ...(high ? [...get(r), ...highToLow] : []), ...f64x2PromoteLow,
    ...get(QP), ...v128Load(qOff), ...f64x2Mul, ...f64x2Add, ...set(ACC[a]!),
  ];
  return [
    ...get(MAT), ...set(P),
    ...get(Q), ...get(DIMS), ...i32c(8), I32_MUL, I32_ADD, ...set(QEND),
    0x02, 0x40,
    ...get(N), I32_EQZ, 0x0d, 0,
    0x03, 0x40,
    ...ACC.flatMap((a) => [...zeroV128, ...set(a)]),
    ...get(Q), ...set(QP),
    0x03, 0x40,
    ...get(P), ...v128Load(0), ...set(R0), ...get(P), ...v128Load(16), ...set(R1),
    ...step(0, R0, false, 0), ...step(1, R0, true, 16), ...step(2, R1, false, 32), ...step(3, R1, true, 48),
    ...get(P), ...i32c(32), I32_ADD, ...set(P),
    ...get(QP), ...i32c(64), I32_ADD, ...set(QP),
    ...get(QP), ...get(QEND), I32_LT_U, 0x0d, 0,
    0x0b,
    ...get(OUT), ...get(I), ...i32c(2), I32_SHL, I32_ADD,
    ...get(ACC[0]!), ...get(ACC[1]!), ...f64x2Add, ...get(ACC[2]!), ...get(ACC[3]!), ...f64x2Add, ...f64x2Add, ...set(V),
    ...get(V), ...f64Lane(0), ...get(V), ...f64Lane(1), F64_ADD, F32_DEMOTE_F64,
    0x38, 2, 0,
    ...get(I), ...i32c(1), I32_ADD, ...set(I),
    ...get(I), ...get(N), I32_LT_U, 0x0d, 0,
    0x0b,
    0x0b,
    0x0b,
  ];
}

function moduleBytes(): Uint8Array {
  const locals = vec([[4, I32], [4, V128], [1, V128], [2, V128]].map(([count, type]) => [...uleb(count!), type!]));
  const fn = [...locals, ...body()];
  const fn64 = [...locals, ...body64()];
  return Uint8Array.from([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, vec([[0x60, ...vec([[I32], [I32], [I32], [I32], [I32]]), 0x00]])),
    ...section(2, vec([[...name('env'), ...name('mem'), 0x02, 0x00, ...uleb(1)]])),
    ...section(3, vec([[0], [0]])),
    ...section(7, vec([[...name('scan32'), 0x00, 0], [...name('scan64'), 0x00, 1]])),
    ...section(10, vec([[...uleb(fn.length), ...fn], [...uleb(fn64.length), ...fn64]])),
  ]);
}

export interface WasmScanners {
  /** float32 accumulation. */
  f32(q: Float32Array): Float32Array;
  /** float64 products and sums, as dotAll (different order of additions). */
  f64(q: Float32Array): Float32Array;
}

/**
 * Scanners over a copy of `matrix` in WebAssembly memory (copied once, outside the timing);
 * undefined when dims is not a multiple of 16, the table does not fit in 4 GiB of wasm memory,
 * or this Node has no WebAssembly SIMD.
 */
export function createWasmScanners(matrix: Float32Array, dims: number): WasmScanners | undefined {
  if (dims <= 0 || dims % 16 !== 0) return undefined;
  const bytes = moduleBytes();
  if (!wasmApi.validate(bytes)) return undefined;
  const n = matrix.length / dims;
  const qOffset = matrix.byteLength; // float32 rows are 64-byte multiples, so this is 8-aligned
  const outOffset = qOffset + dims * 8;
  const total = outOffset + n * 4;
  if (total > 2 ** 32 - 65536) return undefined; // wasm32 memory tops out at 4 GiB
  const memory = new wasmApi.Memory({ initial: Math.ceil(total / 65536) });
  const instance = new wasmApi.Instance(new wasmApi.Module(bytes), { env: { mem: memory } });
  type Scan = (mat: number, n: number, dims: number, q: number, out: number) => void;
  const scan32 = instance.exports.scan32 as Scan;
  const scan64 = instance.exports.scan64 as Scan;
  new Float32Array(memory.buffer, 0, matrix.length).set(matrix);
  const q32 = new Float32Array(memory.buffer, qOffset, dims);
  const q64 = new Float64Array(memory.buffer, qOffset, dims);
  const outView = new Float32Array(memory.buffer, outOffset, n);
  return {
    f32(q) {
      q32.set(q);
      scan32(0, n, dims, qOffset, outOffset);
      return outView.slice();
    },
    f64(q) {
      q64.set(q);
      scan64(0, n, dims, qOffset, outOffset);
      return outView.slice();
    },
  };
}
