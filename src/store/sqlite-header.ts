import fs from 'node:fs';

const HEADER_BYTES = 100;

/**
 * Why `file` cannot be a whole SQLite database judging by its 100-byte header, or undefined
 * when the header gives no reason. SQLite itself opens a truncated file (a copy still in
 * progress, a disk that filled up) and only fails, or answers wrongly, when a query reaches a
 * missing page, so a short file has to be caught before it is served. An empty file is a valid
 * empty database to SQLite, which is never what an index file should be.
 *
 * Reads the header fields of https://www.sqlite.org/fileformat.html#the_database_header: the
 * page size (offset 16; 1 means 65536) and the page count (offset 28), which is only valid
 * when the change counter (24) equals the version-valid-for number (92).
 */
export function incompleteSqlite(file: string): string | undefined {
  const size = fs.statSync(file).size;
  if (size === 0) return 'the file is empty';
  if (size < HEADER_BYTES) return `the file is only ${size} bytes`;
  const header = Buffer.alloc(HEADER_BYTES);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, header, 0, HEADER_BYTES, 0);
  } finally {
    fs.closeSync(fd);
  }
  // Not SQLite at all: let SQLite say so in its own words.
  if (header.toString('latin1', 0, 16) !== 'SQLite format 3\u0000') return undefined;
  const rawPageSize = header.readUInt16BE(16);
  const pageSize = rawPageSize === 1 ? 65536 : rawPageSize;
  const pages = header.readUInt32BE(28);
  if (pages === 0 || header.readUInt32BE(24) !== header.readUInt32BE(92)) return undefined;
  const expected = pageSize * pages;
  return size < expected
    ? `the file is truncated: ${size} of ${expected} bytes (a copy still in progress?)`
    : undefined;
}
