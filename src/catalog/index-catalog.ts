import fs from 'node:fs';
import path from 'node:path';
import { EmbedderPool } from '../embedders/embedder-pool.js';
import { ConflictError, NotFoundError } from '../errors.js';
import { buildIndex, type BuildOptions } from '../indexing/build-index.js';
import { Searcher } from '../search/searcher.js';
import type { BuildJob } from './build-jobs.js';
import { checkIndexName, INDEX_EXTENSION } from '../spec/index-names.js';

interface Open {
  searcher: Searcher;
  /** Identity of the file it was opened from: a rebuild renames a new file into place. */
  stamp: string;
}

/**
 * The indexes of one data directory, by name (`<dir>/<name>.sqlite`). Opens them on first use
 * and reopens one when its file has been replaced by a rebuild, so a swapped-in index is served
 * from the next request on while requests in flight finish on the old one.
 */
export class IndexCatalog {
  readonly embedders = new EmbedderPool();
  private readonly open = new Map<string, Open>();
  private readonly jobs = new Map<string, BuildJob>();

  constructor(readonly dataDir: string) {
    fs.mkdirSync(dataDir, { recursive: true });
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

  get(name: string): Searcher {
    const file = this.fileOf(name);
    const stamp = fileStamp(file);
    if (stamp === null) throw new NotFoundError(`no index named "${name}"`);
    const current = this.open.get(name);
    if (current?.stamp === stamp) return current.searcher;
    const searcher = new Searcher(name, file, (id) => this.embedders.get(id));
    this.open.set(name, { searcher, stamp });
    // The old reader may still serve requests awaiting their query embedding: they finish on it.
    current?.searcher.closeWhenIdle();
    return searcher;
  }

  job(name: string): BuildJob | undefined {
    return this.jobs.get(name);
  }

  /** Starts a build in this process; its progress is readable through job(name). */
  startBuild(name: string, options: Omit<BuildOptions, 'out' | 'onProgress' | 'onNotice'> & { chunker: string; embedder: string; tokenizer: string }): BuildJob {
    const out = this.fileOf(name);
    if (this.jobs.get(name)?.state === 'running') throw new ConflictError(`index "${name}" is already being built`);
    const job: BuildJob = {
      name,
      state: 'running',
      startedAt: new Date().toISOString(),
      request: { corpus: options.corpus, chunker: options.chunker, embedder: options.embedder, tokenizer: options.tokenizer },
      progress: { phase: 'reading', done: 0 },
      notices: [],
    };
    this.jobs.set(name, job);
    buildIndex({ ...options, out, onProgress: (p) => (job.progress = p), onNotice: (m) => job.notices.push(m) }).then(
      (meta) => Object.assign(job, { state: 'done', meta, finishedAt: new Date().toISOString() }),
      (err: Error) => Object.assign(job, { state: 'failed', error: err.message, finishedAt: new Date().toISOString() }),
    );
    return job;
  }

  /** Deletes an index file (and its WAL files). Refused while it is being built. */
  remove(name: string): void {
    const file = this.fileOf(name);
    if (this.jobs.get(name)?.state === 'running') throw new ConflictError(`index "${name}" is being built`);
    if (fileStamp(file) === null) throw new NotFoundError(`no index named "${name}"`);
    this.open.get(name)?.searcher.closeWhenIdle();
    this.open.delete(name);
    this.jobs.delete(name);
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
  }

  async close(): Promise<void> {
    for (const { searcher } of this.open.values()) searcher.close();
    this.open.clear();
    await this.embedders.close();
  }
}

function fileStamp(file: string): string | null {
  try {
    const s = fs.statSync(file);
    return `${s.ino}:${s.mtimeMs}:${s.size}`;
  } catch {
    return null;
  }
}
