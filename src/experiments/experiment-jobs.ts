import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { JobRecords } from '../catalog/job-records.js';
import { TestbedError } from '../errors.js';
import { writeReport } from '../reports/write-report.js';
import type { ExperimentConfig } from './config.js';
import type { ExperimentReport } from '../reports/report-model.js';
import { outputDir, runExperiment, type ExperimentProgress } from './runner.js';

/** An experiment started over HTTP, as `GET /experiments/:id` reports it. */
export interface ExperimentJob {
  id: string;
  name: string;
  /** `interrupted`: the server running it stopped first (killed, crashed, restarted). */
  state: 'running' | 'done' | 'failed' | 'interrupted';
  startedAt: string;
  finishedAt?: string;
  /** For an interrupted job, the last time its server was seen working on it (it stopped then or soon after). */
  interruptedAt?: string;
  progress: ExperimentProgress;
  output: string;
  error?: string;
  report?: ExperimentReport;
}

/**
 * Runs experiments in this process, one at a time per name (two runs of one config would write
 * the same result files), and keeps their state for polling. Every job is recorded under
 * `<cacheDir>/jobs/` (without its report, which is in its output folder), so the jobs of earlier
 * servers are still listed, and one whose server was killed reads `interrupted`.
 */
export class ExperimentJobs {
  /** Jobs started here; the others are read from their records. */
  private readonly jobs = new Map<string, ExperimentJob>();
  private readonly records: JobRecords<ExperimentJob>;

  constructor(private readonly cacheDir: string = '.cache') {
    this.records = new JobRecords(path.join(cacheDir, 'jobs'), 'experiment', interruptExperiment);
    // Settles the records of experiments whose server is gone now, not at the first look.
    this.records.readAll();
  }

  start(config: ExperimentConfig): ExperimentJob {
    const running = this.list().find((j) => j.name === config.name && j.state === 'running');
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
    this.save(job);
    const onProgress = (p: ExperimentProgress) => {
      job.progress = p;
      this.records.saveProgress(job.id, withoutReport(job));
    };
    runExperiment(config, { cacheDir: this.cacheDir, onProgress })
      .then(({ report, runs }) => {
        writeReport(job.output, report, runs);
        Object.assign(job, { state: 'done', report, finishedAt: new Date().toISOString() });
        this.save(job);
      })
      .catch((err: Error) => {
        if (!(err instanceof TestbedError)) console.error(`experiment "${job.name}" failed:`, err);
        Object.assign(job, { state: 'failed', error: err.message, finishedAt: new Date().toISOString() });
        this.save(job);
      });
    return job;
  }

  get(id: string): ExperimentJob | undefined {
    const own = this.jobs.get(id);
    if (own) return own;
    const recorded = this.records.read(id);
    return recorded && withSavedReport(recorded);
  }

  /** Every job, this server's and the recorded ones, oldest first; without reports. */
  list(): ExperimentJob[] {
    const all = this.records.readAll();
    for (const [id, job] of this.jobs) all.set(id, job);
    return [...all.values()].sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  }

  private save(job: ExperimentJob): void {
    this.records.save(job.id, withoutReport(job));
  }
}

/** A running experiment whose server is gone; its output folder may hold an earlier run's report. */
function interruptExperiment(job: ExperimentJob, lastSeen: string): ExperimentJob {
  return { ...job, state: 'interrupted', interruptedAt: lastSeen, error: 'the server stopped before this experiment finished: start it again' };
}

function withoutReport({ report: _report, ...job }: ExperimentJob): ExperimentJob {
  return job;
}

/**
 * A finished job of an earlier server, with the report it wrote (reports are not kept in job
 * records), unless a later run of the same name has replaced it in the output folder since.
 */
function withSavedReport(job: ExperimentJob): ExperimentJob {
  if (job.state !== 'done') return job;
  let report: ExperimentReport;
  try {
    report = JSON.parse(fs.readFileSync(path.join(job.output, 'report.json'), 'utf8')) as ExperimentReport;
  } catch {
    return job; // the results folder was cleared since
  }
  const own = report.createdAt >= job.startedAt && report.createdAt <= (job.finishedAt ?? report.createdAt);
  return own ? { ...job, report } : job;
}
