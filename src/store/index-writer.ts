import Database from 'better-sqlite3';
import type { Chunk } from '../chunking/types.js';
import type { Doc } from '../corpus/types.js';
import { type AnalysedBatch, type AnalysisBatch, BatchAnalyser, type BatchAnalyserOptions } from './batch-analysis.js';
import type { IndexMeta } from './index-meta.js';
import { DEFAULT_SPILL_LIMIT, type SpilledLists } from './postings-collector.js';
import { POSTINGS_SPILL_SUFFIX } from './postings-schema.js';
import { PostingsWriter } from './postings-writer.js';
import { CHUNK_ROWS_VIEW, createSchema, offsetsAgree, storedChunkText } from './schema.js';
import { isPreAnalyzed, type TokenizerName } from './tokenizers.js';

/** What an IndexWriter writes besides documents, chunks and FTS5. */
export interface IndexWriterOptions {
  /** Store BM25 postings (postings-writer.ts). Default true. */
  postings?: boolean;
  /** Build the FTS5 table (the fts5 engine's). Default true; false needs a pre-analysed tokenizer. */
  fts5?: boolean;
  /** Postings buffered before a spill to the temporary file (tests force several). */
  spillLimit?: number;
}

/** One document of a batch with its chunks, and its language when known. */
export interface DocumentWithChunks {
  doc: Doc;
  chunks: Chunk[];
  lang?: string | undefined;
}

/** Busy milliseconds of the writing thread in stages the build summary reports. */
export interface WriterTimes {
  writes: number;
  postings: number;
}

/**
 * Writes one index file. Built for throughput (no journal, no fsync per transaction) because the
 * file is a temporary one that is thrown away on any failure; `finish()` switches it to WAL for
 * serving, builds the full-text index in one pass and closes it. Analysis (BatchAnalyser) may run
 * on other threads: the build hands each batch out with analysisBatch() and writes it back, in
 * order, with addAnalysed(); addDocuments() does both on this thread.
 */
export class IndexWriter {
  private readonly db: Database.Database;
  private readonly insertDoc: Database.Statement;
  private readonly insertChunk: Database.Statement;
  private readonly insertVector: Database.Statement;

  private readonly insertFts: Database.Statement | undefined;
  private readonly postings: PostingsWriter | undefined;
  /** The analyser of addDocuments (stream 0 of the postings), made on first use. */
  private local: BatchAnalyser | undefined;
  /** The rowid the next chunk is stored under: chunks are numbered here, before analysis. */
  private nextRowid = 1;
  readonly times: WriterTimes = { writes: 0, postings: 0 };
  private completed = false;
  /** The most chunks of one document so far (counts()' maxChunksPerDoc, without grouping every chunk). */
  private maxChunksPerDoc = 0;

  /**
   * Each chunk is analysed once, by bm25Analysis (the index's own analyser, or English analysis
   * for porter/unicode61): a pre-analysed tokenizer's FTS5 table indexes those terms, and the
   * BM25 postings store them.
   */
  constructor(
    readonly file: string,
    private readonly tokenizer: TokenizerName,
    private readonly options: IndexWriterOptions = {},
  ) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = OFF');
    this.db.pragma('synchronous = OFF');
    // FTS5 merges its segments as rows come in and once more at the end: the pages they held
    // were 8% of a 100k-document file, free. Incremental auto-vacuum (set before any table)
    // lets finish() give them back without rewriting the file as VACUUM would.
    this.db.pragma('auto_vacuum = INCREMENTAL');
    createSchema(this.db, tokenizer, this.hasFts5);
    this.postings =
      options.postings === false
        ? undefined
        : new PostingsWriter(this.db, file + POSTINGS_SPILL_SUFFIX, options.spillLimit);
    this.insertDoc = this.db.prepare('INSERT INTO documents (id, title, text, metadata) VALUES (?, ?, ?, ?)');
    this.insertChunk = this.db.prepare(
      'INSERT INTO chunks (rowid, id, doc_id, ordinal, start, end, title, text, lang) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.insertFts =
      this.hasFts5 && isPreAnalyzed(tokenizer)
        ? this.db.prepare('INSERT INTO chunks_fts (rowid, title, text) VALUES (?, ?, ?)')
        : undefined;
    this.insertVector = this.db.prepare('INSERT INTO vectors (chunk_rowid, vector) VALUES (?, ?)');
  }

  /** Whether this index gets its FTS5 table (IndexWriterOptions.fts5). */
  private get hasFts5(): boolean {
    return this.options.fts5 !== false;
  }

  /** What a BatchAnalyser for this index must produce (FTS5 terms, postings). */
  analyserOptions(threads = 1): BatchAnalyserOptions {
    return {
      fts: this.insertFts !== undefined,
      postings: this.postings !== undefined,
      spillLimit: Math.max(1, Math.floor((this.options.spillLimit ?? DEFAULT_SPILL_LIMIT) / threads)),
    };
  }

