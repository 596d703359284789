import fs from 'node:fs';
import path from 'node:path';
import { InputError, NotFoundError } from '../../errors.js';
import { checkIndexName, INDEX_EXTENSION } from '../../schemas/index-names.js';
import type { IndexMeta } from '../../store/index-meta.js';
import { IndexReader } from '../../store/index-reader.js';
import { fileStamp } from './file-stamp.js';
import { type IndexStatus, UnreadableIndexError, unreadableReason } from './index-status.js';

/**
 * Which indexes one data folder holds (`<dir>/<name>.sqlite`), and the status of each: ready
 * with its metadata, or unreadable and why. It never opens a searcher: a file's metadata is read
 * and the file closed again, once per version of the file (a rebuild renames a new one into
 * place), so listing, the health probe and the 404/409 of a search cost a stat per index. The
 * searchers are opened where the searches run (serving/searchers/).
 */
export class IndexRegistry {
  /** Metadata of the readable files, with the stamp of the file each was read from. */
  private readonly metas = new Map<string, { stamp: string; meta: IndexMeta }>();
  /** Files a search found damaged (unreadable by reason), with the stamp of the version it read. */
  private readonly damaged = new Map<string, { stamp: string; reason: string }>();

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

  /** One index file's status; undefined when there is no such file. */
  status(name: string): IndexStatus | undefined {
    const file = this.fileOf(name);
    const stamp = fileStamp(file);
    const broken = this.damaged.get(name);
    if (stamp !== null && broken?.stamp === stamp) return { name, status: 'unreadable', error: broken.reason };
    this.damaged.delete(name);
    const known = this.metas.get(name);
    if (stamp !== null && known?.stamp === stamp) return { name, status: 'ready', meta: known.meta };
    this.metas.delete(name);
    if (stamp === null) return undefined;
    try {
      const meta = readMeta(file);
      this.metas.set(name, { stamp, meta });
      return { name, status: 'ready', meta };
    } catch (err) {
      // Not remembered: a copy in progress is readable on the next request after it completes.
      if (err instanceof InputError) return { name, status: 'unreadable', error: unreadableReason(err, file) };
      if (err instanceof NotFoundError) return undefined; // deleted since the stat
      throw err;
    }
  }

  /**
   * Lists an index as unreadable (its `reason`) until its file changes: a search met a corrupt
   * page the check at open did not look at (a file over QUICK_CHECK_MAX_BYTES).
   */
  markUnreadable(name: string, reason: string): void {
    const stamp = fileStamp(this.fileOf(name));
    if (stamp === null) return;
    this.metas.delete(name);
    this.damaged.set(name, { stamp, reason });
  }

  /** Every index file present, the unreadable ones included (as such). */
  list(): IndexStatus[] {
    return this.names().flatMap((name) => this.status(name) ?? []);
  }

  /**
   * The file of an index that can be searched, with its metadata: NotFoundError when there is
   * no such file, UnreadableIndexError (a 409) when it cannot be read.
   */
  searchable(name: string): { file: string; meta: IndexMeta } {
    const status = this.status(name);
    if (!status) throw new NotFoundError(`no index named "${name}"`);
    if (status.status === 'unreadable') throw new UnreadableIndexError(name, status.error);
    return { file: this.fileOf(name), meta: status.meta };
  }

  /** Deletes an index file and its WAL files; NotFoundError when there is none. */
  delete(name: string): void {
    const file = this.fileOf(name);
    if (fileStamp(file) === null) throw new NotFoundError(`no index named "${name}"`);
    this.metas.delete(name);
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
  }
}

/**
 * Files up to this size get SQLite's quick_check when first seen (once per file version, as the
 * metadata is read): it reads the whole file on the server's thread, ~35 ms for the demo index
 * (7 MB), ~0.2 s for SciFact's (30 MB), but ~9 s for a 1M-chunk one (745 MB), which would stall
 * start-up and every request meanwhile. A bigger file's damage is found by the first search that
 * reads a bad page: a 409 too (corruptionAsUnreadable), after which the registry lists it so.
 */
export const QUICK_CHECK_MAX_BYTES = 64 * 1024 * 1024;

/**
 * An index file's metadata, checked as a searcher would check it (IndexReader.open) and, when
 * small enough, for damaged pages; the file closed again.
 */
function readMeta(file: string): IndexMeta {
  const reader = IndexReader.open(file, { quickCheck: fs.statSync(file).size <= QUICK_CHECK_MAX_BYTES });
  try {
    return reader.meta;
  } finally {
    reader.close();
  }
}
