import type Database from 'better-sqlite3';

/**
 * Postings blocks read a run at a time. A query used to read each 128-posting block through its
 * own statement (about 2.9 µs each at a million chunks, more than decoding it); a run of up to
 * RUN_BLOCKS consecutive blocks of one term is one statement instead, and runs are kept in memory
 * (bounded by bytes), so the head terms that come back query after query are read once per
 * process. The file format is unchanged: a run is the term's blocks at consecutive rowids.
 */

/** Blocks per run: a term's blocks i with the same floor(i / RUN_BLOCKS) are read together. */
export const RUN_BLOCKS = 32;

/** Bytes of runs an open index keeps by default (the whole postings of a 1M-chunk index are ~140 MB; the head terms a few MB each). */
export const DEFAULT_RUN_CACHE_BYTES = 64 * 1024 * 1024;

/** Consecutive blocks in one buffer: block j of the run is bytes [offsets[j], offsets[j + 1]). */
export interface BlockRun {
  bytes: Uint8Array;
  offsets: Uint32Array;
}

/** Reads runs of `postings_blocks` through one prepared statement, keeping the most recent within `budgetBytes`. */
export class BlockRunReader {
  private readonly statement: Database.Statement;
  private readonly kept = new Map<number, BlockRun>();
  private keptBytes = 0;

  constructor(
    db: Database.Database,
    private readonly budgetBytes = DEFAULT_RUN_CACHE_BYTES,
  ) {
    this.statement = db
      .prepare('SELECT data FROM postings_blocks WHERE rowid >= ? AND rowid < ? ORDER BY rowid')
      .pluck();
  }

  /** The `count` blocks from rowid `first` (a run's key: its first block, unique across terms). */
  run(first: number, count: number): BlockRun {
    const hit = this.kept.get(first);
    if (hit !== undefined) {
      // Re-inserting moves the run to the end: Map iteration order is the recency order.
      this.kept.delete(first);
      this.kept.set(first, hit);
      return hit;
    }
    const run = this.read(first, count);
    const size = runBytes(run);
    if (size <= this.budgetBytes) {
      this.kept.set(first, run);
      this.keptBytes += size;
      while (this.keptBytes > this.budgetBytes) {
        const [oldest, old] = this.kept.entries().next().value!;
        this.kept.delete(oldest);
        this.keptBytes -= runBytes(old);
      }
    }
    return run;
  }

  /** Bytes of the runs kept now (tests, diagnostics). */
  get bytes(): number {
    return this.keptBytes;
  }

  private read(first: number, count: number): BlockRun {
    const rows = this.statement.all(first, first + count) as Uint8Array[];
    if (rows.length !== count)
      throw new Error(`postings blocks ${first}..${first + count - 1}: ${count - rows.length} missing`);
    const offsets = new Uint32Array(count + 1);
    for (let j = 0; j < count; j++) offsets[j + 1] = offsets[j]! + rows[j]!.byteLength;
    const bytes = new Uint8Array(offsets[count]!);
    for (let j = 0; j < count; j++) bytes.set(rows[j]!, offsets[j]!);
    return { bytes, offsets };
  }
}

function runBytes(run: BlockRun): number {
  return run.bytes.byteLength + run.offsets.byteLength;
}
