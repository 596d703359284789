import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { IndexReader } from '../../src/store/index-reader.js';
import { buildTinyIndex } from '../helpers/tiny-index.js';
import { tmpDir } from '../helpers/tmp.js';

/** The definition: each vector row's chunk (rowid and id) and document, in the vector table's row order. */
function vectorRows(file: string): [number, string, string][] {
  const db = new Database(file, { readonly: true });
  try {
    return db
      .prepare(
        'SELECT v.chunk_rowid, c.id, c.doc_id FROM vectors v JOIN chunks c ON c.rowid = v.chunk_rowid ORDER BY v.chunk_rowid',
      )
      .raw()
      .all() as [number, string, string][];
  } finally {
    db.close();
  }
}

/** A tiny index whose second vector row is gone, and whose build's count says so. */
async function indexMissingOneVector(prefix: string): Promise<string> {
  const { file } = await buildTinyIndex(tmpDir(prefix));
  const db = new Database(file);
  db.prepare(
    'DELETE FROM vectors WHERE chunk_rowid = (SELECT chunk_rowid FROM vectors ORDER BY chunk_rowid LIMIT 1 OFFSET 1)',
  ).run();
  db.prepare(
    "UPDATE meta SET value = json_set(value, '$.counts.vectors', json_extract(value, '$.counts.vectors') - 1) WHERE key = 'index'",
  ).run();
  db.close();
  return file;
}

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
  const joined = (file: string) => {
    const rows = vectorRows(file);
    return { chunkIds: rows.map((r) => r[1]), docIds: rows.map((r) => r[2]) };
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
    const file = await indexMissingOneVector('vector-ids-missing-');
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

describe('vectorRowids and vectorsAt', () => {
  const rowidsOf = (file: string) => vectorRows(file).map((r) => r[0]);

  it("gives each vector row its chunk's rowid, and vectorsAt those chunks' stored vectors in the order asked", async () => {
    const { file } = await buildTinyIndex(tmpDir('vectors-at-'));
    const reader = IndexReader.open(file);
    try {
      const want = rowidsOf(file);
      const rowidOf = reader.vectorRowids();
      expect(want.map((_, row) => rowidOf(row))).toEqual(want);
      const { matrix, dims } = reader.loadVectors();
      const rows = [3, 0, want.length - 1];
      const got = reader.vectorsAt(rows.map(rowidOf));
      expect(got.length).toBe(rows.length * dims);
      rows.forEach((r, i) => {
        expect(got.subarray(i * dims, (i + 1) * dims)).toEqual(matrix.subarray(r * dims, (r + 1) * dims));
      });
      expect(() => reader.vectorsAt([want.at(-1)! + 1000])).toThrow(/no \d+-d vector for chunk rowid/);
      const [, chunkId, docId] = vectorRows(file)[3]!;
      expect(reader.identifyRow(want[3]!)).toEqual({ chunkId, docId });
    } finally {
      reader.close();
    }
  });

  it('reads the rowids when a chunk has no vector, the rows then skipping its rowid', async () => {
    const file = await indexMissingOneVector('vector-rowids-missing-');
    const reader = IndexReader.open(file);
    try {
      const want = rowidsOf(file);
      const rowidOf = reader.vectorRowids();
      expect(want[1]! - want[0]!).toBe(2);
      expect(want.map((_, row) => rowidOf(row))).toEqual(want);
    } finally {
      reader.close();
    }
  });
});
