/**
 * A test hook that holds a traffic summary worker at its start, as a summary of a very large log
 * would keep it busy, until the test lets it go on or die: so a test can ask /health while the
 * summary is certainly still being built, and see what a worker that dies answers, with no timing
 * involved. One summary per gate. The two sides share memory: [0] is 1 once the worker has
 * arrived, [1] the verdict (0: wait, 1: go on, 2: die).
 */
export class SummaryGate {
  readonly buffer = new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT);
  private readonly cells = new Int32Array(this.buffer);

  /** Resolves once a worker is held at the gate. */
  async arrived(): Promise<void> {
    while (Atomics.load(this.cells, ARRIVED) === 0) {
      const wait = waitAsync(this.cells, ARRIVED, 0);
      if (wait.async) await wait.value;
    }
  }

  /** Lets the held worker build its summary. */
  open(): void {
    this.decide(GO_ON);
  }

  /** Makes the held worker exit without answering, as a crashed one would. */
  crash(): void {
    this.decide(DIE);
  }

  private decide(verdict: number): void {
    Atomics.store(this.cells, VERDICT, verdict);
    Atomics.notify(this.cells, VERDICT);
  }
}

/** Atomics.waitAsync (Node 16 and later), which the ES2023 library this project compiles against does not declare. */
const waitAsync = (
  Atomics as unknown as {
    waitAsync(cells: Int32Array, index: number, value: number): { async: boolean; value: Promise<unknown> | string };
  }
).waitAsync;

const ARRIVED = 0;
const VERDICT = 1;
const GO_ON = 1;
const DIE = 2;

/**
 * In the worker: says it arrived, then blocks its thread (as a long summary would) until the
 * test decides. Exits the worker on a `crash()`.
 */
export function waitAtGate(buffer: SharedArrayBuffer): void {
  const cells = new Int32Array(buffer);
  Atomics.store(cells, ARRIVED, 1);
  Atomics.notify(cells, ARRIVED);
  Atomics.wait(cells, VERDICT, 0);
  if (Atomics.load(cells, VERDICT) === DIE) process.exit(1);
}
