import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ChunkColumnWriter, readChunkColumn } from '../../src/store/chunk-column-pages.js';
import { LENGTHS_PAGE, uint32Bytes, uint32Values } from '../../src/store/postings-schema.js';

describe('chunk columns in packed pages', () => {
  it('reads back every value by rowid across pages, 0 where no rowid was set', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE col (page INTEGER PRIMARY KEY, data BLOB NOT NULL)');
    const writer = new ChunkColumnWriter(db, 'col');
    // Rowids 1 and 2 on page 0, none on page 1, the first and third of page 2; values above 2^31
    // and 2^24 check that all four bytes of each value survive.
    const set: [number, number][] = [
      [1, 7],
      [2, 2 ** 31 + 5],
      [2 * LENGTHS_PAGE, 2 ** 24 + 3],
      [2 * LENGTHS_PAGE + 2, 1],
    ];
    for (const [rowid, value] of set) writer.set(rowid, value);
    writer.flush();
    const column = readChunkColumn(db, 'col');
    // Up to the last rowid set: the last page is stored only as far as it was filled.
    expect(column.length).toBe(2 * LENGTHS_PAGE + 3);
    for (const [rowid, value] of set) expect(column[rowid]).toBe(value);
    const unset = [...column.keys()].filter((i) => !set.some(([r]) => r === i));
    expect(unset.every((i) => column[i] === 0)).toBe(true);
  });

  it('uint32Values reads little-endian bytes wherever the blob starts', () => {
    const bytes = uint32Bytes([1, 256, 2 ** 32 - 1]);
    expect([...bytes.subarray(0, 8)]).toEqual([1, 0, 0, 0, 0, 1, 0, 0]);
    // At an odd offset inside a larger buffer, as a blob need not be aligned.
    const shifted = new Uint8Array(bytes.length + 1);
    shifted.set(bytes, 1);
    expect([...uint32Values(shifted.subarray(1))]).toEqual([1, 256, 2 ** 32 - 1]);
  });
});
