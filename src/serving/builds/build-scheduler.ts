import path from 'node:path';
import { ConflictError } from '../../errors.js';
import type { BuildOptions } from '../../indexing/build-index.js';
import { removeStaleBuilds, removeStaleBuildsIn } from '../../store/atomic-build.js';
import type { IndexMeta } from '../../store/index-meta.js';
import { entryBeside, type JobProcess, startJobProcess } from '../jobs/job-process.js';
import type { JobQueue, QueuedJob } from '../jobs/job-queue.js';
import { JobRecords } from '../jobs/job-records.js';
import type { BuildInput } from './build-child.js';
import { etaEstimator } from '../../indexing/eta.js';
import { type BuildJob, interruptBuild } from './build-jobs.js';

/** Build records live beside the indexes, in a folder no index name can take (names cannot start with a dot). */
const JOBS_FOLDER = '.jobs';
const BUILD_ENTRY = entryBeside(import.meta.url, 'build-child');

/** What a build is asked for (POST /indexes): where it writes is the scheduler's to say. */
export type BuildRequest = Omit<BuildOptions, 'out' | 'onProgress' | 'onNotice'> & {
  chunker: string;
  embedder: string;
  tokenizer: string;
};

/** Where the indexes of a data folder are written (IndexRegistry). */
export interface IndexFiles {
  readonly dataDir: string;
  fileOf(name: string): string;
}

/**
 * The builds of one data folder's indexes: queued in `queue`, each run in a process of its own
 * (see job-process.ts), so a long build never holds up a search. Builds are recorded in
 * `<dir>/.jobs/` (see JobRecords), so a build whose server was killed reads `interrupted` after
 * the next start instead of vanishing.
 */
export class BuildScheduler {
  /** Builds started by this scheduler; others (earlier servers, other processes) are read from their records. */
  private readonly jobs = new Map<string, BuildJob>();
  private readonly records: JobRecords<BuildJob>;
  /** Seconds left of each running build's embedding, at its rate so far (see etaEstimator). */
  private readonly etas = new Map<string, number>();

  constructor(
    private readonly files: IndexFiles,
    readonly queue: JobQueue,
  ) {
    this.records = new JobRecords(path.join(files.dataDir, JOBS_FOLDER), 'build', interruptBuild);
    // Settles the records of builds whose server is gone now, and removes what they left: a
    // half-written record, and the temp files of half-built indexes (never at an index's name)
    // of every build whose process is gone, a killed `testbed index` included.
    this.records.readAll();
    removeStaleBuildsIn(files.dataDir);
  }

  /** The latest build of `name`: this scheduler's own while it runs, else as recorded (by any process). */
  job(name: string): BuildJob | undefined {
    const own = this.jobs.get(name);
    if (own && isLive(own)) return own;
    return this.records.read(name) ?? own;
  }

  /** The names with a build: this scheduler's, and those recorded (ended, or by other processes). */
  names(): string[] {
    return [...new Set([...this.jobs.keys(), ...this.records.readAll().keys()])];
  }

  /** Whether `name` is being built: its build waits in the queue or runs. */
  isBuilding(name: string): boolean {
    const job = this.job(name);
    return job !== undefined && isLive(job);
  }

  /**
   * Queues a build (it starts at once when no other job is running: see JobQueue); its
   * progress is readable through job(name). It runs in a process of its own.
   */
  start(name: string, options: BuildRequest): BuildJob {
    const out = this.files.fileOf(name);
    if (this.isBuilding(name)) throw new ConflictError(`index "${name}" is already being built`);
    const job: BuildJob = {
      name,
      state: 'queued',
      startedAt: new Date().toISOString(),
      request: {
        corpus: options.corpus,
        chunker: options.chunker,
        embedder: options.embedder,
        tokenizer: options.tokenizer,
      },
      progress: { phase: 'reading', done: 0 },
      notices: [],
    };
    this.jobs.set(name, job);
    this.records.save(name, job);
    let child: JobProcess<IndexMeta> | undefined;
    const task: QueuedJob = {
      run: async () => {
        job.state = 'running';
        this.records.save(name, job);
        const estimate = etaEstimator();
        child = startJobProcess<BuildInput, BuildJob['progress'], IndexMeta>(
          BUILD_ENTRY,
          { ...options, out },
          {
            progress: (p) => {
              job.progress = p;
              const eta = p.phase === 'embedding' && p.total !== undefined ? estimate(p.done, p.total) : undefined;
              if (eta) this.etas.set(name, eta.secondsLeft);
              else if (p.phase !== 'embedding') this.etas.delete(name);
              this.records.saveProgress(name, job);
            },
            notice: (m) => job.notices.push(m),
            niceness: this.queue.niceness,
          },
        );
        const end = await child.ended;
        this.etas.delete(name);
        if (job.state !== 'running') return; // stopped: recorded by stop()
        if (end.kind === 'done') Object.assign(job, { state: 'done', meta: end.result });
        else {
          const error =
            end.kind === 'failed'
              ? end.error.message
              : `the build's process ended before it finished (${end.signal ? `signal ${end.signal}` : `exit code ${end.code}`}); nothing was written at the index name`;
          // Only the message is recorded and answered; the process logged anything not the user's doing in full.
          Object.assign(job, { state: 'failed', error });
        }
        job.finishedAt = new Date().toISOString();
        this.records.save(name, job);
      },
      stop: async () => {
        if (!isLive(job)) return;
        Object.assign(job, interruptBuild(job, new Date().toISOString()));
        this.records.save(name, job);
        await child?.stop();
        // The stopped process's half-built temp file: it is gone now, so its file can go.
        removeStaleBuilds(out);
      },
    };
    this.queue.add(task);
    return job;
  }

  /** Seconds left of `name`'s embedding while it runs, once its rate is known; undefined otherwise. */
  secondsLeft(name: string): number | undefined {
    return this.isBuilding(name) ? this.etas.get(name) : undefined;
  }

  /** Forgets the builds of an index being deleted: its job and its record. */
  forget(name: string): void {
    this.jobs.delete(name);
    this.records.remove(name);
  }
}

/** Whether a build still needs a process: waiting in the queue or running. */
function isLive(job: BuildJob): boolean {
  return job.state === 'queued' || job.state === 'running';
}
