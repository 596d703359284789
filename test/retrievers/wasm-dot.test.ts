import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Embedder } from '../../src/embedders/types.js';
import { createRng } from '../../src/stats/prng.js';
import { allocateVectorMatrix, createDenseScan } from '../../src/retrievers/dense-scan.js';
import { createDenseRetriever, type VectorTable } from '../../src/retrievers/dense.js';
import { topK } from '../../src/retrievers/top-k.js';
import type { ChunkFilter } from '../../src/retrievers/types.js';
import { wasmDotOf } from '../../src/retrievers/wasm-dot.js';
import { IndexReader } from '../../src/store/index-reader.js';
import { buildTinyIndex } from '../helpers/tiny-index.js';
import { tmpDir } from '../helpers/tmp.js';

/** Seeded unit vectors: uniform components in [-1, 1), each row L2-normalised. */
function unitRows(rows: number, dims: number, seed: number): Float32Array {
  const rng = createRng(seed);
  const m = new Float32Array(rows * dims);
  for (let r = 0; r < rows; r++) {
    const row = m.subarray(r * dims, (r + 1) * dims);
    for (let j = 0; j < dims; j++) row[j] = 2 * rng() - 1;
    const norm = Math.hypot(...row);
    for (let j = 0; j < dims; j++) row[j]! /= norm;
  }
  return m;
}

/** The oracle: each row's float64 sum added in order j = 0..dims-1, rounded to float32 once. */
function reference(matrix: Float32Array, dims: number, q: Float32Array): Float32Array {
  const n = matrix.length / dims;
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let j = 0; j < dims; j++) s += matrix[i * dims + j]! * q[j]!;
    out[i] = s;
  }
  return out;
}

/** The gap from float32 x to the next float32 away from zero. */
function ulp32(x: number): number {
  const f = new Float32Array([Math.abs(x)]);
  new Uint32Array(f.buffer)[0]! += 1;
  return f[0]! - Math.abs(x);
}

