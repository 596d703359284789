import { decodeBlock, POSTINGS_BLOCK_SIZE } from '../store/block-codec.js';
import { BOUNDS_STRIDE } from '../store/postings-schema.js';
import type { PostingsSource, TermEntry } from '../store/postings-source.js';

/** What a query decoded: the pruning test hook and the bench read it. */
export interface DecodeCounts {
  blocksDecoded: number;
  postingsDecoded: number;
}

/**
 * A position in one term's postings, moving forward only. `rowid` is the current posting's
 * chunk (Infinity once exhausted, -1 before the first seek); blocks are read and decoded only
 * when a posting inside them is asked for, so a seek past whole blocks (by their last rowid in
 * the term's bounds) costs neither I/O nor decoding.
 */
export class PostingsCursor {
  rowid = -1;
  tf = 0;
  /** The block shallowTo stopped at; not necessarily decoded. */
  private blockAt = 0;
  private decodedBlock = -1;
  private pos = 0;
  private count = 0;
  private readonly rowids = new Float64Array(POSTINGS_BLOCK_SIZE);
  private readonly tfs = new Uint32Array(POSTINGS_BLOCK_SIZE);
  readonly blocks: number;

  constructor(
    private readonly source: PostingsSource,
    readonly entry: TermEntry,
    private readonly counts: DecodeCounts,
  ) {
    this.blocks = entry.bounds.length / BOUNDS_STRIDE;
  }

  /** Moves the block pointer to the first block whose last rowid is >= target; returns it (`blocks` when none). */
  shallowTo(target: number): number {
    const bounds = this.entry.bounds;
    while (this.blockAt < this.blocks && bounds[this.blockAt * BOUNDS_STRIDE]! < target) this.blockAt++;
    return this.blockAt;
  }

  /** The largest tf and smallest chunk length in block `block`. */
  blockMaxTf(block: number): number {
    return this.entry.bounds[block * BOUNDS_STRIDE + 1]!;
  }

  blockMinLen(block: number): number {
    return this.entry.bounds[block * BOUNDS_STRIDE + 2]!;
  }

  /** Moves to the first posting whose rowid is >= target. */
  seek(target: number): void {
    if (this.rowid >= target) return;
    const block = this.shallowTo(target);
    if (block >= this.blocks) {
      this.rowid = Number.POSITIVE_INFINITY;
      return;
    }
    if (block !== this.decodedBlock) this.decode(block);
    while (this.rowids[this.pos]! < target) this.pos++;
    this.rowid = this.rowids[this.pos]!;
    this.tf = this.tfs[this.pos]!;
  }

  /** Moves to the next posting. */
  next(): void {
    if (this.decodedBlock < 0) return this.seek(0);
    if (++this.pos < this.count) {
      this.rowid = this.rowids[this.pos]!;
      this.tf = this.tfs[this.pos]!;
      return;
    }
    const block = this.decodedBlock + 1;
    if (block >= this.blocks) {
      this.rowid = Number.POSITIVE_INFINITY;
      return;
    }
    this.blockAt = block;
    this.decode(block);
    this.rowid = this.rowids[0]!;
    this.tf = this.tfs[0]!;
  }

  private decode(block: number): void {
    const previousLast = block === 0 ? 0 : this.entry.bounds[(block - 1) * BOUNDS_STRIDE]!;
    this.count = decodeBlock(this.source.block(this.entry.firstBlock + block), previousLast, this.rowids, this.tfs);
    this.decodedBlock = block;
    this.pos = 0;
    this.counts.blocksDecoded++;
    this.counts.postingsDecoded += this.count;
  }
}
