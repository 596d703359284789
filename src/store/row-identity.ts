import type Database from 'better-sqlite3';

/** A chunk's id and its document's id, looked up by the chunk's rowid. */
export type RowIdentity = (rowid: number) => { chunkId: string; docId: string };

/**
 * The one lookup from a chunk rowid to its ids: BM25 engines rank rowids and ask for ids only for
 * the rows they return (reading every chunk's ids when an index opens took 2 s at a million
 * chunks). The statement is prepared on first use.
 */
export function rowIdentity(db: Database.Database): RowIdentity {
  let statement: Database.Statement | undefined;
  return (rowid) => {
    statement ??= db.prepare('SELECT id, doc_id FROM chunks WHERE rowid = ?').raw();
    const row = statement.get(rowid) as [string, string] | undefined;
    if (!row) throw new Error(`chunk rowid ${rowid} missing`);
    return { chunkId: row[0], docId: row[1] };
  };
}
