import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { JobProcess } from '../serving/jobs/job-process.js';
import { JobQueue, type QueuedJob } from '../serving/jobs/job-queue.js';
import { JobRecords } from '../serving/jobs/job-records.js';
import { ConflictError, NotFoundError } from '../errors.js';
import type { ExperimentConfig } from './config.js';
import type { ExperimentReport } from '../reports/report-model.js';
import { startExperimentProcess } from './experiment-process.js';
import { checkGridSize, DEFAULT_MAX_GRID_CELLS } from './grid-limit.js';
import type { ExperimentProgress } from './progress.js';
import { outputDir } from './runner.js';
import { replacedReport, sameConfig, savedReport } from './saved-report.js';

/** An experiment started over HTTP, as `GET /experiments/:id` reports it. */
export interface ExperimentJob {
  id: string;
  name: string;
  /**
   * `queued`: waiting for other jobs to finish (testbed serve --max-jobs); `cancelled`: stopped
   * by DELETE /experiments/:id; `interrupted`: the server running it stopped first (SIGTERM,
   * killed, crashed). Cells finished before a cancel or an interruption are reused by a re-run.
   */
  state: 'queued' | 'running' | 'done' | 'failed' | 'interrupted' | 'cancelled';
  /** When it was asked for (it waits in the queue from then on). */
  startedAt: string;
  finishedAt?: string;
  /** For an interrupted job, the last time its server was seen working on it (it stopped then or soon after). */
  interruptedAt?: string;
  progress: ExperimentProgress;
  output: string;
  error?: string;
  report?: ExperimentReport;
}

export interface ExperimentJobsOptions {
  /** Where experiments wait for a place, shared with index builds (IndexCatalog.queue); default a queue of one. */
  queue?: JobQueue;
  /** Experiments whose grid has more configurations are refused (default DEFAULT_MAX_GRID_CELLS). */
  maxGridCells?: number;
}

/** A job started here, with what it takes to stop it. */
interface Own {
  job: ExperimentJob;
  task: QueuedJob;
  process?: JobProcess<unknown>;
  /** The config it runs, as configKey writes it: asking again for the same is answered with this job. */
  config: string;
}

const RESUME_HINT = 'the configurations it finished are kept: start it again to resume from them';

/**
 * Runs experiments, each in a process of its own (experiment-process.ts) so that serving never
 * waits for one, queued behind other jobs (one at a time by default), one per name (two runs of
 * one config would write the same result files), and keeps their state for polling. Every job
 * is recorded under `<cacheDir>/jobs/` (without its report, which is in its output folder), so
 * the jobs of earlier servers are still listed, and one whose server stopped reads
 * `interrupted`.
 */
export class ExperimentJobs {
  /** Jobs started here; the others are read from their records. */
  private readonly own = new Map<string, Own>();
  private readonly records: JobRecords<ExperimentJob>;
  private readonly queue: JobQueue;
  private readonly maxGridCells: number;

  constructor(
    private readonly cacheDir: string = '.cache',
    options: ExperimentJobsOptions = {},
  ) {
    this.queue = options.queue ?? new JobQueue();
    this.maxGridCells = options.maxGridCells ?? DEFAULT_MAX_GRID_CELLS;
    this.records = new JobRecords(path.join(cacheDir, 'jobs'), 'experiment', interruptExperiment);
    // Settles the records of experiments whose server is gone now, not at the first look.
    this.records.readAll();
  }

  /**
   * Queues an experiment; a grid over the limit is refused first (InputError). While one of the
   * same name is queued or running, the same config again is answered with that job, and any
   * other config with a ConflictError naming it: the two would write the same result files, and
   * a 202 for a config that never runs would be a silent drop. A finished job whose report is
   * in the output folder is answered the same way (the same config: that job; another: a
   * ConflictError), and so is a folder holding the report of another config (saved-report.ts).
   */
  start(config: ExperimentConfig): ExperimentJob {
    checkGridSize(config, this.maxGridCells);
    const key = configKey(config);
    const live = this.list().find((j) => j.name === config.name && isLive(j));
    if (live) {
      if (this.own.get(live.id)?.config === key) return live;
      throw new ConflictError(
        `experiment "${config.name}" is already ${live.state} as job ${live.id} with another config: wait for it, cancel it (DELETE /experiments/${live.id}), or give this one another name`,
      );
    }
    // A finished job's report is never replaced behind it: the same config again is answered with
    // that job (its report is the answer), another config writing the same folder is refused.
    const dir = outputDir(config);
    const finished = this.list().find((j) => j.state === 'done' && j.output === dir && withSavedReport(j).report);
    if (finished) {
      const report = savedReport(dir);
      if (report && sameConfig(report, config)) return finished;
      throw new ConflictError(
        `experiment "${finished.name}" finished as job ${finished.id} and its report is in that folder: another config would replace it; give this one another name`,
      );
    }
    const replaced = replacedReport(config);
    if (replaced)
      throw new ConflictError(
        `${replaced}: this run would replace it; give this one another name (or output:), or move that folder away first`,
      );
    const job: ExperimentJob = {
      id: randomUUID(),
      name: config.name,
      state: 'queued',
      startedAt: new Date().toISOString(),
      progress: { phase: 'indexing', done: 0, total: 0 },
      output: outputDir(config),
    };
    const own: Own = { job, config: key, task: { run: () => this.run(own, config), stop: () => this.interrupt(own) } };
    this.own.set(job.id, own);
    this.save(job);
    this.queue.add(own.task);
    return job;
  }

