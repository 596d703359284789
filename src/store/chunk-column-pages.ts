import type Database from 'better-sqlite3';
import { LENGTHS_PAGE, LITTLE_ENDIAN_HOST, uint32Bytes, uint32Values } from './postings-schema.js';

/**
 * One Uint32 per chunk rowid, stored as packed pages of LENGTHS_PAGE values in a `(page, data)`
 * table (entry i of page p is rowid p * LENGTHS_PAGE + i): how the postings keep chunk lengths and
 * document keys, read back whole in a few hundred row reads (4 MB at a million chunks).
 */
export class ChunkColumnWriter {
  private page = -1;
  private values = new Uint32Array(LENGTHS_PAGE);
  private used = 0;
  private readonly insert: Database.Statement;

  constructor(db: Database.Database, table: string) {
    this.insert = db.prepare(`INSERT INTO ${table} (page, data) VALUES (?, ?)`);
  }

  /** Sets rowid's value; rowids must come in ascending order. */
  set(rowid: number, value: number): void {
    const page = Math.floor(rowid / LENGTHS_PAGE);
    if (page !== this.page) {
      this.flush();
      this.page = page;
    }
    const slot = rowid - page * LENGTHS_PAGE;
    this.values[slot] = value;
    this.used = Math.max(this.used, slot + 1);
  }

  /** Writes the page being filled; call once the last rowid is set (inside the build's transaction). */
  flush(): void {
    if (this.page >= 0 && this.used > 0) this.insert.run(this.page, uint32Bytes(this.values.subarray(0, this.used)));
    this.values.fill(0);
    this.used = 0;
  }
}

/**
 * The whole column, indexed by rowid (0 for rowids never set). On a little-endian host each page
 * is copied straight into the column (uint32Values would copy twice): decoding value by value took a third of opening a million-chunk
 * index (8 of 25 ms), before the JIT has warmed up.
 */
export function readChunkColumn(db: Database.Database, table: string): Uint32Array {
  const pages = db.prepare(`SELECT page, data FROM ${table} ORDER BY page`).raw().all() as [number, Uint8Array][];
  const last = pages.at(-1);
  const size = last ? last[0] * LENGTHS_PAGE + last[1].byteLength / 4 : 0;
  const column = new Uint32Array(size);
  const bytes = new Uint8Array(column.buffer);
  for (const [page, data] of pages) {
    if (LITTLE_ENDIAN_HOST) bytes.set(data, page * LENGTHS_PAGE * 4);
    else column.set(uint32Values(data), page * LENGTHS_PAGE);
  }
  return column;
}
