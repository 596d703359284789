import { randomUUID } from 'node:crypto';
import { writeReport } from '../reports/write-report.js';
import type { ExperimentConfig } from './config.js';
import type { ExperimentReport } from '../reports/report-model.js';
import { outputDir, runExperiment, type ExperimentProgress } from './runner.js';

/** An experiment started over HTTP, as `GET /experiments/:id` reports it. */
export interface ExperimentJob {
  id: string;
  name: string;
  state: 'running' | 'done' | 'failed';
  startedAt: string;
  finishedAt?: string;
  progress: ExperimentProgress;
  output: string;
  error?: string;
  report?: ExperimentReport;
}

/**
 * Runs experiments in this process, one at a time per name (two runs of one config would write
 * the same result files), and keeps their state for polling.
 */
export class ExperimentJobs {
  private readonly jobs = new Map<string, ExperimentJob>();

  constructor(private readonly cacheDir: string = '.cache') {}

  start(config: ExperimentConfig): ExperimentJob {
    const running = [...this.jobs.values()].find((j) => j.name === config.name && j.state === 'running');
    if (running) return running;
    const job: ExperimentJob = {
      id: randomUUID(),
      name: config.name,
      state: 'running',
      startedAt: new Date().toISOString(),
      progress: { phase: 'indexing', done: 0, total: 0 },
      output: outputDir(config),
    };
    this.jobs.set(job.id, job);
    runExperiment(config, { cacheDir: this.cacheDir, onProgress: (p) => (job.progress = p) })
      .then(({ report, runs }) => {
        writeReport(job.output, report, runs);
        Object.assign(job, { state: 'done', report, finishedAt: new Date().toISOString() });
      })
      .catch((err: Error) => Object.assign(job, { state: 'failed', error: err.message, finishedAt: new Date().toISOString() }));
    return job;
  }

  get(id: string): ExperimentJob | undefined {
    return this.jobs.get(id);
  }

  list(): ExperimentJob[] {
    return [...this.jobs.values()];
  }
}
