import { describe, expect, it } from 'vitest';
import { ByteReader, ByteWriter, decodeBlock, decodeBlockAt, encodeBlock } from '../../src/store/block-codec.js';

const bytesOf = (value: number) => {
  const w = new ByteWriter();
  w.varint(value);
  return [...w.take()];
};

describe('postings block codec', () => {
  it('writes varints as unsigned LEB128: 7 bits a byte, low bits first, high bit = more', () => {
    expect(bytesOf(0)).toEqual([0]);
    expect(bytesOf(127)).toEqual([127]);
    expect(bytesOf(128)).toEqual([0x80, 0x01]);
    expect(bytesOf(300)).toEqual([0xac, 0x02]); // 300 = 2 * 128 + 44
    // 2^31 = 8 * 128^4: four empty 7-bit groups (each 0x80, "more"), then 8.
    expect(bytesOf(2 ** 31)).toEqual([0x80, 0x80, 0x80, 0x80, 0x08]);
  });

  it('reads back every varint it wrote, past 2^32 up to 2^53 - 1', () => {
    const values = [0, 1, 127, 128, 255, 16_383, 16_384, 2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 40 + 5, 2 ** 53 - 1];
    const w = new ByteWriter(16);
    for (const v of values) w.varint(v);
    const r = new ByteReader(w.take());
    expect(values.map(() => r.varint())).toEqual(values);
    expect(r.done).toBe(true);
  });

  it("round-trips a block of gaps, including large ones, from the previous block's last rowid", () => {
    const rowids = [1_000, 1_001, 1_129, 2 ** 31, 2 ** 31 + 1, 2 ** 33];
    const tfs = [1, 127, 128, 3, 2 ** 20, 1];
    const data = encodeBlock(rowids, tfs, rowids.length, 999);
    // The first gap is from 999: one byte for 1, as are the next two gaps' tf 1 / 127 pairs.
    expect(data[0]).toBe(1);
    const outRowids = new Float64Array(128);
    const outTfs = new Uint32Array(128);
    expect(decodeBlock(data, 999, outRowids, outTfs)).toBe(rowids.length);
    expect([...outRowids.subarray(0, rowids.length)]).toEqual(rowids);
    expect([...outTfs.subarray(0, rowids.length)]).toEqual(tfs);
  });

  it('decodes a block in the middle of a run of blocks, by its byte range, as decodeBlock decodes it alone', () => {
    // Three blocks back to back, as a run read in one statement holds them: the middle one
    // (gaps from 1,129, the first block's last rowid) starts where the first ends.
    const first = encodeBlock([5, 1_129], [2, 1], 2, 0);
    const middle = encodeBlock([1_130, 2 ** 31, 2 ** 33], [300, 1, 2 ** 20], 3, 1_129);
    const last = encodeBlock([2 ** 33 + 7], [4], 1, 2 ** 33);
    const run = new Uint8Array([...first, ...middle, ...last]);
    const rowids = new Float64Array(128);
    const tfs = new Uint32Array(128);
    const n = decodeBlockAt(run, first.length, first.length + middle.length, 1_129, rowids, tfs);
    expect(n).toBe(3);
    expect([...rowids.subarray(0, n)]).toEqual([1_130, 2 ** 31, 2 ** 33]);
    expect([...tfs.subarray(0, n)]).toEqual([300, 1, 2 ** 20]);
    // A range that cuts the last posting's tf varint (2^20 takes three bytes) is refused.
    expect(() => decodeBlockAt(run, first.length, first.length + middle.length - 1, 1_129, rowids, tfs)).toThrow(
      /truncated/,
    );
    // A range ending between a rowid gap and its tf is refused too.
    expect(() => decodeBlockAt(run, 0, 1, 0, rowids, tfs)).toThrow(/truncated/);
  });

  it('grows past its first allocation', () => {
    const w = new ByteWriter(16);
    for (let i = 0; i < 1000; i++) w.varint(2 ** 35 + i);
    const r = new ByteReader(w.take());
    for (let i = 0; i < 1000; i++) expect(r.varint()).toBe(2 ** 35 + i);
  });

  it('refuses a truncated varint', () => {
    expect(() => new ByteReader(new Uint8Array([0x80])).varint()).toThrow(/truncated/);
  });
});