const ids = (n: number, prefix: string) =>
  Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(5, '0')}`);

/** An embedder that returns the vector it is given for each query text. */
function givenVectors(dims: number, byText: Map<string, Float32Array>): Embedder {
  return {
    id: 'given',
    dims,
    maxTokens: 0,
    embed: async (texts) => ({ vectors: texts.map((t) => byText.get(t)!), truncated: texts.map(() => false) }),
  };
}

const dir = tmpDir();

afterEach(() => {
  vi.unstubAllEnvs();
});

// The fixture: seeds 1..5 for queries, 100 + dims + n for rows. n covers empty, one row, fewer
// than the JS block of 8, and remainders; 1003 × 384 gives enough scores for a near-tie.
const FIXTURE = [16, 64, 384].flatMap((dims) => [0, 1, 7, 13, 1003].map((n) => ({ dims, n })));

describe('WebAssembly dense scan (scan64)', () => {
  it.each(FIXTURE)(
    'equals the float64 row-by-row reference within 1 float32 ulp, and exactly on this fixture ($n × $dims)',
    ({ dims, n }) => {
      const matrix = unitRows(n, dims, 100 + dims + n);
      const scan = createDenseScan({ matrix, dims });
      // Node 20 has WebAssembly SIMD: the kernel must be the one under test.
      expect(scan.kernel).toBe('wasm');
      for (let seed = 1; seed <= 5; seed++) {
        const q = unitRows(1, dims, seed);
        const ref = reference(matrix, dims, q);
        const got = scan.scan(q);
        expect(got.length).toBe(n);
        let differing = 0;
        for (let i = 0; i < n; i++) {
          expect(Math.abs(got[i]! - ref[i]!)).toBeLessThanOrEqual(ulp32(ref[i]!));
          if (got[i] !== ref[i]) differing++;
        }
        // Different order of float64 additions: equal after rounding to float32 on this fixture.
        expect(differing).toBe(0);
        const chunkIds = ids(n, 'c');
        expect(topK(got, chunkIds, 10)).toEqual(topK(ref, chunkIds, 10));
      }
    },
  );

  it('ranks as TESTBED_DENSE_KERNEL=js does, at chunk and document level, with and without a filter', async () => {
    const dims = 64;
    const n = 501;
    const matrix = unitRows(n, dims, 7);
    const chunkIds = ids(n, 'c');
    // Three chunks per document, so the document maximum has something to choose from.
    const table: VectorTable = { matrix, dims, chunkIds, docIds: chunkIds.map((_, i) => `d${Math.floor(i / 3)}`) };
    const queries = new Map(Array.from({ length: 4 }, (_, i) => [`q${i}`, unitRows(1, dims, 50 + i)] as const));
    const embedder = givenVectors(dims, queries);
    const wasm = createDenseRetriever(table, embedder);
    vi.stubEnv('TESTBED_DENSE_KERNEL', 'js');
    const js = createDenseRetriever(table, embedder);
    vi.unstubAllEnvs();
    const kept = (_: string, i: number) => i % 4 !== 1;
    // Only the id sets matter to the dense leg; the SQL and rowids are for the lexical engines.
    const filter: ChunkFilter = {
      spec: {},
      key: 'every chunk but the second of each four',
      sql: { where: '1', params: [] },
      rowids: new Set(chunkIds.map((_, i) => i + 1).filter((_, i) => kept('', i))),
      chunkIds: new Set(chunkIds.filter(kept)),
      docIds: new Set(table.docIds.filter(kept)),
    };
    for (const q of queries.keys()) {
      for (const level of ['chunk', 'doc'] as const) {
        for (const f of [undefined, filter]) {
          const opts = { k: 20, level, ...(f && { filter: f }) };
          const [a, b] = [await wasm.search(q, opts), await js.search(q, opts)];
          expect(a.hits).toEqual(b.hits);
          if (f) for (const h of a.hits) expect(f.chunkIds.has(h.chunkId)).toBe(true);
        }
      }
    }
  });

  it('scans a table from allocateVectorMatrix in place, also its first rows only', () => {
    const dims = 16;
    const matrix = allocateVectorMatrix(10, dims);
    expect(wasmDotOf(matrix, dims)).toBeDefined();
    // As IndexReader.loadVectors does when fewer rows came than counted: the first 7 of 10.
    const rows = matrix.subarray(0, 7 * dims);
    rows.set(unitRows(7, dims, 3));
    const scan = createDenseScan({ matrix: rows, dims });
    expect(scan.kernel).toBe('wasm');
    const q = unitRows(1, dims, 4);
    expect(scan.scan(q)).toEqual(reference(rows, dims, q));
    // No copy: a change to the table shows in the next scan.
    rows.fill(0, 0, dims);
    expect(scan.scan(q)[0]).toBe(0);
  });

  it('IndexReader.loadVectors(allocateVectorMatrix) fills the kernel memory, as the Searcher loads it', async () => {
    const { file } = await buildTinyIndex(dir);
    const reader = IndexReader.open(file);
    try {
      const plain = reader.loadVectors();
      const table = reader.loadVectors(allocateVectorMatrix);
      expect(table.matrix).toEqual(plain.matrix);
      expect(table.chunkIds).toEqual(plain.chunkIds);
      expect(wasmDotOf(table.matrix, table.dims)).toBeDefined();
      expect(createDenseScan(table).kernel).toBe('wasm');
    } finally {
      reader.close();
    }
  });

  it('keeps one memory per table when several exist at once', () => {
    const dims = 32;
    const tables = [1, 2, 3].map((seed) => ({ matrix: unitRows(9 + seed, dims, seed), dims }));
    const scans = tables.map((t) => createDenseScan(t));
    const q = unitRows(1, dims, 9);
    // Interleaved, so a shared query or score buffer would show.
    for (let round = 0; round < 2; round++) {
      scans.forEach((s, i) => expect(s.scan(q)).toEqual(reference(tables[i]!.matrix, dims, q)));
    }
  });

  it('TESTBED_DENSE_KERNEL=js forces dotAll, and allocateVectorMatrix then gives a plain array', () => {
    vi.stubEnv('TESTBED_DENSE_KERNEL', 'js');
    const dims = 64;
    const matrix = allocateVectorMatrix(5, dims);
    expect(wasmDotOf(matrix, dims)).toBeUndefined();
    matrix.set(unitRows(5, dims, 11));
    const scan = createDenseScan({ matrix, dims });
    expect(scan.kernel).toBe('js');
    const q = unitRows(1, dims, 12);
    expect(scan.scan(q)).toEqual(reference(matrix, dims, q));
  });

  it('falls back to dotAll when dims is not a multiple of 16 (24), with the reference scores', () => {
    const dims = 24;
    const matrix = unitRows(13, dims, 21);
    expect(wasmDotOf(allocateVectorMatrix(13, dims), dims)).toBeUndefined();
    const scan = createDenseScan({ matrix, dims });
    expect(scan.kernel).toBe('js');
    const q = unitRows(1, dims, 22);
    // dotAll adds in the reference's order: bit-identical.
    expect(scan.scan(q)).toEqual(reference(matrix, dims, q));
  });
});
