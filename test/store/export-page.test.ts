import { beforeAll, describe, expect, it } from 'vitest';
import { IndexReader } from '../../src/store/index-reader.js';
import { tmpDir } from '../helpers/tmp.js';
import { buildPushIndexes, readStoredChunks } from '../push/push-fixture.js';

const dir = tmpDir('export-page-');
let files: { withVectors: string; noVectors: string };

beforeAll(async () => {
  files = await buildPushIndexes(dir);
});

/** Every row, read a page of `limit` at a time from after the last rowid seen. */
function allPages(reader: IndexReader, limit: number) {
  const pages = [];
  for (let after = 0; ; ) {
    const page = reader.exportPage(after, limit);
    if (page.length === 0) return pages;
    pages.push(page);
    after = page.at(-1)!.rowid;
  }
}

describe('IndexReader.exportPage', () => {
  it('pages through every chunk once, in rowid order, with its document metadata and vector bytes', () => {
    const expected = readStoredChunks(files.withVectors);
    const reader = IndexReader.open(files.withVectors);
    try {
      const pages = allPages(reader, 3);
      expect(pages.map((p) => p.length)).toEqual(
        Array.from({ length: Math.ceil(expected.length / 3) }, (_, i) => Math.min(3, expected.length - 3 * i)),
      );
      const rows = pages.flat();
      expect(rows.map((r) => [r.rowid, r.id, r.docId, r.title, r.text, r.lang])).toEqual(
        expected.map((c) => [c.rowid, c.id, c.docId, c.title, c.text, c.lang]),
      );
      expect(rows.map((r) => (r.metadata === null ? {} : JSON.parse(r.metadata)))).toEqual(
        expected.map((c) => c.metadata),
      );
      expect(
        rows.map((r) => Array.from({ length: r.vector!.byteLength / 4 }, (_, i) => r.vector!.readFloatLE(4 * i))),
      ).toEqual(expected.map((c) => c.vector));
      // The document without metadata stores none.
      expect(rows.find((r) => r.docId === 'plain')!.metadata).toBeNull();
    } finally {
      reader.close();
    }
  });

  it('gives null vectors for an index built without an embedder', () => {
    const reader = IndexReader.open(files.noVectors);
    try {
      const rows = reader.exportPage(0, 1000);
      expect(rows).toHaveLength(readStoredChunks(files.noVectors).length);
      expect(rows.every((r) => r.vector === null)).toBe(true);
    } finally {
      reader.close();
    }
  });
});