  get(id: string): ExperimentJob | undefined {
    const job = this.own.get(id)?.job ?? this.records.read(id);
    return job && withSavedReport(job);
  }

  /** Every job, this server's and the recorded ones, oldest first; without reports. */
  list(): ExperimentJob[] {
    const all = this.records.readAll();
    for (const [id, { job }] of this.own) all.set(id, job);
    return [...all.values()].sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  }

  /**
   * Cancels a queued or running experiment: a queued one never starts, a running one's process
   * is killed; the cells it finished stay on disk for a re-run to resume from. NotFoundError for
   * an unknown id, ConflictError for one that has ended (or is run by another server).
   */
  async cancel(id: string): Promise<ExperimentJob> {
    const own = this.own.get(id);
    const job = own?.job ?? this.records.read(id);
    if (!job) throw new NotFoundError(`no experiment with id "${id}"`);
    if (!isLive(job))
      throw new ConflictError(`experiment "${job.name}" is already ${job.state}: there is nothing to cancel`);
    if (!own) throw new ConflictError(`experiment "${job.name}" is run by another server process: cancel it there`);
    const wasQueued = job.state === 'queued';
    Object.assign(job, {
      state: 'cancelled',
      finishedAt: new Date().toISOString(),
      error: `cancelled; ${RESUME_HINT}`,
    });
    if (wasQueued) this.queue.withdraw(own.task);
    else await own.process?.stop();
    this.save(job);
    return job;
  }

  /** Runs a job the queue let through, in its process, until that ends. */
  private async run(own: Own, config: ExperimentConfig): Promise<void> {
    const { job } = own;
    if (job.state !== 'queued') return; // cancelled meanwhile
    job.state = 'running';
    this.save(job);
    const child = startExperimentProcess(config, {
      cacheDir: this.cacheDir,
      niceness: this.queue.niceness,
      onProgress: (p) => {
        job.progress = p;
        this.records.saveProgress(job.id, withoutReport(job));
      },
    });
    own.process = child;
    const end = await child.ended;
    if (job.state !== 'running') return; // cancelled or interrupted: recorded by whoever stopped it
    if (end.kind === 'done') Object.assign(job, { state: 'done' });
    else if (end.kind === 'failed') Object.assign(job, { state: 'failed', error: end.error.message });
    else {
      const how = end.signal ? `signal ${end.signal}` : `exit code ${end.code}`;
      Object.assign(job, {
        state: 'failed',
        error: `the experiment's process ended before it finished (${how}; out of memory?); ${RESUME_HINT}`,
      });
    }
    job.finishedAt = new Date().toISOString();
    this.save(job);
  }

  /** The server is stopping: the job is recorded interrupted (so the next start lists it so) and its process ended. */
  private async interrupt(own: Own): Promise<void> {
    const { job } = own;
    if (!isLive(job)) return;
    const now = new Date().toISOString();
    Object.assign(job, interruptExperiment(job, now));
    this.save(job);
    await own.process?.stop();
  }

  private save(job: ExperimentJob): void {
    this.records.save(job.id, withoutReport(job));
  }
}

/**
 * A config as text that two equal configs share whatever the order of their keys: JSON with
 * every object's keys sorted (arrays keep their order, which means something: ks, the grid).
 */
function configKey(config: ExperimentConfig): string {
  return JSON.stringify(config, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}

function isLive(job: ExperimentJob): boolean {
  return job.state === 'queued' || job.state === 'running';
}

/** A live experiment whose server is gone or stopping; its output folder may hold an earlier run's report. */
function interruptExperiment(job: ExperimentJob, lastSeen: string): ExperimentJob {
  return {
    ...job,
    state: 'interrupted',
    interruptedAt: lastSeen,
    error: `the server stopped before this experiment finished; ${RESUME_HINT}`,
  };
}

function withoutReport({ report: _report, ...job }: ExperimentJob): ExperimentJob {
  return job;
}

/**
 * A finished job with the report its process wrote (reports are not kept in job records or in
 * memory), unless a later run of the same name has replaced it in the output folder since.
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
