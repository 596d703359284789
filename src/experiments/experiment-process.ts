import { entryBeside, startJobProcess, type JobProcess } from '../serving/jobs/job-process.js';
import type { ExperimentReport } from '../reports/report-model.js';
import type { ExperimentConfig } from './config.js';
import type { ExperimentInput } from './experiment-child.js';
import type { ExperimentProgress } from './progress.js';
import { settledPipelines } from './retriever-pipeline.js';

const ENTRY = entryBeside(import.meta.url, 'experiment-child');

export interface ExperimentProcessOptions {
  cacheDir?: string;
  /** Have the report sent back when done (else it is only written to the output folder). */
  returnReport?: boolean;
  onProgress?: (p: ExperimentProgress) => void;
  onNotice?: (message: string) => void;
  /** See JobOptions.niceness. */
  niceness?: number;
}

/**
 * Runs an experiment in a process of its own (experiment-child.ts), which writes the report and
 * run files; stop() ends it at once, leaving the cells it finished for a re-run to reuse. Both
 * the server's jobs and `testbed experiment` run experiments this way: the server keeps
 * answering, and Ctrl-C stops the CLI within a moment even in the middle of a long cell.
 */
export function startExperimentProcess(
  config: ExperimentConfig,
  options: ExperimentProcessOptions = {},
): JobProcess<ExperimentReport | null> {
  const input: ExperimentInput = {
    config,
    pipelines: settledPipelines(config),
    ...(options.cacheDir && { cacheDir: options.cacheDir }),
    returnReport: options.returnReport ?? false,
  };
  return startJobProcess<ExperimentInput, ExperimentProgress, ExperimentReport | null>(ENTRY, input, {
    ...(options.onProgress && { progress: options.onProgress }),
    ...(options.onNotice && { notice: options.onNotice }),
    ...(options.niceness !== undefined && { niceness: options.niceness }),
  });
}
