import { describe, expect, it } from 'vitest';
import { ByteReader, ByteWriter } from '../../src/store/block-codec.js';
import { readTermImpacts, writeBlockImpacts } from '../../src/store/block-impacts.js';

/** The pairs writeBlockImpacts wrote for one block, as [tf, length]. */
function pairsOf(tfs: number[], lengths: number[]): [number, number][] {
  const out = new ByteWriter();
  writeBlockImpacts(tfs, lengths, tfs.length, out);
  const { start, tf, length } = readTermImpacts(1, new Uint32Array(3), out.take());
  return Array.from({ length: start[1]! }, (_, j) => [tf[j]!, length[j]!]);
}

describe('block impacts', () => {
  it('keeps the postings no other beats on both tf and length (worked example)', () => {
    // (tf, length): (1,5) (3,20) (2,8) (1,4) (3,25) (2,8). (3,25) loses to (3,20); (1,5) to (1,4);
    // the second (2,8) repeats the first. Left: (3,20), (2,8), (1,4), tf descending.
    expect(pairsOf([1, 3, 2, 1, 3, 2], [5, 20, 8, 4, 25, 8])).toEqual([
      [3, 20],
      [2, 8],
      [1, 4],
    ]);
    // One posting with both the largest tf and the shortest length: it alone.
    expect(pairsOf([2, 5, 1], [9, 3, 7])).toEqual([[5, 3]]);
  });

  it('on random blocks: every posting is dominated by a kept pair, every pair is a posting, none dominates another', () => {
    let seed = 11;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let round = 0; round < 200; round++) {
      const n = 1 + Math.floor(next() * 128);
      const tfs = Array.from({ length: n }, () => 1 + Math.floor(next() ** 3 * 9));
      const lengths = Array.from({ length: n }, () => 3 + Math.floor(next() * 60));
      const pairs = pairsOf(tfs, lengths);
      for (let i = 0; i < n; i++) expect(pairs.some(([tf, len]) => tf >= tfs[i]! && len <= lengths[i]!)).toBe(true);
      for (const [tf, len] of pairs) expect(tfs.some((t, i) => t === tf && lengths[i] === len)).toBe(true);
      for (const a of pairs) for (const b of pairs) if (a !== b) expect(a[0] >= b[0] && a[1] <= b[1]).toBe(false);
    }
  });

  it("reads several blocks' pairs back in order, and refuses trailing bytes", () => {
    const out = new ByteWriter();
    writeBlockImpacts([1, 2], [4, 9], 2, out);
    writeBlockImpacts([7], [30], 1, out);
    const data = out.take();
    const impacts = readTermImpacts(2, new Uint32Array(6), data);
    expect([...impacts.start]).toEqual([0, 2, 3]);
    expect([...impacts.tf]).toEqual([2, 1, 7]);
    expect([...impacts.length]).toEqual([9, 4, 30]);
    expect(() => readTermImpacts(1, new Uint32Array(3), data)).toThrow(/longer than/);
    // A block claiming 5 pairs in 3 bytes (a damaged file) is refused, not read past its end.
    expect(() => readTermImpacts(1, new Uint32Array(3), Uint8Array.from([5, 1, 1]))).toThrow(/more pairs/);
    expect(new ByteReader(data).varint()).toBe(2);
  });

  it('without stored impacts (an older file), each block has one pair: its largest tf and shortest length', () => {
    // bounds per block: last rowid, largest tf, shortest length.
    const impacts = readTermImpacts(2, Uint32Array.from([10, 3, 5, 40, 1, 2]), null);
    expect([...impacts.start]).toEqual([0, 1, 2]);
    expect([...impacts.tf]).toEqual([3, 1]);
    expect([...impacts.length]).toEqual([5, 2]);
  });
});
