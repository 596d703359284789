import { fork, type Serializable } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { TestbedError } from '../../errors.js';

/**
 * Long jobs (index builds, experiments) run in a process of their own, one per job, forked from
 * a small entry module (see job-entry.ts), never on the loop that answers requests: an
 * experiment of a thousand cells runs synchronous SQLite queries back to back and would freeze
 * every endpoint for as long. A process rather than a worker thread, because a process can be
 * stopped at once whatever it is doing (a signal ends it inside a native call, where
 * worker.terminate() waits for the call to return), its memory and open files are the
 * system's to reclaim, and a crash in a native library (onnxruntime, SQLite) or running out of
 * memory ends the job, not the server.
 */

/** What a job's process sends its parent. */
export type JobMessage<P, R> =
  | { type: 'progress'; progress: P }
  | { type: 'notice'; message: string }
  | { type: 'done'; result: R }
  | { type: 'failed'; message: string; code?: string; status?: TestbedError['status'] };

/** How a job's process ended. */
export type JobEnd<R> =
  | { kind: 'done'; result: R }
  /** The job threw: `error` is a TestbedError (the user's doing: a missing file, a bad spec) when it was one there. */
  | { kind: 'failed'; error: Error }
  /** The process ended without saying why: stopped by stop(), killed by someone else, out of memory. */
  | { kind: 'exited'; code: number | null; signal: NodeJS.Signals | null; stopped: boolean };

export interface JobProcess<R> {
  readonly pid: number;
  /** Settles once the process has exited; never rejects. */
  readonly ended: Promise<JobEnd<R>>;
  /** Ends the process: SIGTERM (it dies at once, see job-entry.ts), SIGKILL after `graceMs`. Resolves once it has exited. */
  stop(graceMs?: number): Promise<void>;
}

export interface JobOptions<P> {
  progress?: (progress: P) => void;
  notice?: (message: string) => void;
  /**
   * Scheduling niceness of the process (0 to 19, higher yields the CPU sooner): `testbed
   * serve` runs its jobs at BACKGROUND_NICENESS (see JobQueue), so that on a busy machine the
   * searches get the cores first. Default 0. Best effort: set on the process's main thread
   * (where its JavaScript runs) just after it starts.
   */
  niceness?: number;
}

/** Niceness of `testbed serve`'s job processes: background work, behind the searches. */
export const BACKGROUND_NICENESS = 10;

/** A job's error that was a TestbedError in its process: the same code, status and message here. */
export class JobError extends TestbedError {
  constructor(
    readonly code: string,
    readonly status: TestbedError['status'],
    message: string,
  ) {
    super(message);
    this.name = 'JobError';
  }
}

/**
 * The path of the job entry `name` beside the module at `moduleUrl`, with that module's
 * extension: `.js` in dist/, `.ts` when the TypeScript sources run (vitest, tsx), where the
 * process is started with tsx's loader (see startJobProcess).
 */
export function entryBeside(moduleUrl: string, name: string): string {
  const self = fileURLToPath(moduleUrl);
  return path.join(path.dirname(self), name + path.extname(self));
}

/** Node flags a job's process inherits: memory limits, nothing that changes how a module loads (`-e`, `--input-type`, test runners' loaders). */
const INHERITED_FLAG = /^--(max-old-space-size|max-semi-space-size|stack-size)=/;

/** Forks `entry` and hands it `input`; progress and notices arrive through `on` until it ends. */
export function startJobProcess<I, P, R>(entry: string, input: I, on: JobOptions<P> = {}): JobProcess<R> {
  const execArgv = process.execArgv.filter((f) => INHERITED_FLAG.test(f));
  // Resolved from here, not from the working directory (a server may run in any folder).
  if (entry.endsWith('.ts'))
    execArgv.push('--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href);
  const child = fork(entry, [], {
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'advanced',
  });
  if (on.niceness && child.pid !== undefined) {
    try {
      os.setPriority(child.pid, on.niceness);
    } catch {
      // best effort: a system that refuses leaves the job at the server's priority
    }
  }
  let outcome: JobEnd<R> | undefined;
  let stopping = false;
  child.on('message', (m: JobMessage<P, R>) => {
    if (m.type === 'progress') on.progress?.(m.progress);
    else if (m.type === 'notice') on.notice?.(m.message);
    else if (m.type === 'done') outcome = { kind: 'done', result: m.result };
    else if (m.type === 'failed')
      outcome = {
        kind: 'failed',
        error: m.code && m.status ? new JobError(m.code, m.status, m.message) : new Error(m.message),
      };
  });
  const ended = new Promise<JobEnd<R>>((resolve) => {
    // 'close', not 'exit': by then every message the process sent has been read.
    child.once('close', (code, signal) => resolve(outcome ?? { kind: 'exited', code, signal, stopped: stopping }));
    // Could not be started at all (no such file, too many processes): ends as a failure.
    child.once('error', (err) => {
      if (child.pid === undefined) resolve({ kind: 'failed', error: err });
    });
  });
  child.send(input as Serializable);
  return {
    pid: child.pid ?? -1,
    ended,
    async stop(graceMs = 2000) {
      stopping = true;
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const force = setTimeout(() => child.kill('SIGKILL'), graceMs);
        await ended;
        clearTimeout(force);
      }
      await ended;
    },
  };
}
