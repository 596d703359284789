import { Worker } from 'node:worker_threads';
import { UnavailableError } from '../errors.js';
import type { EmbedBatch } from './types.js';

/**
 * Texts per message to a worker. Fixed rather than derived from the thread count, so each text is
 * encoded in the same batch whatever the number of threads and results do not depend on it.
 * Small, because the graph runs no faster on bigger batches (measured: ~13.7 texts/s per thread
 * at 1 and at 8) while small pieces keep both threads busy until the end of a batch.
 */
export const USE_LITE_CHUNK_SIZE = 4;

/** Messages from use-lite-worker.mjs. */
export type FromUseLiteWorker =
  | { type: 'ready' }
  | { type: 'load-failed'; message: string }
  | { type: 'done'; chunk: number; vectors: Float32Array; truncated: Uint8Array }
  | { type: 'embed-failed'; chunk: number; message: string };

/** Messages to use-lite-worker.mjs. */
export interface ToUseLiteWorker {
  type: 'embed';
  chunk: number;
  texts: string[];
}

export interface UseLitePoolOptions {
  threads: number;
  dims: number;
  /** Starts worker number `index`. Tests replace it with workers that crash on purpose. */
  spawn?: (index: number) => Worker;
}

interface Job {
  vectors: Float32Array[];
  truncated: boolean[];
  left: number;
  settled: boolean;
  resolve: (batch: EmbedBatch) => void;
  reject: (err: Error) => void;
}

interface Chunk {
  id: number;
  job: Job;
  start: number;
  texts: string[];
}

interface Slot {
  index: number;
  worker: Worker;
  busy: Chunk | null;
}

/**
 * Starts the real worker: a plain-JS module next to this file, so it needs no TypeScript loader.
 * It gets no node flags: by default a worker inherits the parent's, and some (`--input-type`
 * from `node -e`, loaders of a test runner) break or slow the loading of a plain module.
 */
export function spawnUseLiteWorker(): Worker {
  return new Worker(new URL('./use-lite-worker.mjs', import.meta.url), { execArgv: [] });
}

/**
 * Worker threads that each hold one copy of Universal Sentence Encoder Lite (TF.js runs it on a
 * single thread). A batch is cut into chunks that idle workers take in turn; results are put back
 * in input order. A worker that dies fails every pending and later call with a message naming it,
 * instead of leaving promises that never settle. Idle workers are unref'd, so a forgotten close()
 * does not keep the process alive; close() terminates them.
 */
export class UseLitePool {
  private readonly slots: Slot[] = [];
  private readonly queue: Chunk[] = [];
  private readonly jobs = new Set<Job>();
  private nextChunk = 0;
  private broken: Error | null = null;
  private closed = false;
  private closing: Promise<void> | null = null;
  private readonly ready: Promise<void>;
  private readonly dims: number;

  private constructor(options: UseLitePoolOptions) {
    this.dims = options.dims;
    const spawn = options.spawn ?? spawnUseLiteWorker;
    const waits: Promise<void>[] = [];
    try {
      for (let index = 0; index < options.threads; index++) {
        const slot: Slot = { index, worker: spawn(index), busy: null };
        this.slots.push(slot);
        waits.push(this.watch(slot));
      }
    } catch (err) {
      // Workers already started would otherwise keep the process alive with no pool to close them.
      this.closed = true;
      for (const wait of waits) wait.catch(() => undefined);
      for (const slot of this.slots) void slot.worker.terminate();
      throw err;
    }
    this.ready = Promise.all(waits).then(() => undefined);
  }

  /** Starts `threads` workers and resolves once every one has loaded the model. */
  static async start(options: UseLitePoolOptions): Promise<UseLitePool> {
    const pool = new UseLitePool(options);
    try {
      await pool.ready;
    } catch (err) {
      await pool.close();
      throw err;
    }
    return pool;
  }

  /** Encodes `texts` across the workers; vectors come back in input order. */
  embed(texts: string[]): Promise<EmbedBatch> {
    // Broken first: a crash also closes the pool, and the crash is what the caller needs to hear.
    if (this.broken) return Promise.reject(this.broken);
    if (this.closed) return Promise.reject(new Error('use-lite embedder is closed'));
    if (texts.length === 0) return Promise.resolve({ vectors: [], truncated: [] });
    return new Promise<EmbedBatch>((resolve, reject) => {
      const job: Job = {
        vectors: new Array<Float32Array>(texts.length),
        truncated: new Array<boolean>(texts.length).fill(false),
        left: texts.length,
        settled: false,
        resolve,
        reject,
      };
      this.jobs.add(job);
      for (let start = 0; start < texts.length; start += USE_LITE_CHUNK_SIZE) {
        this.queue.push({ id: this.nextChunk++, job, start, texts: texts.slice(start, start + USE_LITE_CHUNK_SIZE) });
      }
      this.dispatch();
    });
  }

