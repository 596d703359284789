import fs from 'node:fs';
import path from 'node:path';
import { EmbedderPool } from '../embedders/embedder-pool.js';
import { ConflictError, InputError, NotFoundError, TestbedError } from '../errors.js';
import { buildIndex, type BuildOptions } from '../indexing/build-index.js';
import { Searcher } from '../search/searcher.js';
import { removeStaleBuilds } from '../store/atomic-build.js';
import { interruptBuild, type BuildJob } from './build-jobs.js';
import { UnreadableIndexError, unreadableReason, type IndexStatus } from './index-status.js';
import { JobRecords } from './job-records.js';
import { checkIndexName, INDEX_EXTENSION } from '../spec/index-names.js';

/** Build records live beside the indexes, in a folder no index name can take (names cannot start with a dot). */
const JOBS_FOLDER = '.jobs';

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
 * after the next start instead of vanishing.
 */
export class IndexCatalog {
  readonly embedders = new EmbedderPool();
  private readonly open = new Map<string, Open>();
  /** Builds started by this catalog; others (earlier servers, other processes) are read from their records. */
  private readonly jobs = new Map<string, BuildJob>();
  private readonly records: JobRecords<BuildJob>;

  constructor(readonly dataDir: string) {
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
    if (own?.state === 'running') return own;
    return this.records.read(name) ?? own;
  }

  /** Starts a build in this process; its progress is readable through job(name). */
  startBuild(name: string, options: Omit<BuildOptions, 'out' | 'onProgress' | 'onNotice'> & { chunker: string; embedder: string; tokenizer: string }): BuildJob {
    const out = this.fileOf(name);
    if (this.job(name)?.state === 'running') throw new ConflictError(`index "${name}" is already being built`);
    const job: BuildJob = {
      name,
      state: 'running',
      startedAt: new Date().toISOString(),
      request: { corpus: options.corpus, chunker: options.chunker, embedder: options.embedder, tokenizer: options.tokenizer },
      progress: { phase: 'reading', done: 0 },
      notices: [],
    };
    this.jobs.set(name, job);
    this.records.save(name, job);
    const progress = (p: BuildJob['progress']) => {
      job.progress = p;
      this.records.saveProgress(name, job);
    };
    buildIndex({ ...options, out, onProgress: progress, onNotice: (m) => job.notices.push(m) }).then(
      (meta) => {
        Object.assign(job, { state: 'done', meta, finishedAt: new Date().toISOString() });
        this.records.save(name, job);
      },
      (err: Error) => {
        // Only the message is recorded and answered; anything not the user's doing is logged in full.
        if (!(err instanceof TestbedError)) console.error(`index build "${name}" failed:`, err);
        Object.assign(job, { state: 'failed', error: err.message, finishedAt: new Date().toISOString() });
        this.records.save(name, job);
      },
    );
    return job;
  }

  /** Deletes an index file (and its WAL files). Refused while it is being built. */
  remove(name: string): void {
    const file = this.fileOf(name);
    if (this.job(name)?.state === 'running') throw new ConflictError(`index "${name}" is being built`);
    if (fileStamp(file) === null) throw new NotFoundError(`no index named "${name}"`);
    this.open.get(name)?.searcher.closeWhenIdle();
    this.open.delete(name);
    this.jobs.delete(name);
    this.records.remove(name);
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
  }

  async close(): Promise<void> {
    for (const { searcher } of this.open.values()) searcher.close();
    this.open.clear();
    await this.embedders.close();
  }
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
