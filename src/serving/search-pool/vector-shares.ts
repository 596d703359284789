import { fileStamp } from '../catalog/file-stamp.js';
import type { SharedVectorMatrix } from '../../retrievers/dense.js';
import type { VectorAnswer } from './protocol.js';

interface Waiter {
  slot: number;
  answer: (a: VectorAnswer) => void;
}

interface Share {
  build: string;
  /** The file's identity when the table was asked for: prune() drops the table once it changes. */
  stamp: string | null;
  /** Loaded: the table. Until then, the worker loading it and those waiting for it. */
  table?: SharedVectorMatrix;
  loader: number;
  waiters: Waiter[];
}

/**
 * The pool's dense tables, one per index file (the latest build asked for), so the vectors of
 * an index are read and held once for all workers. The first worker to ask loads the table into
 * shared memory and hands it back (the main thread never reads a vector: its loop stays free);
 * the others wait for it, then scan the same memory.
 */
export class VectorShares {
  private readonly byFile = new Map<string, Share>();

  ask(file: string, build: string, stamp: string | null, slot: number, answer: (a: VectorAnswer) => void): void {
    const share = this.byFile.get(file);
    if (share?.build === build) {
      if (share.table) return answer({ shared: share.table });
      share.waiters.push({ slot, answer });
      return;
    }
    // Another build of the file (rebuilt): those still waiting for the old one read their own.
    if (share) for (const w of share.waiters) w.answer({ load: 'own' });
    this.byFile.set(file, { build, stamp, loader: slot, waiters: [] });
    answer({ load: 'shared' });
  }

  loaded(file: string, build: string, table: SharedVectorMatrix | null): void {
    const share = this.byFile.get(file);
    if (share?.build !== build || share.table) return;
    const waiters = share.waiters.splice(0);
    if (table) share.table = table;
    else this.byFile.delete(file);
    for (const w of waiters) w.answer(table ? { shared: table } : { load: 'own' });
  }

  /** A worker died: a table it was loading is loaded by the first worker waiting for it instead. */
  workerGone(slot: number): void {
    for (const [file, share] of this.byFile) {
      share.waiters = share.waiters.filter((w) => w.slot !== slot);
      if (share.table || share.loader !== slot) continue;
      const next = share.waiters.shift();
      if (!next) this.byFile.delete(file);
      else (share.loader = next.slot), next.answer({ load: 'shared' });
    }
  }

  /** Forgets the tables of files deleted or replaced (workers keep theirs until they close the index). */
  prune(): void {
    for (const [file, share] of this.byFile)
      if (share.table && fileStamp(file) !== share.stamp) this.byFile.delete(file);
  }

  /** Tables held, for tests. */
  get size(): number {
    return this.byFile.size;
  }
}
