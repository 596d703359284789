import { ConflictError } from '../../errors.js';
import { BuildScheduler } from '../builds/build-scheduler.js';
import { JobQueue } from '../jobs/job-queue.js';
import { InProcessSearch } from '../searchers/in-process-search.js';
import { IndexRegistry } from './index-registry.js';

export interface CatalogOptions {
  /**
   * Runs this catalog's builds (and the experiments of an app made over it: see createApp),
   * at most its maxRunning at a time. Default: a queue of one.
   */
  queue?: JobQueue;
}

/**
 * What a server keeps for one data folder: which indexes it holds (`indexes`), their builds
 * (`builds`), and the searches run on the server's own thread when it has no search workers
 * (`local`, which opens nothing until used). The parts meet here only where one needs another:
 * deleting an index, and closing.
 */
export class IndexCatalog {
  readonly indexes: IndexRegistry;
  readonly builds: BuildScheduler;
  readonly local = new InProcessSearch();

  constructor(dataDir: string, options: CatalogOptions = {}) {
    this.indexes = new IndexRegistry(dataDir);
    this.builds = new BuildScheduler(this.indexes, options.queue ?? new JobQueue());
  }

  get dataDir(): string {
    return this.indexes.dataDir;
  }

  /** The queue of the builds, which experiments of the same server wait in too. */
  get queue(): JobQueue {
    return this.builds.queue;
  }

  /**
   * Every index this catalog knows, sorted: the files on disk and the names builds were asked
   * for, so a first build queued, running, failed or interrupted is known before it has a file.
   */
  names(): string[] {
    return [...new Set([...this.indexes.names(), ...this.builds.names()])].sort();
  }

  /** Deletes an index file (and its WAL files) and its build record. Refused while it is being built. */
  remove(name: string): void {
    const file = this.indexes.fileOf(name);
    if (this.builds.isBuilding(name)) throw new ConflictError(`index "${name}" is being built`);
    this.indexes.delete(name);
    this.builds.forget(name);
    this.local.release(file);
  }

  /** Stops the jobs of the queue (recorded as interrupted), then closes every index opened here. */
  async close(): Promise<void> {
    await this.queue.close();
    await this.local.close();
  }
}
