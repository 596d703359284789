/**
 * Unsigned LEB128 varints and the postings blocks built from them. A block holds up to
 * POSTINGS_BLOCK_SIZE (chunk rowid, term frequency) pairs, rowids ascending, each rowid written
 * as its gap from the previous one (the first from the previous block's last rowid), then its
 * frequency: a typical posting takes two or three bytes. Arithmetic rather than bit operations,
 * so values above 2^31 (up to 2^53) survive.
 */

/** Postings per block: the unit a query decodes, and skips whole when its bound is too low. */
export const POSTINGS_BLOCK_SIZE = 128;

/** A growable byte buffer that varints are appended to. */
export class ByteWriter {
  private bytes: Uint8Array;
  length = 0;

  /** `capacity`: the first allocation, small for the many short lists of rare terms. */
  constructor(capacity = 256) {
    this.bytes = new Uint8Array(Math.max(16, capacity));
  }

  /** Appends `value` (an integer, 0 <= value <= 2^53) as a varint. */
  varint(value: number): void {
    if (this.length + 8 > this.bytes.length) this.grow();
    let v = value;
    while (v >= 128) {
      this.bytes[this.length++] = (v % 128) + 128;
      v = Math.floor(v / 128);
      if (this.length === this.bytes.length) this.grow();
    }
    this.bytes[this.length++] = v;
  }

  /** A copy of what was written, the writer left empty for the next block. */
  take(): Uint8Array {
    const out = this.bytes.slice(0, this.length);
    this.length = 0;
    return out;
  }

  private grow(): void {
    const bigger = new Uint8Array(this.bytes.length * 2);
    bigger.set(this.bytes);
    this.bytes = bigger;
  }
}

/** Reads varints from `bytes` in order; `done` once all are read. */
export class ByteReader {
  offset = 0;
  constructor(private readonly bytes: Uint8Array) {}

  get done(): boolean {
    return this.offset >= this.bytes.length;
  }

  varint(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = this.bytes[this.offset++];
      if (byte === undefined) throw new Error('truncated varint');
      if (byte < 128) return value + byte * scale;
      value += (byte - 128) * scale;
      scale *= 128;
    }
  }
}

/** Encodes `count` postings as gaps from `previousLast` (the previous block's last rowid, 0 for the first). */
export function encodeBlock(
  rowids: ArrayLike<number>,
  tfs: ArrayLike<number>,
  count: number,
  previousLast: number,
  out: ByteWriter = new ByteWriter(),
): Uint8Array {
  let last = previousLast;
  for (let i = 0; i < count; i++) {
    out.varint(rowids[i]! - last);
    out.varint(tfs[i]!);
    last = rowids[i]!;
  }
  return out.take();
}

/** Decodes a block written by encodeBlock into `rowids` and `tfs`; returns how many postings it held. */
export function decodeBlock(
  data: Uint8Array,
  previousLast: number,
  rowids: Float64Array | number[],
  tfs: Uint32Array | number[],
): number {
  return decodeBlockAt(data, 0, data.length, previousLast, rowids, tfs);
}

/**
 * decodeBlock of the block at bytes [start, end) of `bytes` (a run of blocks read in one
 * statement, block-runs.ts), without a view or a reader object per block: a long query decodes
 * thousands of blocks. The one-byte varint (a gap under 128, a tf under 128: most postings) is
 * read inline; longer ones go through the same arithmetic as ByteReader.
 */
export function decodeBlockAt(
  bytes: Uint8Array,
  start: number,
  end: number,
  previousLast: number,
  rowids: Float64Array | number[],
  tfs: Uint32Array | number[],
): number {
  let offset = start;
  let last = previousLast;
  let n = 0;
  while (offset < end) {
    let byte = bytes[offset++]!;
    if (byte < 128) last += byte;
    else {
      let value = byte - 128;
      let scale = 128;
      for (;;) {
        if (offset >= end) throw new Error('truncated varint');
        byte = bytes[offset++]!;
        if (byte < 128) break;
        value += (byte - 128) * scale;
        scale *= 128;
      }
      last += value + byte * scale;
    }
    rowids[n] = last;
    if (offset >= end) throw new Error('truncated varint');
    byte = bytes[offset++]!;
    if (byte >= 128) {
      let value = byte - 128;
      let scale = 128;
      for (;;) {
        if (offset >= end) throw new Error('truncated varint');
        byte = bytes[offset++]!;
        if (byte < 128) break;
        value += (byte - 128) * scale;
        scale *= 128;
      }
      byte = value + byte * scale;
    }
    tfs[n] = byte;
    n++;
  }
  return n;
}
