import type { ExperimentConfig } from '../experiments/config.js';
import { startExperimentProcess } from '../experiments/experiment-process.js';
import type { ExperimentProgress } from '../experiments/progress.js';
import type { ExperimentReport } from '../reports/report-model.js';
import type { JobEnd, JobProcess } from '../serving/jobs/job-process.js';
import type { JobQueue } from '../serving/jobs/job-queue.js';

/** How a queued experiment ended: its process's end, or `withdrawn` (cancelled before it started), or `stopped` (by the server). */
export type QueuedEnd = JobEnd<ExperimentReport | null> | { kind: 'withdrawn' } | { kind: 'stopped' };

/**
 * An experiment run as a job of `queue`, the server's (behind its builds and other jobs, at most
 * --max-jobs at once, at the queue's niceness, stopped with the rest when the server stops) or
 * the stdio server's own. `signal` cancels it: withdrawn while it waits, its process stopped at
 * once while it runs (as Ctrl-C stops `testbed experiment`).
 */
export function queuedExperiment(
  queue: JobQueue,
  config: ExperimentConfig,
  options: { cacheDir: string; signal: AbortSignal; onProgress: (p: ExperimentProgress) => void },
): Promise<QueuedEnd> {
  return new Promise((resolve) => {
    let run: JobProcess<ExperimentReport | null> | undefined;
    const job = {
      async run() {
        if (options.signal.aborted) return resolve({ kind: 'withdrawn' });
        run = startExperimentProcess(config, {
          cacheDir: options.cacheDir,
          returnReport: true,
          onProgress: options.onProgress,
          niceness: queue.niceness,
        });
        resolve(await run.ended);
      },
      async stop() {
        if (!run) return resolve({ kind: 'stopped' });
        await run.stop(1000);
      },
    };
    options.signal.addEventListener(
      'abort',
      () => {
        if (queue.withdraw(job)) resolve({ kind: 'withdrawn' });
        else void run?.stop(1000);
      },
      { once: true },
    );
    queue.add(job);
  });
}
