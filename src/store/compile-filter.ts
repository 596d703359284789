import type Database from 'better-sqlite3';
import type { ChunkFilter } from './chunk-filter.js';
import type { FilterSpec } from '../schemas/filter-spec.js';
import { canonicalFilter } from './filter-key.js';
import { filterSql } from './filter-sql.js';

/**
 * Compiles a filter against one index: its SQL (for legs that filter inside the query, like
 * FTS5 BM25) and, from one query over that SQL, the passing chunk and document ids (for legs
 * that filter in memory, like dense and wink BM25), so every leg applies the same condition.
 */
export function compileFilter(db: Database.Database, filter: FilterSpec): ChunkFilter {
  const sql = filterSql(filter);
  const rows = db
    .prepare(`SELECT c.rowid, c.id, c.doc_id FROM chunks c JOIN documents d ON d.id = c.doc_id WHERE ${sql.where}`)
    .raw()
    .iterate(...sql.params) as IterableIterator<[number, string, string]>;
  const rowids = new Set<number>();
  const chunkIds = new Set<string>();
  const docIds = new Set<string>();
  for (const [rowid, chunkId, docId] of rows) {
    rowids.add(rowid);
    chunkIds.add(chunkId);
    docIds.add(docId);
  }
  const spec = canonicalFilter(filter);
  return { spec, key: JSON.stringify(spec), sql, rowids, chunkIds, docIds };
}
