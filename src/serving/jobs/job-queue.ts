import { UnavailableError } from '../../errors.js';

/** A job the queue runs when a place is free. */
export interface QueuedJob {
  /** Runs the job to its end, however it ends; the next job starts once this settles. */
  run(): Promise<void>;
  /**
   * The server is stopping: end the job now and record it as interrupted (a waiting job too,
   * which never ran). Resolves once it is over.
   */
  stop(): Promise<void>;
}

/** How many jobs run at once unless told otherwise (`testbed serve --max-jobs`). */
export const DEFAULT_MAX_JOBS = 1;

/**
 * Index builds and experiments of one server, at most `maxRunning` at a time (each in a process
 * of its own, all sharing the machine's cores with the searches), the others waiting in the
 * order they came. close() stops them all, waiting and running, for a server that is stopping.
 */
export class JobQueue {
  private readonly waiting: QueuedJob[] = [];
  private readonly running = new Set<QueuedJob>();
  private closing: Promise<void> | undefined;

  constructor(
    readonly maxRunning = DEFAULT_MAX_JOBS,
    /**
     * Scheduling niceness of the jobs' processes (see JobOptions.niceness): `testbed serve`
     * runs them at BACKGROUND_NICENESS, behind the searches; 0 (the default) elsewhere.
     */
    readonly niceness = 0,
  ) {
    if (!Number.isInteger(maxRunning) || maxRunning < 1)
      throw new RangeError(`maxRunning must be a whole number >= 1, not ${maxRunning}`);
  }

  /** Queues a job; it starts now (before add returns) when a place is free. */
  add(job: QueuedJob): void {
    if (this.closing) throw new UnavailableError('the server is stopping: it starts no more jobs');
    this.waiting.push(job);
    this.next();
  }

  /** Takes a job that has not started out of the queue: false when it is running or gone. */
  withdraw(job: QueuedJob): boolean {
    const at = this.waiting.indexOf(job);
    if (at < 0) return false;
    this.waiting.splice(at, 1);
    return true;
  }

  /** Jobs ahead of a waiting one (0: next to start); undefined when it is not waiting. */
  ahead(job: QueuedJob): number | undefined {
    const at = this.waiting.indexOf(job);
    return at < 0 ? undefined : at;
  }

  /** Stops every job, waiting and running, and starts none after. Idempotent. */
  close(): Promise<void> {
    this.closing ??= Promise.all(
      [...this.waiting.splice(0), ...this.running].map((job) =>
        job.stop().catch((err: unknown) => console.error('could not stop a job:', err)),
      ),
    ).then(() => undefined);
    return this.closing;
  }

  private next(): void {
    while (!this.closing && this.running.size < this.maxRunning && this.waiting.length > 0) {
      const job = this.waiting.shift()!;
      this.running.add(job);
      void job
        .run()
        .catch((err: unknown) => console.error('a job failed to run:', err))
        .finally(() => {
          this.running.delete(job);
          this.next();
        });
    }
  }
}
