/**
 * A tiny WebAssembly assembler for scan kernels, so the SIMD dot product needs no toolchain
 * and no binary blob in the repository: LEB128, sections, the few instructions the kernels use,
 * and a module builder. Every kernel has one signature, over byte offsets into one imported
 * memory (`env.mem`):
 *
 *   kernel(mat, n, dims, q, out): out[i] = <row i of mat, q> for i < n
 *
 * Shared by the product kernel (wasm-dot.ts) and the bench's float32 variant.
 */

export const I32 = 0x7f;
export const V128 = 0x7b;

/** Unsigned LEB128. */
export function uleb(n: number): number[] {
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
export function sleb(n: number): number[] {
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
export const get = (i: number) => [0x20, ...uleb(i)];
export const set = (i: number) => [0x21, ...uleb(i)];
export const i32c = (n: number) => [0x41, ...sleb(n)];
export const simd = (op: number, ...imm: number[]) => [0xfd, ...uleb(op), ...imm];
export const v128Load = (offset: number) => simd(0x00, 4, ...uleb(offset)); // align 2^4
export const zeroV128 = simd(0x0c, ...new Array<number>(16).fill(0)); // v128.const 0
export const I32_ADD = 0x6a;
export const I32_MUL = 0x6c;
export const I32_SHL = 0x74;
export const I32_LT_U = 0x49;
export const I32_EQZ = 0x45;
export const F32_STORE = [0x38, 2, 0]; // align 4, offset 0

/**
 * Locals every kernel may use: params 0 mat, 1 n, 2 dims, 3 q, 4 out; then 5 i, 6 p (row
 * pointer), 7 qp (query pointer), 8 qend; 9-12 four v128 accumulators, 13 v (their sum),
 * 14-15 r0-r1 (row loads).
 */
export const L = {
  MAT: 0,
  N: 1,
  DIMS: 2,
  Q: 3,
  OUT: 4,
  I: 5,
  P: 6,
  QP: 7,
  QEND: 8,
  ACC: [9, 10, 11, 12],
  V: 13,
  R0: 14,
  R1: 15,
} as const;

/**
 * The loop around a kernel: for each row i < n, zero the accumulators, run `step` (which reads
 * the row at p and the query at qp, then advances both) until qp reaches qend, and store
 * `finish` (the accumulators reduced to one f32 on the stack) at out[i]. `qBytes` is the size of
 * one query component (4 for float32, 8 for float64).
 */
export function rowLoop(qBytes: number, step: number[], finish: number[]): number[] {
  return [
    ...get(L.MAT),
    ...set(L.P),
    ...get(L.Q),
    ...get(L.DIMS),
    ...i32c(qBytes),
    I32_MUL,
    I32_ADD,
    ...set(L.QEND),
    0x02,
    0x40, // block $done
    ...get(L.N),
    I32_EQZ,
    0x0d,
    0, // br_if $done when n == 0
    0x03,
    0x40, // loop $rows
    ...L.ACC.flatMap((a) => [...zeroV128, ...set(a)]),
    ...get(L.Q),
    ...set(L.QP),
    0x03,
    0x40, // loop $cols
    ...step,
    ...get(L.QP),
    ...get(L.QEND),
    I32_LT_U,
    0x0d,
    0, // br_if $cols
    0x0b, // end $cols
    ...get(L.OUT),
    ...get(L.I),
    ...i32c(2),
    I32_SHL,
    I32_ADD, // address of out[i]
    ...finish,
    ...F32_STORE,
    ...get(L.I),
    ...i32c(1),
    I32_ADD,
    ...set(L.I),
    ...get(L.I),
    ...get(L.N),
    I32_LT_U,
    0x0d,
    0, // br_if $rows
    0x0b, // end $rows
    0x0b, // end $done
    0x0b, // end of function
  ];
}

/**
 * A module importing `env.mem` (at least one page) and exporting each kernel under its name.
 * `shared`: the import is a shared memory (limits flag 3, up to wasm32's 65536 pages), the only
 * kind one table can be scanned through from several threads.
 */
export function kernelModule(
  kernels: { name: string; body: number[] }[],
  options: { shared?: boolean } = {},
): Uint8Array {
  const limits = options.shared ? [0x03, ...uleb(1), ...uleb(65536)] : [0x00, ...uleb(1)];
  const locals = vec(
    [
      [4, I32],
      [4, V128],
      [1, V128],
      [2, V128],
    ].map(([count, type]) => [...uleb(count!), type!]),
  );
  const fns = kernels.map((k) => [...locals, ...k.body]);
  return Uint8Array.from([
    0x00,
    0x61,
    0x73,
    0x6d,
    0x01,
    0x00,
    0x00,
    0x00,
    ...section(1, vec([[0x60, ...vec([[I32], [I32], [I32], [I32], [I32]]), 0x00]])),
    ...section(2, vec([[...name('env'), ...name('mem'), 0x02, ...limits]])),
    ...section(3, vec(kernels.map(() => [0]))),
    ...section(7, vec(kernels.map((k, i) => [...name(k.name), 0x00, ...uleb(i)]))),
    ...section(10, vec(fns.map((fn) => [...uleb(fn.length), ...fn]))),
  ]);
}
