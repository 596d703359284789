import { InputError, NotFoundError } from '../../errors.js';
import type { Searcher } from '../../search/searcher.js';
import { fileStamp } from '../catalog/file-stamp.js';
import { UnreadableIndexError, unreadableReason } from '../catalog/index-status.js';
import type { IndexFile } from './index-search.js';

/** Opens the searcher of an index file; `stamp` is the file's identity when it was looked at (fileStamp). */
export type SearcherOpener = (name: string, file: string, stamp: string) => Searcher;

interface Open {
  searcher: Searcher;
  stamp: string;
}

/**
 * The open indexes of the thread that searches them (a search worker, or the server's own thread
 * when it has no workers), each with its own read-only connection, by file, each opened once.
 * Every request looks at the file first: one rebuilt (renamed into place) is reopened for that
 * request, while searches in flight finish on the old one. sweep() closes what was deleted or
 * replaced since, so no old file is held open for long.
 */
export class OpenIndexes {
  private readonly open = new Map<string, Open>();

  constructor(private readonly openSearcher: SearcherOpener) {}

  /** The index's searcher, opened on first use; NotFoundError when there is no file, UnreadableIndexError when it cannot be read. */
  get(name: string, file: string): Searcher {
    const stamp = fileStamp(file);
    if (stamp === null) throw new NotFoundError(`no index named "${name}"`);
    const current = this.open.get(file);
    if (current?.stamp === stamp) return current.searcher;
    // The old reader may still serve requests awaiting their query embedding: they finish on it.
    this.release(file);
    let searcher: Searcher;
    try {
      searcher = this.openSearcher(name, file, stamp);
    } catch (err) {
      // Not remembered: a copy in progress is readable on the next request after it completes.
      if (err instanceof InputError) throw new UnreadableIndexError(name, unreadableReason(err, file));
      throw err;
    }
    this.open.set(file, { searcher, stamp });
    return searcher;
  }

  /**
   * Opens each index for search (Searcher.openForSearch), one after another. An index that fails
   * (unreadable, deleted meanwhile) is skipped: its first search reports why, as without this.
   */
  async openAll(indexes: readonly IndexFile[]): Promise<void> {
    for (const { index, file } of indexes) {
      try {
        await this.get(index, file).openForSearch();
      } catch {
        // Reported by the index's first search, which opens it again.
      }
    }
  }

  /** Lets go of one file (deleted): closed once the searches in flight on it are answered. */
  release(file: string): void {
    this.open.get(file)?.searcher.closeWhenIdle();
    this.open.delete(file);
  }

  /** Closes (once idle) every index whose file is gone or another now. */
  sweep(): void {
    for (const [file, { stamp }] of this.open) if (fileStamp(file) !== stamp) this.release(file);
  }

  close(): void {
    for (const { searcher } of this.open.values()) searcher.close();
    this.open.clear();
  }
}