  /** Terminates the workers; calls still pending are rejected. Safe to call twice. */
  close(): Promise<void> {
    if (!this.closing) {
      this.closed = true;
      this.failJobs(new Error('use-lite embedder was closed before the batch finished'));
      this.closing = Promise.all(this.slots.map((s) => s.worker.terminate())).then(() => undefined);
    }
    return this.closing;
  }

  /** Wires one worker's events; the promise settles when it is ready or has failed to start. */
  private watch(slot: Slot): Promise<void> {
    const { worker, index } = slot;
    return new Promise<void>((resolve, reject) => {
      const fail = (err: Error) => {
        reject(err);
        this.breakDown(err);
      };
      worker.on('message', (msg: FromUseLiteWorker) => {
        switch (msg.type) {
          case 'ready':
            // Idle until given work: an idle worker must not keep the process running.
            worker.unref();
            resolve();
            break;
          case 'load-failed':
            fail(new UnavailableError(`use-lite: worker ${index} could not load the model: ${msg.message}`));
            break;
          case 'done':
            this.finishChunk(slot, msg.chunk, msg.vectors, msg.truncated);
            break;
          case 'embed-failed':
            this.failChunk(
              slot,
              msg.chunk,
              new Error(`use-lite: worker ${index} failed to encode a batch: ${msg.message}`),
            );
            break;
        }
      });
      worker.on('error', (err: unknown) => {
        fail(new Error(`use-lite: worker ${index} crashed: ${describe(err)}`, { cause: err }));
      });
      worker.on('messageerror', (err: unknown) => {
        fail(new Error(`use-lite: worker ${index} sent an unreadable message: ${describe(err)}`, { cause: err }));
      });
      worker.on('exit', (code: number) => {
        if (!this.closed) fail(new Error(`use-lite: worker ${index} exited unexpectedly (exit code ${code})`));
      });
    });
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.busy) continue;
      let chunk = this.queue.shift();
      while (chunk?.job.settled) chunk = this.queue.shift();
      if (!chunk) return;
      slot.busy = chunk;
      // Busy workers hold the process open: their caller is awaiting the result.
      slot.worker.ref();
      const msg: ToUseLiteWorker = { type: 'embed', chunk: chunk.id, texts: chunk.texts };
      slot.worker.postMessage(msg);
    }
  }

  private finishChunk(slot: Slot, id: number, vectors: Float32Array, truncated: Uint8Array): void {
    const chunk = this.release(slot, id);
    if (!chunk) return;
    const { job, start, texts } = chunk;
    if (!job.settled) {
      if (vectors.length !== texts.length * this.dims || truncated.length !== texts.length) {
        this.settle(
          job,
          new Error(`use-lite: worker ${slot.index} returned ${vectors.length} values for ${texts.length} texts`),
        );
      } else {
        for (let i = 0; i < texts.length; i++) {
          // Copies, so each vector owns its memory and outlives the others.
          job.vectors[start + i] = vectors.slice(i * this.dims, (i + 1) * this.dims);
          job.truncated[start + i] = truncated[i] === 1;
        }
        job.left -= texts.length;
        if (job.left === 0) this.settle(job);
      }
    }
    this.dispatch();
  }

  private failChunk(slot: Slot, id: number, err: Error): void {
    const chunk = this.release(slot, id);
    if (chunk) this.settle(chunk.job, err);
    this.dispatch();
  }

  /** Marks `slot` idle and returns the chunk it was working on, if `id` is that chunk. */
  private release(slot: Slot, id: number): Chunk | null {
    const chunk = slot.busy;
    if (!chunk || chunk.id !== id) return null;
    slot.busy = null;
    slot.worker.unref();
    return chunk;
  }

  private settle(job: Job, err?: Error): void {
    if (job.settled) return;
    job.settled = true;
    this.jobs.delete(job);
    if (err) job.reject(err);
    else job.resolve({ vectors: job.vectors, truncated: job.truncated });
  }

  private failJobs(err: Error): void {
    for (const job of [...this.jobs]) this.settle(job, err);
    this.queue.length = 0;
  }

  /** A worker is gone: fail everything now and later, and stop the others. */
  private breakDown(err: Error): void {
    if (this.broken || this.closed) return;
    this.broken = err;
    this.failJobs(err);
    void this.close();
  }
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
