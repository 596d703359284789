import { TestbedError } from '../../errors.js';
import type { JobMessage } from './job-process.js';

/** How a job reports from its process; progress is sent at most every PROGRESS_EVERY_MS unless `now` is set. */
export interface JobReporter<P> {
  progress(progress: P, now?: boolean): void;
  notice(message: string): void;
}

/** Often enough for a progress bar, rarely enough that a job of a million queries sends a few thousand messages. */
const PROGRESS_EVERY_MS = 100;

/**
 * The body of a job entry module (build-child.ts, experiment-child.ts): waits for its input
 * from the parent (startJobProcess), runs `work` and sends the result or the error back, then
 * exits. It ends with its parent: when the IPC channel closes (the server was killed) it exits
 * at its next turn of the loop. SIGINT is ignored, because Ctrl-C at a terminal reaches the
 * whole process group and the parent decides what a job's interruption means (it records it,
 * or tells the user how to resume); SIGTERM keeps its default action, so stop() ends the
 * process at once, even inside a long synchronous query.
 */
export function serveJob<I, P, R>(work: (input: I, report: JobReporter<P>) => Promise<R>): void {
  const send = process.send?.bind(process);
  if (!send) {
    process.stderr.write(
      'this module is a job process: it is started by startJobProcess (src/serving/jobs/job-process.ts)\n',
    );
    process.exit(2);
  }
  const post = (m: JobMessage<P, R>, then?: () => void) => {
    if (process.connected) send(m, undefined, {}, () => then?.());
    else then?.();
  };
  process.on('SIGINT', () => {});
  process.once('disconnect', () => process.exit(1));
  let last = 0;
  const reporter: JobReporter<P> = {
    progress(progress, now = false) {
      const t = Date.now();
      if (!now && t - last < PROGRESS_EVERY_MS) return;
      last = t;
      post({ type: 'progress', progress });
    },
    notice: (message) => post({ type: 'notice', message }),
  };
  process.once('message', (input: I) => {
    work(input, reporter).then(
      (result) => post({ type: 'done', result }, () => process.exit(0)),
      (err: unknown) => {
        if (err instanceof TestbedError)
          return post({ type: 'failed', message: err.message, code: err.code, status: err.status }, () =>
            process.exit(1),
          );
        // Not the user's doing: the stack goes to the server's (or the CLI's) stderr, the message to the job.
        console.error(err);
        post({ type: 'failed', message: err instanceof Error ? err.message : String(err) }, () => process.exit(1));
      },
    );
  });
}
