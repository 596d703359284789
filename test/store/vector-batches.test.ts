import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { IndexReader } from '../../src/store/index-reader.js';
import { buildTinyIndex } from '../helpers/tiny-index.js';
import { tmpDir } from '../helpers/tmp.js';

describe('vectorBatches', () => {
  it("gives loadVectors' rows in its order, a batch at a time, the last batch holding the rest", async () => {
    const { file } = await buildTinyIndex(tmpDir('vector-batches-'));
    const reader = IndexReader.open(file);
    try {
      const { matrix, dims } = reader.loadVectors();
      const rows = matrix.length / dims;
      const size = 5;
      const batches = [...reader.vectorBatches(size)];
      // ceil(rows / 5) batches, all of 5 rows but the last.
      expect(batches.map((b) => b.length / dims)).toEqual(
        Array.from({ length: Math.ceil(rows / size) }, (_, i) => Math.min(size, rows - i * size)),
      );
      const joined = new Float32Array(matrix.length);
      let at = 0;
      for (const b of batches) joined.set(b, (at += b.length) - b.length);
      expect(joined).toEqual(matrix);
    } finally {
      reader.close();
    }
  });
});

describe('loadVectorIds', () => {
  /** The definition: each vector row's chunk and document, in the vector table's row order. */
  const joined = (file: string) => {
    const db = new Database(file, { readonly: true });
    try {
      const rows = db
        .prepare('SELECT c.id, c.doc_id FROM vectors v JOIN chunks c ON c.rowid = v.chunk_rowid ORDER BY v.chunk_rowid')
        .raw()
        .all() as [string, string][];
      return { chunkIds: rows.map((r) => r[0]), docIds: rows.map((r) => r[1]) };
    } finally {
      db.close();
    }
  };

  it('gives each vector row its chunk and document, read from chunks alone when every chunk has its vector', async () => {
    const { file } = await buildTinyIndex(tmpDir('vector-ids-'));
    const reader = IndexReader.open(file);
    try {
      expect(reader.meta.counts.vectors).toBe(reader.meta.counts.chunks);
      const ids = reader.loadVectorIds();
      expect(ids.chunkIds.length).toBe(reader.meta.counts.chunks);
      expect(ids).toEqual(joined(file));
    } finally {
      reader.close();
    }
  });

  it('joins the vector table when some chunk has no vector (the counts differ)', async () => {
    const { file } = await buildTinyIndex(tmpDir('vector-ids-missing-'));
    const db = new Database(file);
    // The second vector row gone, and the build's count saying so.
    db.prepare(
      'DELETE FROM vectors WHERE chunk_rowid = (SELECT chunk_rowid FROM vectors ORDER BY chunk_rowid LIMIT 1 OFFSET 1)',
    ).run();
    db.prepare(
      "UPDATE meta SET value = json_set(value, '$.counts.vectors', json_extract(value, '$.counts.vectors') - 1) WHERE key = 'index'",
    ).run();
    db.close();
    const reader = IndexReader.open(file);
    try {
      const ids = reader.loadVectorIds();
      expect(ids.chunkIds.length).toBe(reader.meta.counts.chunks - 1);
      expect(ids).toEqual(joined(file));
    } finally {
      reader.close();
    }
  });
});
