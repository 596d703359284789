import { decodeBlock, decodeBlockAt, POSTINGS_BLOCK_SIZE } from '../store/block-codec.js';
import { type BlockRun, RUN_BLOCKS } from '../store/block-runs.js';
import { BOUNDS_STRIDE } from '../store/postings-schema.js';
import type { PostingsSource, TermEntry } from '../store/postings-source.js';
import type { TermScorer } from './bm25-term-score.js';

/** What a query decoded: the pruning test hook and the bench read it. */
export interface DecodeCounts {
  blocksDecoded: number;
  postingsDecoded: number;
}

/**
 * How a cursor reads blocks: `runs` (consecutive blocks in one read, kept in memory while recent:
 * block-runs.ts) or `blocks`, one statement per block, the read path before runs, kept only so
 * bench/lexical-scale.ts can compare the two in one run.
 */
export type BlockReadPath = 'runs' | 'blocks';

/**
 * A position in one term's postings, moving forward only. `rowid` is the current posting's
 * chunk when `exact` (Infinity once exhausted, -1 before the first seek); after a shallow seek it
 * is only a lower bound, inside a block not read yet. Blocks are read and decoded only when a
 * posting inside them is asked for, so skipping whole blocks (by their last rowid in the term's
 * bounds) costs neither I/O nor decoding.
 */
export class PostingsCursor {
  rowid = -1;
  tf = 0;
  exact = true;
  /** The block shallowTo stopped at (read-only outside); not necessarily decoded. */
  blockAt = 0;
  private decodedBlock = -1;
  private pos = 0;
  private count = 0;
  private readonly rowids = new Float64Array(POSTINGS_BLOCK_SIZE);
  private readonly tfs = new Uint32Array(POSTINGS_BLOCK_SIZE);
  /** The run holding the last block decoded through runs, and its index among the term's runs. */
  private run: BlockRun | undefined;
  private runIndex = -1;
  readonly blocks: number;

  constructor(
    private readonly source: PostingsSource,
    readonly entry: TermEntry,
    private readonly counts: DecodeCounts,
    private readonly readPath: BlockReadPath = 'runs',
  ) {
    this.blocks = entry.bounds.length / BOUNDS_STRIDE;
  }

  /** The largest score `scorer` can give a posting of block `block` (its competitive impacts' best). */
  blockScoreBound(block: number, scorer: TermScorer, idf: number): number {
    const { start, tf, length } = this.entry.impacts;
    let best = 0;
    for (let j = start[block]!; j < start[block + 1]!; j++)
      best = Math.max(best, scorer.bound(tf[j]!, length[j]!, idf));
    return best;
  }

  /** The largest score `scorer` can give any posting of the term: the best of its blocks'. */
  scoreBound(scorer: TermScorer, idf: number): number {
    const { tf, length } = this.entry.impacts;
    let best = 0;
    for (let j = 0; j < tf.length; j++) best = Math.max(best, scorer.bound(tf[j]!, length[j]!, idf));
    return best;
  }

  /** Moves the block pointer to the first block whose last rowid is >= target; returns it (`blocks` when none). */
  shallowTo(target: number): number {
    const bounds = this.entry.bounds;
    while (this.blockAt < this.blocks && bounds[this.blockAt * BOUNDS_STRIDE]! < target) this.blockAt++;
    return this.blockAt;
  }

  /** The last rowid of block `block`. */
  blockLast(block: number): number {
    return this.entry.bounds[block * BOUNDS_STRIDE]!;
  }

  /** Moves to the first posting whose rowid is >= target. */
  seek(target: number): void {
    this.seekShallow(target);
    this.makeExact();
  }

  /**
   * Moves towards the first posting >= target without reading a block the cursor is not in:
   * `rowid` becomes a lower bound (target, or past the previous block's end) until makeExact.
   */
  seekShallow(target: number): void {
    if (this.rowid >= target) return;
    const block = this.shallowTo(target);
    if (block >= this.blocks) {
      this.rowid = Number.POSITIVE_INFINITY;
      this.exact = true;
      return;
    }
    if (block === this.decodedBlock) {
      this.scanTo(target);
      return;
    }
    this.rowid = Math.max(target, block === 0 ? 0 : this.blockLast(block - 1) + 1);
    this.exact = false;
  }

  /** Reads the block a shallow seek stopped in and moves to its first posting >= the bound. */
  makeExact(): void {
    if (this.exact) return;
    this.decode(this.blockAt);
    this.scanTo(this.rowid);
  }

  /** Moves past the current posting (the cursor must be exact); into the next block shallowly. */
  next(): void {
    if (this.decodedBlock >= 0 && this.blockAt === this.decodedBlock && this.pos + 1 < this.count) {
      this.pos++;
      this.rowid = this.rowids[this.pos]!;
      this.tf = this.tfs[this.pos]!;
      return;
    }
    this.seekShallow(this.rowid + 1);
  }

  /** Moves to the next posting and reads it: next() then makeExact(), for a walk over every posting. */
  nextExact(): void {
    this.next();
    if (!this.exact) this.makeExact();
  }

  private scanTo(target: number): void {
    while (this.rowids[this.pos]! < target) this.pos++;
    this.rowid = this.rowids[this.pos]!;
    this.tf = this.tfs[this.pos]!;
    this.exact = true;
  }

  private decode(block: number): void {
    const previousLast = block === 0 ? 0 : this.entry.bounds[(block - 1) * BOUNDS_STRIDE]!;
    if (this.readPath === 'blocks')
      this.count = decodeBlock(this.source.block(this.entry.firstBlock + block), previousLast, this.rowids, this.tfs);
    else {
      const runIndex = Math.floor(block / RUN_BLOCKS);
      const runStart = runIndex * RUN_BLOCKS;
      if (runIndex !== this.runIndex || !this.run) {
        this.run = this.source.blockRun(this.entry.firstBlock + runStart, Math.min(RUN_BLOCKS, this.blocks - runStart));
        this.runIndex = runIndex;
      }
      const { bytes, offsets } = this.run;
      const j = block - runStart;
      this.count = decodeBlockAt(bytes, offsets[j]!, offsets[j + 1]!, previousLast, this.rowids, this.tfs);
    }
    this.decodedBlock = block;
    this.pos = 0;
    this.counts.blocksDecoded++;
    this.counts.postingsDecoded += this.count;
  }
}
