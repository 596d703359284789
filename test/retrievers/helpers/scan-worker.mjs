// A thread that scans a shared vector table with the dense kernel under its own slot (see
// shared-vector-matrix.test.ts): the TypeScript source through tsx, as a search worker from src/.
// control[1] = 1 once it scans; it scans until control[0] is set, and reports the scores of the
// last scan, how many scans it made and how many differed from its first.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { attachVectorMatrix, createDenseScan } = await import(
  new URL('../../../src/retrievers/dense-scan.ts', import.meta.url).href
);
const { shared, slot, query, control } = workerData;
const scan = createDenseScan({ matrix: attachVectorMatrix(shared, slot), dims: shared.dims });
const first = scan.scan(query);
let scans = 0;
let differed = 0;
Atomics.store(control, 1, 1);
Atomics.notify(control, 1);
while (Atomics.load(control, 0) === 0) {
  const s = scan.scan(query);
  scans++;
  if (s.some((x, i) => x !== first[i])) differed++;
}
parentPort.postMessage({ kernel: scan.kernel, scores: first, scans, differed });
