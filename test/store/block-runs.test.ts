import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { BlockRunReader } from '../../src/store/block-runs.js';

/** A postings_blocks table of 10 blocks: block rowid r holds r bytes, each equal to r. */
function blocksDb(): Database.Database {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE postings_blocks (rowid INTEGER PRIMARY KEY, data BLOB NOT NULL)');
  const insert = db.prepare('INSERT INTO postings_blocks (rowid, data) VALUES (?, ?)');
  for (let r = 1; r <= 10; r++) insert.run(r, Buffer.alloc(r, r));
  return db;
}

describe('BlockRunReader', () => {
  const db = blocksDb();
  afterAll(() => db.close());

  it('reads consecutive blocks into one buffer, each at its offsets', () => {
    const run = new BlockRunReader(db).run(3, 3);
    // Blocks 3, 4, 5: 3 + 4 + 5 bytes.
    expect([...run.offsets]).toEqual([0, 3, 3 + 4, 3 + 4 + 5]);
    expect([...run.bytes]).toEqual([3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 5]);
  });

  it('keeps the most recent runs within its byte budget and reads an evicted one again', () => {
    // A run's cost is its bytes plus 4 per offset: run(1, 2) is 3 + 12 = 15, run(3, 2) is 7 + 12 = 19,
    // run(5, 2) is 11 + 12 = 23. A budget of 45 holds any two of them but not all three.
    const reader = new BlockRunReader(db, 45);
    const a = reader.run(1, 2);
    const b = reader.run(3, 2);
    expect(reader.bytes).toBe(15 + 19);
    expect(reader.run(1, 2)).toBe(a); // kept, and now the most recent
    reader.run(5, 2);
    // b was the least recently used: evicted; a stays.
    expect(reader.bytes).toBe(15 + 23);
    expect(reader.run(1, 2)).toBe(a);
    const b2 = reader.run(3, 2);
    expect(b2).not.toBe(b);
    expect(b2).toEqual(b);
  });

  it('keeps nothing with a budget of 0, and a run larger than the budget is read but not kept', () => {
    const none = new BlockRunReader(db, 0);
    const run = none.run(1, 3);
    expect(none.run(1, 3)).not.toBe(run);
    expect(none.bytes).toBe(0);
  });

  it('names the blocks missing from a run', () => {
    expect(() => new BlockRunReader(db).run(9, 4)).toThrow(/postings blocks 9\.\.12: 2 missing/);
  });
});
