import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { IndexReader } from '../../src/store/index-reader.js';
import { buildTinyIndex } from '../helpers/tiny-index.js';
import { tmpDir } from '../helpers/tmp.js';

/** The key that names the files derived from an index's vectors (the ANN graph): what changes it. */
const keyOf = (file: string) => {
  const reader = IndexReader.open(file);
  try {
    return reader.vectorsKey();
  } finally {
    reader.close();
  }
};

describe("an index's vectors key", () => {
  it('is the same each time the same file is opened, and another for another build of the same corpus', async () => {
    const dir = tmpDir('vectors-key-');
    const one = await buildTinyIndex(dir);
    const two = await buildTinyIndex(dir);
    expect(keyOf(one.file)).toMatch(/^[0-9a-f]{16}$/);
    expect(keyOf(one.file)).toBe(keyOf(one.file));
    // Same corpus, chunker and embedder (equal fingerprints): the builds differ in their start time only.
    expect(two.meta.build.startedAt).not.toBe(one.meta.build.startedAt);
    expect(keyOf(two.file)).not.toBe(keyOf(one.file));
  });

  it('changes when the last vector is rewritten under the same meta (a table edited by hand)', async () => {
    const dir = tmpDir('vectors-key-');
    const { file } = await buildTinyIndex(dir);
    const copy = path.join(dir, 'edited.sqlite');
    fs.copyFileSync(file, copy);
    const db = new Database(copy);
    const last = db.prepare('SELECT chunk_rowid, vector FROM vectors ORDER BY chunk_rowid DESC LIMIT 1').get() as {
      chunk_rowid: number;
      vector: Buffer;
    };
    const changed = Buffer.from(last.vector);
    changed.writeFloatLE(changed.readFloatLE(0) + 0.5, 0);
    db.prepare('UPDATE vectors SET vector = ? WHERE chunk_rowid = ?').run(changed, last.chunk_rowid);
    db.close();
    expect(keyOf(copy)).not.toBe(keyOf(file));
  });
});
