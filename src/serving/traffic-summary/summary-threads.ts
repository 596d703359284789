import { Worker } from 'node:worker_threads';
import { TestbedError } from '../../errors.js';
import { type ErrorData, reviveWorkerError } from '../worker-errors.js';
import type { SummaryOptions, TrafficSummary } from '../../traffic/traffic-summary.js';
import type { InterleavingsJson } from '../../traffic/interleaving/interleaving-report.js';

/**
 * What a summary worker is asked to build from the log: its summary (`options`), or its
 * interleavings' credit (`interleavings`, with the name asked for, if any).
 */
export interface SummaryJob {
  /** The log folder (read-served-log.ts). */
  dir: string;
  options: SummaryOptions;
  interleavings?: { name?: string };
  /** Test hook (summary-gate.ts): the worker waits here before it reads. */
  gate?: SharedArrayBuffer;
}

/** A summary worker's answer to one job: the result as plain data, or its error as the fields that rebuild it. */
export type FromSummaryWorker =
  | { type: 'done'; result: TrafficSummary | InterleavingsJson }
  | { type: 'failed'; error: ErrorData };

/** A summary asked for while or after the server stops: not the request's fault, and it may be asked again. */
export class SummaryStoppedError extends TestbedError {
  readonly code = 'unavailable';
  readonly status = 503;
  constructor() {
    super('the server is stopping: the traffic summary was not finished; ask again once it is back');
    this.name = 'SummaryStoppedError';
  }
}

const WORKER = 'traffic summary worker';

interface Thread {
  worker: Worker;
  /** The job it is building, settled once. */
  job?: { resolve: (result: TrafficSummary | InterleavingsJson) => void; reject: (err: Error) => void };
  /** What the worker threw outside a job, reported with its exit. */
  error?: Error;
}

/**
 * Builds traffic summaries in worker threads: reading a log is linear in its size (5 s at
 * 300,000 searches), and on the main thread it would hold every other request, /health
 * included, for as long. A summary takes an idle worker or starts one; one worker is kept idle
 * afterwards (unref'd: it never holds the process), so the next summary skips starting a thread
 * and compiling the reader again. The summary comes back as plain data, an error as the same
 * class (so the same HTTP answer as a summary built in-process), and a worker that dies without
 * answering as a plain Error (a 500 whose detail is logged). close() ends every worker, so a
 * server that stops does not wait for a summary nobody will read.
 */
export class SummaryThreads {
  private readonly threads = new Set<Thread>();
  private idle: Thread | undefined;
  private closed = false;

  summarize(job: Omit<SummaryJob, 'interleavings'>): Promise<TrafficSummary> {
    return this.run(job) as Promise<TrafficSummary>;
  }

  /** The interleavings of the log (GET /traffic/interleavings), read in a worker as a summary is. */
  interleavings(job: Omit<SummaryJob, 'options' | 'interleavings'>, name?: string): Promise<InterleavingsJson> {
    return this.run({
      ...job,
      options: {},
      interleavings: name === undefined ? {} : { name },
    }) as Promise<InterleavingsJson>;
  }

  private run(job: SummaryJob): Promise<TrafficSummary | InterleavingsJson> {
    if (this.closed) return Promise.reject(new SummaryStoppedError());
    const thread = this.idle ?? this.start();
    this.idle = undefined;
    return new Promise((resolve, reject) => {
      thread.job = { resolve, reject };
      thread.worker.ref();
      thread.worker.postMessage(job);
    });
  }

  /** Workers running, building or idle (for tests). */
  get size(): number {
    return this.threads.size;
  }

  /** Ends every worker: summaries being built answer SummaryStoppedError (503), and so do later ones. */
  async close(): Promise<void> {
    this.closed = true;
    this.idle = undefined;
    const threads = [...this.threads];
    for (const t of threads) settle(t, (job) => job.reject(new SummaryStoppedError()));
    await Promise.all(threads.map((t) => t.worker.terminate()));
  }

  private start(): Thread {
    const worker = new Worker(new URL('./summary-worker.mjs', import.meta.url), { execArgv: [] });
    const thread: Thread = { worker };
    this.threads.add(thread);
    worker.on('message', (msg: FromSummaryWorker) => {
      settle(thread, (job) =>
        msg.type === 'done' ? job.resolve(msg.result) : job.reject(reviveWorkerError(msg.error, WORKER)),
      );
      worker.unref();
      if (this.closed) return;
      // One idle worker is enough: summaries come one a page load; a second idle one is ended.
      if (this.idle) void worker.terminate();
      else this.idle = thread;
    });
    worker.on('error', (err) => (thread.error = err));
    worker.once('exit', (code) => {
      this.threads.delete(thread);
      if (this.idle === thread) this.idle = undefined;
      const why = thread.error ? `failed: ${thread.error.message}` : `exited with code ${code}`;
      settle(thread, (job) => job.reject(new Error(`${WORKER} ${why} before answering`, { cause: thread.error })));
    });
    return thread;
  }
}

/** Answers the thread's job, if it has one, and only once. */
function settle(thread: Thread, answer: (job: NonNullable<Thread['job']>) => void): void {
  const job = thread.job;
  thread.job = undefined;
  if (job) answer(job);
}
