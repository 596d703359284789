import type Database from 'better-sqlite3';
import { fts5Tokenize, isPreAnalyzed, type TokenizerName } from './tokenizers.js';

/**
 * The view every reader of chunk text goes through (schema version 2): a chunk's title and text
 * are NULL in `chunks` when they are its document's title and the span [start, end) of its
 * document's text (what every chunker makes), and read from `documents` here, so the text is
 * stored once. SQLite's substr counts characters where a chunk's offsets count UTF-16 units: the
 * two agree unless the text holds a character outside the Basic Multilingual Plane, and a chunk
 * of such a document keeps its own text (storedChunkText).
 */
export const CHUNK_ROWS_VIEW = 'chunk_rows';

/**
 * One SQLite file per index. Text lives once, in `documents`: chunks refer to their document's
 * span (CHUNK_ROWS_VIEW); the FTS5 table indexes the view as external content (title + text
 * columns), so the file holds no second copy of the text. With a pre-analysed tokenizer the FTS5
 * table is contentless instead: it indexes our analyser's terms, which are not the chunk text.
 * A document's chunks are found by their ids, `DOC#N` (chunkIdRange), so `chunks` needs no index
 * on doc_id (version 1 had one: 3% of a million-chunk file). Vectors are Float32 BLOBs keyed by
 * chunk rowid. Each chunk records its document's language
 * (given or detected; NULL when unknown or not detected: index-meta.ts' languageSample), for
 * `lang=` filters. Without `fts5` (`testbed index --no-fts5`) there is no FTS5 table: the fts5
 * engine is refused on the file, which is a quarter smaller at a million chunks.
 */
export function createSchema(db: Database.Database, tokenizer: TokenizerName, fts5 = true): void {
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
      title TEXT,
      text TEXT,
      lang TEXT
    );
    CREATE VIEW ${CHUNK_ROWS_VIEW} AS
      SELECT c.rowid AS rowid, c.id AS id, c.doc_id AS doc_id, c.ordinal AS ordinal, c.start AS start, c.end AS end,
        coalesce(c.title, d.title) AS title, coalesce(c.text, substr(d.text, c.start + 1, c.end - c.start)) AS text,
        c.lang AS lang
      FROM chunks c JOIN documents d ON d.id = c.doc_id;
    ${fts5 ? fts5Table(tokenizer) : ''}
    CREATE TABLE vectors (chunk_rowid INTEGER PRIMARY KEY REFERENCES chunks(rowid), vector BLOB NOT NULL);
  `);
}

/** The FTS5 table over the chunks' title and text: contentless for a pre-analysed tokenizer, else over CHUNK_ROWS_VIEW. */
function fts5Table(tokenizer: TokenizerName): string {
  const content = isPreAnalyzed(tokenizer) ? "content=''" : `content='${CHUNK_ROWS_VIEW}', content_rowid='rowid'`;
  // Laid out as the statement always was: SQLite keeps its text, which bench/lib/synthetic-index.ts
  // compares to decide whether a file of an earlier build can be reused.
  return `CREATE VIRTUAL TABLE chunks_fts USING fts5(
      title, text, ${content}, tokenize='${fts5Tokenize(tokenizer)}'
    );`;
}

/** Characters whose offsets differ between JavaScript (UTF-16 units) and SQLite's substr (characters), or that end a C string. */
const OFFSETS_DIFFER = /[\uD800-\uDFFF\0]/;

/**
 * What `chunks` stores for a chunk's title and text: null for each that CHUNK_ROWS_VIEW gives
 * back equal from its document (the document's title; the span of a document whose offsets
 * SQLite counts as JavaScript does), else the value itself.
 */
export function storedChunkText(
  doc: { title: string; text: string },
  chunk: { start: number; end: number; title: string; text: string },
  docOffsetsAgree: boolean,
): { title: string | null; text: string | null } {
  return {
    title: chunk.title === doc.title ? null : chunk.title,
    text: docOffsetsAgree && doc.text.slice(chunk.start, chunk.end) === chunk.text ? null : chunk.text,
  };
}

/** Whether SQLite's substr finds the same spans in `text` as JavaScript's offsets (storedChunkText's third argument). */
export function offsetsAgree(text: string): boolean {
  return !OFFSETS_DIFFER.test(text);
}

/**
 * The range of chunk ids `[from, to)` that holds every chunk of document `docId`: chunk ids are
 * `${docId}#${ordinal}` (chunking/types.ts), and '$' follows '#'. Another document's chunks may
 * fall in it (document `a#b` beside `a`), so a reader also checks doc_id.
 */
export function chunkIdRange(docId: string): [string, string] {
  return [`${docId}#`, `${docId}$`];
}
