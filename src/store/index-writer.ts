import Database from 'better-sqlite3';
import type { Chunk } from '../chunking/types.js';
import type { Doc } from '../corpus/types.js';
import { type Bm25Analysis, bm25Analysis } from './bm25-analysis.js';
import type { IndexMeta } from './index-meta.js';
import { POSTINGS_SPILL_SUFFIX } from './postings-schema.js';
import { PostingsWriter } from './postings-writer.js';
import { createSchema } from './schema.js';
import { isPreAnalyzed, type TokenizerName } from './tokenizers.js';

/** What an IndexWriter writes besides documents, chunks and FTS5. */
export interface IndexWriterOptions {
  /** Store BM25 postings (postings-writer.ts). Default true. */
  postings?: boolean;
  /** Postings buffered before a spill to the temporary file (tests force several). */
  spillLimit?: number;
}

/**
 * Writes one index file. Built for throughput (no journal, no fsync per transaction) because the
 * file is a temporary one that is thrown away on any failure; `finish()` switches it to WAL for
 * serving, builds the full-text index in one pass and closes it.
 */
export class IndexWriter {
  private readonly db: Database.Database;
  private readonly insertDoc: Database.Statement;
  private readonly insertChunk: Database.Statement;
  private readonly insertVector: Database.Statement;

  private readonly insertFts: Database.Statement | undefined;
  private readonly analysis: Bm25Analysis;
  private readonly postings: PostingsWriter | undefined;

  /**
   * Each chunk is analysed once, by bm25Analysis (the index's own analyser, or English analysis
   * for porter/unicode61): a pre-analysed tokenizer's FTS5 table indexes those terms, and the
   * BM25 postings store them.
   */
  constructor(
    readonly file: string,
    private readonly tokenizer: TokenizerName,
    options: IndexWriterOptions = {},
  ) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = OFF');
    this.db.pragma('synchronous = OFF');
    createSchema(this.db, tokenizer);
    this.analysis = bm25Analysis(tokenizer);
    this.postings =
      options.postings === false
        ? undefined
        : new PostingsWriter(this.db, file + POSTINGS_SPILL_SUFFIX, options.spillLimit);
    this.insertDoc = this.db.prepare('INSERT INTO documents (id, title, text, metadata) VALUES (?, ?, ?, ?)');
    this.insertChunk = this.db.prepare(
      'INSERT INTO chunks (id, doc_id, ordinal, start, end, title, text, lang) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.insertFts = isPreAnalyzed(tokenizer)
      ? this.db.prepare('INSERT INTO chunks_fts (rowid, title, text) VALUES (?, ?, ?)')
      : undefined;
    this.insertVector = this.db.prepare('INSERT INTO vectors (chunk_rowid, vector) VALUES (?, ?)');
  }

  /** Inserts documents with their chunks (and, pre-analysed, their FTS terms) in one transaction. */
  addDocuments(batch: { doc: Doc; chunks: Chunk[]; lang?: string | undefined }[]): void {
    this.db.transaction(() => {
      for (const { doc, chunks, lang } of batch) {
        this.insertDoc.run(doc.id, doc.title, doc.text, doc.metadata ? JSON.stringify(doc.metadata) : null);
        let docKey: number | undefined;
        for (const c of chunks) {
          const { lastInsertRowid } = this.insertChunk.run(
            c.id,
            c.docId,
            c.ordinal,
            c.start,
            c.end,
            c.title,
            c.text,
            lang ?? null,
          );
          if (!this.insertFts && !this.postings) continue;
          const title = this.analysis.analyze(c.title, lang);
          const text = this.analysis.analyze(c.text, lang);
          this.insertFts?.run(lastInsertRowid, title.join(' '), text.join(' '));
          docKey ??= Number(lastInsertRowid);
          this.postings?.add(Number(lastInsertRowid), title.concat(text), docKey);
        }
      }
    })();
  }

  /** Chunks in rowid order, for embedding after all text is stored. */
  *chunkTexts(batchSize: number): Generator<{ rowid: number; title: string; text: string }[]> {
    const page = this.db.prepare('SELECT rowid, title, text FROM chunks WHERE rowid > ? ORDER BY rowid LIMIT ?');
    let after = 0;
    for (;;) {
      const rows = page.all(after, batchSize) as { rowid: number; title: string; text: string }[];
      if (rows.length === 0) return;
      yield rows;
      after = rows[rows.length - 1]!.rowid;
    }
  }

  addVectors(rows: { rowid: number; vector: Float32Array }[]): void {
    this.db.transaction(() => {
      for (const { rowid, vector } of rows) {
        this.insertVector.run(rowid, Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength));
      }
    })();
  }

  counts(): { documents: number; chunks: number; vectors: number; maxChunksPerDoc: number } {
    const one = (sql: string) => (this.db.prepare(sql).pluck().get() as number | null) ?? 0;
    return {
      documents: one('SELECT count(*) FROM documents'),
      chunks: one('SELECT count(*) FROM chunks'),
      vectors: one('SELECT count(*) FROM vectors'),
      maxChunksPerDoc: one('SELECT max(n) FROM (SELECT count(*) AS n FROM chunks GROUP BY doc_id)'),
    };
  }

  /** Builds the FTS index and the BM25 postings, records the metadata, switches to WAL and closes the file. */
  finish(meta: IndexMeta): void {
    this.postings?.finish();
    // A contentless table was filled row by row; an external-content one is built in one pass.
    if (!isPreAnalyzed(this.tokenizer)) this.db.exec(`INSERT INTO chunks_fts(chunks_fts) VALUES ('rebuild')`);
    this.db.exec(`INSERT INTO chunks_fts(chunks_fts) VALUES ('optimize')`);
    this.db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run('index', JSON.stringify(meta));
    this.db.pragma('journal_mode = WAL');
    this.db.close();
  }

  abort(): void {
    this.postings?.abort();
    if (this.db.open) this.db.close();
  }
}
