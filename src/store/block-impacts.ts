import { ByteReader, type ByteWriter } from './block-codec.js';
import { BOUNDS_STRIDE } from './postings-schema.js';

/**
 * A block's competitive impacts (Lucene's name for them): the (tf, chunk length) pairs of its
 * postings that no other posting dominates with a tf at least as large and a length at most as
 * small. BM25 rises with tf and falls with length for every k1 and b, so the largest score of any
 * posting in the block is the largest score of these few pairs: a bound far tighter than the
 * block's largest tf with its shortest chunk (which often belong to different postings), and
 * still valid for parameters chosen at query time.
 */

/** Appends the competitive pairs of `count` postings to `out`: their number, then each (tf, length), tf descending. */
export function writeBlockImpacts(
  tfs: ArrayLike<number>,
  lengths: ArrayLike<number>,
  count: number,
  out: ByteWriter,
): void {
  const order = Array.from({ length: count }, (_, i) => i).sort(
    (x, y) => tfs[y]! - tfs[x]! || lengths[x]! - lengths[y]!,
  );
  const pairs: number[] = [];
  let shortest = Number.POSITIVE_INFINITY;
  for (const i of order) {
    if (lengths[i]! >= shortest) continue;
    shortest = lengths[i]!;
    pairs.push(tfs[i]!, shortest);
  }
  out.varint(pairs.length / 2);
  for (const v of pairs) out.varint(v);
}

/** A term's impacts by block: block i's pairs are tf[j], length[j] for start[i] <= j < start[i + 1]. */
export interface TermImpacts {
  start: Uint32Array;
  tf: Uint32Array;
  length: Uint32Array;
}

/**
 * Reads the impacts of a term's `blocks` blocks; without them (a file built before impacts were
 * stored), each block's one pair is its largest tf with its shortest length from `bounds`, a
 * looser bound of the same kind.
 */
export function readTermImpacts(blocks: number, bounds: Uint32Array, data: Uint8Array | null): TermImpacts {
  const start = new Uint32Array(blocks + 1);
  if (!data) {
    const tf = new Uint32Array(blocks);
    const length = new Uint32Array(blocks);
    for (let i = 0; i < blocks; i++) {
      start[i + 1] = i + 1;
      tf[i] = bounds[i * BOUNDS_STRIDE + 1]!;
      length[i] = bounds[i * BOUNDS_STRIDE + 2]!;
    }
    return { start, tf, length };
  }
  // Every pair takes at least two bytes (a varint each), so the data holds at most half its
  // length in pairs: filled in place rather than grown, as a common term has thousands of blocks.
  const reader = new ByteReader(data);
  const room = data.byteLength >>> 1;
  const tf = new Uint32Array(room);
  const length = new Uint32Array(room);
  let used = 0;
  for (let i = 0; i < blocks; i++) {
    const n = reader.varint();
    if (used + n > room) throw new Error('postings impacts claim more pairs than they hold');
    for (let j = 0; j < n; j++) {
      tf[used] = reader.varint();
      length[used++] = reader.varint();
    }
    start[i + 1] = used;
  }
  if (!reader.done) throw new Error('postings impacts longer than their blocks');
  return { start, tf: tf.subarray(0, used), length: length.subarray(0, used) };
}
