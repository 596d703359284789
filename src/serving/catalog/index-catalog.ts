import fs from 'node:fs';
import path from 'node:path';
import { EmbedderPool } from '../../embedders/embedder-pool.js';
import { ConflictError, InputError, NotFoundError } from '../../errors.js';
import type { BuildOptions } from '../../indexing/build-index.js';
import { Searcher } from '../../search/searcher.js';
import { removeStaleBuilds } from '../../store/atomic-build.js';
import type { IndexMeta } from '../../store/index-meta.js';
import type { BuildInput } from '../builds/build-child.js';
import { interruptBuild, type BuildJob } from '../builds/build-jobs.js';
import { UnreadableIndexError, unreadableReason, type IndexStatus } from './index-status.js';
import { entryBeside, startJobProcess, type JobProcess } from '../jobs/job-process.js';
import { JobQueue, type QueuedJob } from '../jobs/job-queue.js';
import { JobRecords } from '../jobs/job-records.js';
import { checkIndexName, INDEX_EXTENSION } from '../../schemas/index-names.js';

/** Build records live beside the indexes, in a folder no index name can take (names cannot start with a dot). */
const JOBS_FOLDER = '.jobs';
const BUILD_ENTRY = entryBeside(import.meta.url, 'build-child');

export interface CatalogOptions {
  /**
   * Runs this catalog's builds (and the experiments of an app made over it: see createApp),
   * at most its maxRunning at a time. Default: a queue of one.
   */
  queue?: JobQueue;
}

interface Open {
  searcher: Searcher;
  /** Identity of the file it was opened from: a rebuild renames a new file into place. */
  stamp: string;
}

/**
 * The indexes of one data directory, by name (`<dir>/<name>.sqlite`). Opens them on first use
 * and reopens one when its file has been replaced by a rebuild, so a swapped-in index is served
 * from the next request on while requests in flight finish on the old one. Builds are recorded
 * in `<dir>/.jobs/` (see JobRecords), so a build whose server was killed reads `interrupted`
 * after the next start instead of vanishing. Builds run in a process of their own each (see
 * job-process.ts), queued in `queue`, so a long build never holds up a search.
 */
export class IndexCatalog {
  readonly embedders = new EmbedderPool();
  private readonly open = new Map<string, Open>();
  /** Builds started by this catalog; others (earlier servers, other processes) are read from their records. */
  private readonly jobs = new Map<string, BuildJob>();
  private readonly records: JobRecords<BuildJob>;
  readonly queue: JobQueue;

  constructor(
    readonly dataDir: string,
    options: CatalogOptions = {},
  ) {
    this.queue = options.queue ?? new JobQueue();
    fs.mkdirSync(dataDir, { recursive: true });
    this.records = new JobRecords(path.join(dataDir, JOBS_FOLDER), 'build', interruptBuild);
    // Settles the records of builds whose server is gone now, and removes what they left: a
    // half-written record, the temp file of a half-built index (never at the index's name).
    for (const name of this.records.readAll().keys()) removeStaleBuilds(this.fileOf(name));
  }

  fileOf(name: string): string {
    return path.join(this.dataDir, checkIndexName(name) + INDEX_EXTENSION);
  }

  /** Names of the index files present (builds in progress are not listed until they finish). */
  names(): string[] {
    return fs
      .readdirSync(this.dataDir)
      .filter((f) => f.endsWith(INDEX_EXTENSION))
      .map((f) => f.slice(0, -INDEX_EXTENSION.length))
      .sort();
  }

  /** The index, opened; NotFoundError when there is no such file, UnreadableIndexError when it cannot be read. */
  get(name: string): Searcher {
    const file = this.fileOf(name);
    const stamp = fileStamp(file);
    if (stamp === null) throw new NotFoundError(`no index named "${name}"`);
    const current = this.open.get(name);
    if (current?.stamp === stamp) return current.searcher;
    // The old reader may still serve requests awaiting their query embedding: they finish on it.
    current?.searcher.closeWhenIdle();
    this.open.delete(name);
    let searcher: Searcher;
    try {
      searcher = new Searcher(name, file, (id) => this.embedders.get(id));
    } catch (err) {
      // Not remembered: a copy in progress is readable on the next request after it completes.
      if (err instanceof InputError) throw new UnreadableIndexError(name, unreadableReason(err, file));
      throw err;
    }
    this.open.set(name, { searcher, stamp });
    return searcher;
  }

  /** One index file's status; undefined when there is no such file. */
  status(name: string): IndexStatus | undefined {
    try {
      return { name, status: 'ready', meta: this.get(name).meta };
    } catch (err) {
      if (err instanceof NotFoundError) return undefined;
      if (err instanceof UnreadableIndexError) return { name, status: 'unreadable', error: err.reason };
      throw err;
    }
  }

  /** Every index file present, the unreadable ones included (as such). */
  list(): IndexStatus[] {
    return this.names().flatMap((name) => this.status(name) ?? []);
  }

  /** The latest build of `name`: this catalog's own while it runs, else as recorded (by any process). */
  job(name: string): BuildJob | undefined {
    const own = this.jobs.get(name);
    if (own && isLive(own)) return own;
    return this.records.read(name) ?? own;
  }

  /**
   * Queues a build (it starts at once when no other job is running: see JobQueue); its
   * progress is readable through job(name). It runs in a process of its own.
   */
  startBuild(
    name: string,
    options: Omit<BuildOptions, 'out' | 'onProgress' | 'onNotice'> & {
      chunker: string;
      embedder: string;
      tokenizer: string;
    },
  ): BuildJob {
    const out = this.fileOf(name);
    const current = this.job(name);
    if (current && isLive(current)) throw new ConflictError(`index "${name}" is already being built`);
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
        child = startJobProcess<BuildInput, BuildJob['progress'], IndexMeta>(
          BUILD_ENTRY,
          { ...options, out },
          {
            progress: (p) => {
              job.progress = p;
              this.records.saveProgress(name, job);
            },
            notice: (m) => job.notices.push(m),
            niceness: this.queue.niceness,
          },
        );
        const end = await child.ended;
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

  /** Deletes an index file (and its WAL files). Refused while it is being built. */
  remove(name: string): void {
    const file = this.fileOf(name);
    const job = this.job(name);
    if (job && isLive(job)) throw new ConflictError(`index "${name}" is being built`);
    if (fileStamp(file) === null) throw new NotFoundError(`no index named "${name}"`);
    this.open.get(name)?.searcher.closeWhenIdle();
    this.open.delete(name);
    this.jobs.delete(name);
    this.records.remove(name);
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
  }

  /** Stops the jobs of this catalog's queue (recorded as interrupted), then closes every index. */
  async close(): Promise<void> {
    await this.queue.close();
    for (const { searcher } of this.open.values()) searcher.close();
    this.open.clear();
    await this.embedders.close();
  }
}

/** Whether a build still needs a process: waiting in the queue or running. */
function isLive(job: BuildJob): boolean {
  return job.state === 'queued' || job.state === 'running';
}

/** Identity of an index file (inode, modification time, size), null when there is none: a rebuild renames a new file into place. */
export function fileStamp(file: string): string | null {
  try {
    const s = fs.statSync(file);
    return `${s.ino}:${s.mtimeMs}:${s.size}`;
  } catch {
    return null;
  }
}
