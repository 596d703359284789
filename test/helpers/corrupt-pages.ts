import Database from 'better-sqlite3';
import fs from 'node:fs';

/**
 * Damages an index while its header, its schema and its metadata stay intact: the pages of every
 * table and index but the schema (page 1, with the 100-byte header) and the `meta` table, found
 * with SQLite's dbstat, are overwritten with a fixed non-zero pattern. The file opens and its
 * metadata reads, so only an integrity check (or the reading that meets a bad page) finds it out.
 * Answers how many pages were overwritten.
 */
export function corruptDataPages(file: string): number {
  const db = new Database(file, { readonly: true });
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  const pages = (
    db
      .prepare(
        "SELECT DISTINCT pageno FROM dbstat WHERE name NOT IN ('sqlite_schema', 'sqlite_master', 'meta') AND name NOT LIKE 'sqlite_autoindex_meta%'",
      )
      .all() as { pageno: number }[]
  ).map((r) => r.pageno);
  db.close();
  const fd = fs.openSync(file, 'r+');
  const garbage = Buffer.alloc(pageSize, 0xa5);
  for (const page of pages) if (page > 1) fs.writeSync(fd, garbage, 0, pageSize, (page - 1) * pageSize);
  fs.closeSync(fd);
  return pages.length;
}
