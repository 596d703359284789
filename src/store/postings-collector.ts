import { ByteWriter } from './block-codec.js';

/**
 * Postings held in memory before they are spilled: a few bytes each (varints), so the default
 * keeps a build's postings buffers in the tens of MiB at any corpus size (shared between the
 * build's threads, each of which holds its own collector).
 */
export const DEFAULT_SPILL_LIMIT = 4_000_000;

/** One term's postings since the last spill, encoded as (rowid gap, tf, chunk length) varints. */
interface PendingList {
  bytes: ByteWriter;
  last: number;
}

/**
 * A batch of postings lists taken from a collector, packed for a thread boundary: term i's
 * varints are `data[offsets[i]..offsets[i + 1])`, its first rowid written whole (a gap from 0), so
 * each list reads on its own. One buffer rather than one per term: posting thousands of small
 * buffers between threads costs more than the copy.
 */
export interface SpilledLists {
  terms: string[];
  offsets: Uint32Array;
  data: Uint8Array;
}

/**
 * Collects the postings of the chunks one thread analyses, per term, with no database: the
 * build's analysis threads each hold one, and hand what they collected to the one thread that
 * writes (PostingsWriter.spill) when it grows past its limit. Chunks must be added in ascending
 * rowid order within a collector; collectors of different threads interleave, and PostingsWriter
 * merges their lists by rowid.
 */
export class PostingsCollector {
  private pending = new Map<string, PendingList>();
  private pendingPostings = 0;

  constructor(readonly spillLimit = DEFAULT_SPILL_LIMIT) {}

  /** Records chunk `rowid` with its analysed terms (title's then text's). */
  add(rowid: number, terms: readonly string[]): void {
    const tfs = new Map<string, number>();
    for (const t of terms) tfs.set(t, (tfs.get(t) ?? 0) + 1);
    for (const [term, tf] of tfs) {
      let list = this.pending.get(term);
      if (!list) {
        list = { bytes: new ByteWriter(16), last: 0 };
        this.pending.set(term, list);
      }
      list.bytes.varint(rowid - list.last);
      list.bytes.varint(tf);
      list.bytes.varint(terms.length);
      list.last = rowid;
    }
    this.pendingPostings += tfs.size;
  }

  /** Whether the collector holds at least its limit of postings: time to spill. */
  get full(): boolean {
    return this.pendingPostings >= this.spillLimit;
  }

  get empty(): boolean {
    return this.pending.size === 0;
  }

  /** Everything collected since the last take, packed; the collector starts empty again. */
  take(): SpilledLists {
    const terms = [...this.pending.keys()];
    const offsets = new Uint32Array(terms.length + 1);
    let size = 0;
    terms.forEach((term, i) => {
      size += this.pending.get(term)!.bytes.length;
      offsets[i + 1] = size;
    });
    const data = new Uint8Array(size);
    terms.forEach((term, i) => {
      data.set(this.pending.get(term)!.bytes.take(), offsets[i]!);
    });
    this.pending = new Map();
    this.pendingPostings = 0;
    return { terms, offsets, data };
  }
}
