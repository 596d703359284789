/**
 * The process of one experiment (see startExperimentProcess): runs it as `testbed experiment`
 * does, writes the report and run files into the output folder, and reports its progress back.
 * Finished cells are written one by one as they finish (cell-run.ts), so stopping this process
 * at any moment leaves them for the next run of the same config to resume from.
 */
import { serveJob } from '../serving/jobs/job-entry.js';
import type { ExperimentReport } from '../reports/report-model.js';
import { writeReport } from '../reports/write-report.js';
import type { Pipeline } from '../pipeline/resolve-pipeline.js';
import type { ExperimentConfig } from './config.js';
import { poolNotice, writeExperimentPool } from './experiment-pool.js';
import type { ExperimentProgress } from './progress.js';
import { adoptPipelines } from './retriever-pipeline.js';
import { outputDir, runExperiment } from './runner.js';

export interface ExperimentInput {
  config: ExperimentConfig;
  /** Each retriever's pipeline, settled where the config was read (settledPipelines), so this process does not parse it again. */
  pipelines: Pipeline[];
  cacheDir?: string;
  /** Send the report back (the CLI prints it); the server reads it from the output folder when asked. */
  returnReport: boolean;
}

serveJob<ExperimentInput, ExperimentProgress, ExperimentReport | null>(
  async ({ config, pipelines, cacheDir, returnReport }, job) => {
    adoptPipelines(config, pipelines);
    let last: ExperimentProgress | undefined;
    const onProgress = (p: ExperimentProgress) => {
      // A new phase or a new cell is sent at once (the CLI prints every index built), the count within a cell ten times a second.
      job.progress(p, p.phase !== last?.phase || p.cell !== last.cell || p.done === p.total);
      last = p;
    };
    const { report, runs, judgements } = await runExperiment(config, {
      ...(cacheDir && { cacheDir }),
      onProgress,
      onNotice: job.notice,
    });
    writeReport(outputDir(config), report, runs, judgements);
    const written = await writeExperimentPool(config, runs);
    if (written) job.notice(poolNotice(written));
    return returnReport ? report : null;
  },
);
