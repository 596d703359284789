import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allocateSharedVectorMatrix, attachVectorMatrix, createDenseScan } from '../../src/retrievers/dense-scan.js';
import { wasmDotOf } from '../../src/retrievers/wasm-dot.js';
import { createRng } from '../../src/stats/prng.js';

/**
 * A vector table in shared memory (the search workers' one copy of an index's vectors): each
 * thread binds the scan to it under its own slot, scans it in place, and gets the scores a
 * private table gives, also while another thread scans it at the same time.
 */

function randomRows(rows: number, dims: number, seed: number): Float32Array {
  const rng = createRng(seed);
  return Float32Array.from({ length: rows * dims }, () => 2 * rng() - 1);
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('allocateSharedVectorMatrix / attachVectorMatrix', () => {
  const rows = 301;
  const dims = 64;
  const table = randomRows(rows, dims, 7);
  const queries = [1, 2, 3].map((s) => randomRows(1, dims, 100 + s));
  const privateScores = (q: Float32Array) => createDenseScan({ matrix: table, dims }).scan(q);

  it('a shared wasm memory with a slot per thread, scanned in place, as a private table scores', () => {
    const shared = allocateSharedVectorMatrix(rows, dims, 3);
    expect('memory' in shared && shared.memory.buffer).toBeInstanceOf(SharedArrayBuffer);
    const views = [0, 1, 2].map((slot) => attachVectorMatrix(shared, slot));
    views[0]!.set(table);
    for (const view of views) {
      expect(view.buffer).toBe(views[0]!.buffer);
      expect(wasmDotOf(view, dims)).toBeDefined(); // createDenseScan takes it as it lies: no copy
      const scan = createDenseScan({ matrix: view, dims });
      expect(scan.kernel).toBe('wasm');
      for (const q of queries) expect(scan.scan(q)).toEqual(privateScores(q));
    }
    expect(() => attachVectorMatrix(shared, 3)).toThrow(RangeError);
  });

  it('dims the kernel cannot take, or TESTBED_DENSE_KERNEL=js: a SharedArrayBuffer scanned with dotAll', () => {
    vi.stubEnv('TESTBED_DENSE_KERNEL', 'js');
    const shared = allocateSharedVectorMatrix(rows, dims, 2);
    expect('buffer' in shared && shared.buffer).toBeInstanceOf(SharedArrayBuffer);
    const view = attachVectorMatrix(shared, 1);
    view.set(table);
    const scan = createDenseScan({ matrix: view, dims });
    expect(scan.kernel).toBe('js');
    vi.unstubAllEnvs();
    for (const q of queries) expect(scan.scan(q)).toEqual(createDenseScan({ matrix: table, dims }).scan(q));
    const odd = allocateSharedVectorMatrix(5, 10, 2);
    expect('buffer' in odd).toBe(true);
  });

  it('posted to another thread: its kernel scans the same memory under slot 1 while this one scans under slot 0, every scan as a private table scores', async () => {
    const shared = allocateSharedVectorMatrix(rows, dims, 2);
    attachVectorMatrix(shared, 0).set(table);
    const control = new Int32Array(new SharedArrayBuffer(8));
    const worker = new Worker(new URL('./helpers/scan-worker.mjs', import.meta.url), {
      workerData: { shared, slot: 1, query: queries[1], control },
      execArgv: [],
    });
    const theirs = new Promise<{ kernel: string; scores: Float32Array; scans: number; differed: number }>(
      (resolve, reject) => worker.once('message', resolve).once('error', reject),
    );
    expect(Atomics.wait(control, 1, 0, 20_000)).not.toBe('timed-out');
    // Both scan at once for a while: slot 0's query and scores here, slot 1's there.
    const scan = createDenseScan({ matrix: attachVectorMatrix(shared, 0), dims });
    const expected = privateScores(queries[0]!);
    let differed = 0;
    for (const until = performance.now() + 300; performance.now() < until; )
      if (scan.scan(queries[0]!).some((x, i) => x !== expected[i])) differed++;
    Atomics.store(control, 0, 1);
    const answer = await theirs;
    await worker.terminate();
    expect(answer.kernel).toBe('wasm');
    expect(answer.scans).toBeGreaterThan(10);
    expect([differed, answer.differed]).toEqual([0, 0]);
    expect(answer.scores).toEqual(privateScores(queries[1]!));
  });
});
