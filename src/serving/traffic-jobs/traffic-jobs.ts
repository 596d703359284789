import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { entryBeside, type JobProcess, startJobProcess } from '../jobs/job-process.js';
import { JobQueue, type QueuedJob } from '../jobs/job-queue.js';
import { JobRecords } from '../jobs/job-records.js';
import type { TrafficResult, TrafficTask } from './traffic-child.js';

const ENTRY = entryBeside(import.meta.url, 'traffic-child');

/** The two kinds of traffic job: a query set sampled from the log, click judgements derived from it. */
export type TrafficJobKind = TrafficTask['kind'];

/** A traffic job as `GET /traffic/samples/:id` and `GET /traffic/judgements/:id` report it. */
export interface TrafficJob<Request, Summary = TrafficResult> {
  id: string;
  kind: TrafficJobKind;
  /**
   * `queued`: waiting for other jobs (builds, experiments: testbed serve --max-jobs);
   * `interrupted`: the server running it stopped first (SIGTERM, killed, crashed).
   */
  state: 'queued' | 'running' | 'done' | 'failed' | 'interrupted';
  startedAt: string;
  finishedAt?: string;
  /** For an interrupted job, the last time its server was seen working on it. */
  interruptedAt?: string;
  /** The request body as posted, so a list says what each job was asked to do. */
  request: Request;
  /** `<results>/traffic/<id>`: the folder the job writes into. */
  output: string;
  error?: string;
  /** What the job did (counts, bands, the position curve, the files written), once done. */
  summary?: Summary;
}

export interface TrafficJobsOptions {
  /** Job records go under `<cacheDir>/jobs/`, beside the experiments' and builds'. */
  cacheDir: string;
  /** Outputs go under `<resultsRoot>/traffic/<id>/`. */
  resultsRoot: string;
  /** Where the jobs wait for a place, shared with builds and experiments (IndexCatalog.queue). */
  queue?: JobQueue;
}

interface Own<R> {
  job: TrafficJob<R>;
  task: QueuedJob;
  process?: JobProcess<TrafficResult>;
}

const RERUN_HINT = 'nothing it wrote is half done: ask again';

/**
 * Runs the traffic jobs of one kind, each in a process of its own (traffic-child.ts) queued
 * behind the server's builds and experiments, and keeps their state for polling. Each job is
 * recorded under `<cacheDir>/jobs/<kind>-<id>.json` with its summary, so a restarted server
 * still lists earlier jobs, and one whose server stopped reads `interrupted`.
 */
export class TrafficJobs<Request> {
  private readonly own = new Map<string, Own<Request>>();
  private readonly records: JobRecords<TrafficJob<Request>>;
  private readonly queue: JobQueue;

  constructor(
    readonly kind: TrafficJobKind,
    private readonly options: TrafficJobsOptions,
  ) {
    this.queue = options.queue ?? new JobQueue();
    this.records = new JobRecords(path.join(options.cacheDir, 'jobs'), kind, interruptTrafficJob);
    // Settles the records of jobs whose server is gone now, not at the first look.
    this.records.readAll();
  }

  /**
   * Queues a job: `task` is given the job's output folder and says what to run there. Two jobs
   * never share a folder (each has its own id), so unlike experiments the same request may run
   * twice at once.
   */
  start(request: Request, task: (output: string) => TrafficTask): TrafficJob<Request> {
    const id = randomUUID();
    const output = path.resolve(this.options.resultsRoot, 'traffic', id);
    const work = task(output);
    if (work.kind !== this.kind) throw new Error(`a ${work.kind} task given to the ${this.kind} jobs`);
    const job: TrafficJob<Request> = {
      id,
      kind: this.kind,
      state: 'queued',
      startedAt: new Date().toISOString(),
      request,
      output,
    };
    const own: Own<Request> = { job, task: { run: () => this.run(own, work), stop: () => this.interrupt(own) } };
    this.own.set(id, own);
    try {
      this.queue.add(own.task); // may start it at once, which records it running
    } catch (err) {
      this.own.delete(id); // the server is stopping: no job, and no record of one
      throw err;
    }
    if (job.state === 'queued') this.records.save(id, job);
    return job;
  }

  get(id: string): TrafficJob<Request> | undefined {
    return this.own.get(id)?.job ?? this.records.read(id);
  }

  /** Every job of this kind, this server's and the recorded ones, oldest first. */
  list(): TrafficJob<Request>[] {
    const all = this.records.readAll();
    for (const [id, { job }] of this.own) all.set(id, job);
    return [...all.values()].sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  }

  /** Runs a job the queue let through, in its process, until that ends. */
  private async run(own: Own<Request>, work: TrafficTask): Promise<void> {
    const { job } = own;
    if (job.state !== 'queued') return; // interrupted while it waited
    job.state = 'running';
    this.records.save(job.id, job);
    const child = startJobProcess<TrafficTask, never, TrafficResult>(ENTRY, work, { niceness: this.queue.niceness });
    own.process = child;
    const end = await child.ended;
    if (job.state !== 'running') return; // interrupted: recorded by whoever stopped it
    if (end.kind === 'done') Object.assign(job, { state: 'done', summary: end.result });
    else if (end.kind === 'failed') Object.assign(job, { state: 'failed', error: end.error.message });
    else {
      const how = end.signal ? `signal ${end.signal}` : `exit code ${end.code}`;
      Object.assign(job, {
        state: 'failed',
        error: `the job's process ended before it finished (${how}; out of memory?); ${RERUN_HINT}`,
      });
    }
    job.finishedAt = new Date().toISOString();
    this.records.save(job.id, job);
  }

  /** The server is stopping: the job is recorded interrupted and its process ended. */
  private async interrupt(own: Own<Request>): Promise<void> {
    const { job } = own;
    if (job.state !== 'queued' && job.state !== 'running') return;
    Object.assign(job, interruptTrafficJob(job, new Date().toISOString()));
    this.records.save(job.id, job);
    await own.process?.stop();
  }
}

/** A live job whose server is gone or stopping. */
function interruptTrafficJob<R>(job: TrafficJob<R>, lastSeen: string): TrafficJob<R> {
  return {
    ...job,
    state: 'interrupted',
    interruptedAt: lastSeen,
    error: `the server stopped before this job finished; ${RERUN_HINT}`,
  };
}
