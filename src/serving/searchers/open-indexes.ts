import { fileStamp } from '../catalog/index-catalog.js';
import { UnreadableIndexError, unreadableReason } from '../catalog/index-status.js';
import { InputError, NotFoundError } from '../../errors.js';
import { Searcher, type EmbedderLoader, type VectorLoader } from '../../search/searcher.js';

interface Open {
  searcher: Searcher;
  stamp: string;
}

/**
 * A search worker's own open indexes, each with its own read-only connection, by file. As the
 * main thread's catalog does, every request looks at the file first: one rebuilt (renamed into
 * place) is reopened for that request, while searches in flight finish on the old one. sweep()
 * closes what was deleted or replaced since, so a worker holds no old file open for long.
 */
export class WorkerIndexes {
  private readonly open = new Map<string, Open>();

  constructor(
    private readonly loadEmbedder: EmbedderLoader,
    private readonly loadVectors: (stamp: string) => VectorLoader,
  ) {}

  get(name: string, file: string): Searcher {
    const stamp = fileStamp(file);
    if (stamp === null) throw new NotFoundError(`no index named "${name}"`);
    const current = this.open.get(file);
    if (current?.stamp === stamp) return current.searcher;
    current?.searcher.closeWhenIdle();
    this.open.delete(file);
    let searcher: Searcher;
    try {
      searcher = new Searcher(name, file, this.loadEmbedder, this.loadVectors(stamp));
    } catch (err) {
      if (err instanceof InputError) throw new UnreadableIndexError(name, unreadableReason(err, file));
      throw err;
    }
    this.open.set(file, { searcher, stamp });
    return searcher;
  }

  /** Closes (once idle) every index whose file is gone or another now. */
  sweep(): void {
    for (const [file, { searcher, stamp }] of this.open) {
      if (fileStamp(file) === stamp) continue;
      searcher.closeWhenIdle();
      this.open.delete(file);
    }
  }

  close(): void {
    for (const { searcher } of this.open.values()) searcher.close();
    this.open.clear();
  }
}
