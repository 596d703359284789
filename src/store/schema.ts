import type Database from 'better-sqlite3';
import { fts5Tokenize, isPreAnalyzed, type TokenizerName } from './tokenizers.js';

/**
 * One SQLite file per index. Chunk text lives once, in `chunks`; the FTS5 table indexes it as
 * external content (title + text columns), so the file holds no second copy of the text.
 * With a pre-analysed tokenizer the FTS5 table is contentless instead: it indexes our analyser's
 * terms, which are not the chunk text. Vectors are Float32 BLOBs keyed by chunk rowid. Each
 * chunk records its document's language (given or detected), for `lang=` filters.
 */
export function createSchema(db: Database.Database, tokenizer: TokenizerName): void {
  db.exec(`
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE documents (
      id TEXT PRIMARY KEY,
      title TEXT NOT NULL,
      text TEXT NOT NULL,
      metadata TEXT
    );
    CREATE TABLE chunks (
      rowid INTEGER PRIMARY KEY,
      id TEXT NOT NULL UNIQUE,
      doc_id TEXT NOT NULL REFERENCES documents(id),
      ordinal INTEGER NOT NULL,
      start INTEGER NOT NULL,
      end INTEGER NOT NULL,
      title TEXT NOT NULL,
      text TEXT NOT NULL,
      lang TEXT
    );
    CREATE INDEX chunks_doc ON chunks(doc_id, ordinal);
    CREATE VIRTUAL TABLE chunks_fts USING fts5(
      title, text, ${isPreAnalyzed(tokenizer) ? "content=''" : "content='chunks', content_rowid='rowid'"}, tokenize='${fts5Tokenize(tokenizer)}'
    );
    CREATE TABLE vectors (chunk_rowid INTEGER PRIMARY KEY REFERENCES chunks(rowid), vector BLOB NOT NULL);
  `);
}