  /**
   * The analysis input of a batch, its chunks numbered from the next free rowid (batches must then
   * be written with addAnalysed in the order they were numbered). `detect(i)`: the text to detect
   * document i's language from, when it has none given and must be detected.
   */
  analysisBatch(
    batch: readonly DocumentWithChunks[],
    detect: (i: number) => string | null = () => null,
  ): AnalysisBatch {
    const out: AnalysisBatch = { given: [], detect: [], rowids: [], docs: [], titles: [], texts: [] };
    batch.forEach(({ chunks, lang }, i) => {
      out.given.push(lang ?? null);
      out.detect.push(lang === undefined ? detect(i) : null);
      for (const c of chunks) {
        out.rowids.push(this.nextRowid++);
        out.docs.push(i);
        out.titles.push(c.title);
        out.texts.push(c.text);
      }
    });
    return out;
  }

  /**
   * Inserts a batch's documents with their chunks (their languages, FTS terms and postings from
   * `analysed`) in one transaction; `stream` names the analyser, whose postings must come in
   * rowid order (each analyser's batches written in the order they were numbered).
   */
  addAnalysed(
    batch: readonly DocumentWithChunks[],
    input: AnalysisBatch,
    analysed: AnalysedBatch,
    stream: number,
  ): void {
    const t0 = performance.now();
    let postingsMs = 0;
    this.db.transaction(() => {
      let k = 0;
      batch.forEach(({ doc, chunks }, i) => {
        this.insertDoc.run(doc.id, doc.title, doc.text, doc.metadata ? JSON.stringify(doc.metadata) : null);
        const agree = offsetsAgree(doc.text);
        const lang = analysed.langs[i] ?? null;
        const docKey = input.rowids[k];
        this.maxChunksPerDoc = Math.max(this.maxChunksPerDoc, chunks.length);
        for (const c of chunks) {
          const rowid = input.rowids[k]!;
          const stored = storedChunkText(doc, c, agree);
          this.insertChunk.run(rowid, c.id, c.docId, c.ordinal, c.start, c.end, stored.title, stored.text, lang);
          if (analysed.fts) this.insertFts?.run(rowid, analysed.fts[2 * k], analysed.fts[2 * k + 1]);
          this.postings?.addChunk(rowid, analysed.lengths[k]!, docKey!);
          k++;
        }
      });
      if (analysed.spill) {
        const p0 = performance.now();
        this.postings?.spill(stream, analysed.spill);
        postingsMs = performance.now() - p0;
      }
    })();
    this.times.postings += postingsMs;
    this.times.writes += performance.now() - t0 - postingsMs;
  }

  /** Postings an analyser of `stream` still holds at the end of the build. */
  addPostings(stream: number, lists: SpilledLists | null): void {
    if (!lists) return;
    const t0 = performance.now();
    this.postings?.spill(stream, lists);
    this.times.postings += performance.now() - t0;
  }

  /** Analyses (on this thread) and inserts documents with their chunks, in one transaction. */
  addDocuments(batch: readonly DocumentWithChunks[]): void {
    this.local ??= new BatchAnalyser(this.tokenizer, this.analyserOptions());
    const input = this.analysisBatch(batch);
    this.addAnalysed(batch, input, this.local.analyse(input), 0);
  }

  /** Chunks in rowid order, for embedding after all text is stored. */
  *chunkTexts(batchSize: number): Generator<{ rowid: number; title: string; text: string }[]> {
    const page = this.db.prepare(
      `SELECT rowid, title, text FROM ${CHUNK_ROWS_VIEW} WHERE rowid > ? ORDER BY rowid LIMIT ?`,
    );
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
      maxChunksPerDoc: this.maxChunksPerDoc,
    };
  }

  /**
   * Builds the FTS index and the BM25 postings once every chunk is in (finish() does it if the
   * caller has not): separate, so a build can time it before it records its metadata.
   */
  complete(): void {
    if (this.completed) return;
    this.completed = true;
    this.addPostings(0, this.local?.flush() ?? null);
    const t0 = performance.now();
    this.postings?.finish();
    const t1 = performance.now();
    this.times.postings += t1 - t0;
    if (this.hasFts5) {
      // A contentless table was filled row by row; an external-content one is built in one pass.
      if (!isPreAnalyzed(this.tokenizer)) this.db.exec(`INSERT INTO chunks_fts(chunks_fts) VALUES ('rebuild')`);
      this.db.exec(`INSERT INTO chunks_fts(chunks_fts) VALUES ('optimize')`);
    }
    this.db.pragma('incremental_vacuum');
    this.times.writes += performance.now() - t1;
  }

  /** Completes the index (complete()), records the metadata, switches to WAL and closes the file. */
  finish(meta: IndexMeta): void {
    this.complete();
    this.db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run('index', JSON.stringify(meta));
    this.db.pragma('journal_mode = WAL');
    this.db.close();
  }

  abort(): void {
    this.postings?.abort();
    if (this.db.open) this.db.close();
  }
}
