import Database from 'better-sqlite3';
import fs from 'node:fs';
import type { Chunk } from '../chunking/types.js';
import { InputError, NotFoundError } from '../errors.js';
import type { Level } from '../ranking/hit.js';
import type { ChunkFilter } from './chunk-filter.js';
import type { FilterSpec } from '../schemas/filter-spec.js';
import { bm25Sql, matchOf } from './bm25-sql.js';
import { bm25TopK, type Bm25Source, type ScoredRow } from './bm25-top-k.js';
import { compileFilter } from './compile-filter.js';
import { filterKey } from './filter-key.js';
import { READABLE_SCHEMA_VERSIONS, type IndexMeta } from './index-meta.js';
import { CHUNK_ROWS_VIEW, chunkIdRange } from './schema.js';
import { RecentCache } from './recent-cache.js';
import { hasPostings, openPostingsSource, type PostingsSource } from './postings-source.js';
import { rowIdentity, type RowIdentity } from './row-identity.js';
import { incompleteSqlite } from './sqlite-header.js';
import { type FilterField, filterFields } from './filter-fields.js';
import { vectorsKey } from './vectors-key.js';

/** Chunks come back from the store exactly as the chunker made them. */
export type StoredChunk = Chunk;

export type { ScoredRow };

/** One chunk as exportPage reads it: the stored columns, nothing decoded. */
export interface ExportRow {
  rowid: number;
  id: string;
  docId: string;
  title: string;
  text: string;
  lang: string | null;
  /** The document's metadata as stored: JSON text, or null. */
  metadata: string | null;
  /** `dims` Float32 values, as loadVectors reads them; null when the index has no vectors. */
  vector: Buffer | null;
}

/**
 * How many compiled filters (each holding its chunk and document id sets) and BM25 statements an
 * open index keeps: plenty for the filters a pipeline or a dashboard repeats, bounded for a
 * server whose users send a new filter with every query.
 */
const RECENT_FILTERS = 32;

/**
 * Document frequencies kept per open index (a phrase's count never changes in a read-only file):
 * a query set repeats its common terms, whose counts cost the most to take.
 */
const DOC_FREQUENCIES = 65_536;

/**
 * SQLite's `PRAGMA quick_check` of the whole file: undefined when it says ok, else its first
 * finding (or the error reading a bad page throws). It checks every page's structure (b-tree
 * order, free lists, record formats) but not that indexes match their tables, so it reads the
 * file once: about 35 ms on the 1,300-chunk demo index, 9 s on a 1M-chunk one.
 */
export function integrityProblem(db: Database.Database): string | undefined {
  const rows = db.pragma('quick_check(1)', { simple: false }) as { quick_check: string }[];
  const first = rows[0]?.quick_check;
  return first === 'ok' ? undefined : `integrity check: ${first ?? 'no answer'}`;
}

/** Read access to one built index file. Opened read-only: serving never writes to an index. */
export class IndexReader {
  readonly meta: IndexMeta;
  private readonly db: Database.Database;
  private readonly bm25Statements = new RecentCache<string, Database.Statement>(RECENT_FILTERS * 2);
  private readonly filters = new RecentCache<string, ChunkFilter>(RECENT_FILTERS);
  private readonly chunkById: Database.Statement;
  private analysedTextById?: Database.Statement;
  private readonly identify: RowIdentity;
  private readonly docFrequencies = new RecentCache<string, number>(DOC_FREQUENCIES);
  private docFrequencyStmt?: Database.Statement;
  private vectorAt?: Database.Statement;
  private ftsRows?: number;
  private postings?: PostingsSource | null;
  /** Where chunks are read with their title and text: the table (schema 1) or the view over it. */
  private readonly chunkRows: string;

  private constructor(
    readonly file: string,
    db: Database.Database,
    meta: IndexMeta,
  ) {
    this.db = db;
    this.meta = meta;
    // Version 1 files hold each chunk's text in `chunks`; later ones refer to the document's.
    this.chunkRows = meta.schemaVersion === 1 ? 'chunks' : CHUNK_ROWS_VIEW;
    this.chunkById = db.prepare(
      `SELECT id, doc_id AS docId, ordinal, start, end, title, text FROM ${this.chunkRows} WHERE id = ?`,
    );
    this.identify = rowIdentity(db);
  }

  /**
   * Opens an index file, with a clear error for a missing, truncated or foreign file; with
   * `quickCheck`, also for one whose pages are damaged (integrityProblem), at the cost of reading
   * every page once.
   */
  static open(file: string, options: { quickCheck?: boolean } = {}): IndexReader {
    if (!fs.existsSync(file)) throw new NotFoundError(`index file not found: ${file}`);
    let db: Database.Database | undefined;
    try {
      const incomplete = incompleteSqlite(file);
      if (incomplete) throw new Error(incomplete);
      db = new Database(file, { readonly: true, fileMustExist: true });
      const row = db.prepare(`SELECT value FROM meta WHERE key = 'index'`).get() as { value: string } | undefined;
      if (!row) throw new Error('no index metadata');
      const meta = JSON.parse(row.value) as IndexMeta;
      if (!READABLE_SCHEMA_VERSIONS.includes(meta.schemaVersion)) {
        throw new Error(
          `schema version ${meta.schemaVersion}, this testbed reads ${READABLE_SCHEMA_VERSIONS.join(' and ')}: rebuild it with this testbed (testbed index)`,
        );
      }
      const problem = options.quickCheck ? integrityProblem(db) : undefined;
      if (problem) throw new Error(problem);
      return new IndexReader(file, db, meta);
    } catch (err) {
      db?.close();
      throw new InputError(`not a readable testbed index: ${(err as Error).message}`, { file });
    }
  }

  /** Whether the index has its FTS5 table, which the fts5 engine reads (none when built with --no-fts5). */
  get hasFts5(): boolean {
    return this.meta.fts5 !== false;
  }

  /**
   * FTS5 BM25 top `limit` at `level` for the query's phrases (queryPhrases: unique, each one FTS5
   * string, ORed), only over the chunks that pass `filter` when one is given: best first (score
   * descending, then id descending in byte order; a document scores as its best chunk, ties to the
   * smallest chunk id). bm25TopK scores only the matches that can reach the top (bm25-top-k.ts).
   * The filter's SQL is part of the statement text, so statements are prepared once per filter
   * condition (and with or without candidates).
   */
  bm25(phrases: readonly string[], level: Level, limit: number, filter?: ChunkFilter): ScoredRow[] {
    return bm25TopK(this.bm25Source(filter), phrases, level, limit, this.meta.counts.maxChunksPerDoc);
  }

  /** What bm25() ranks over (bm25Sql on this index, under `filter`): tests and bench/fts5-latency.ts call bm25TopK on it. */
  bm25Source(filter?: ChunkFilter): Bm25Source {
    const where = filter?.sql.where;
    const params = filter?.sql.params ?? [];
    const statement = (candidates: boolean) =>
      this.bm25Statements.get(`${candidates ? 'candidates' : 'all'}\n${where ?? ''}`, () =>
        this.db.prepare(bm25Sql({ where, candidates })).raw(),
      );
    return {
      top: (phrases, candidates, limit) => {
        const rows = (
          candidates === undefined
            ? statement(false).all(matchOf(phrases), ...params, limit)
            : statement(true).all(matchOf(phrases), matchOf(candidates), ...params, limit)
        ) as [number, number][];
        return rows.map(([rowid, score]) => ({ ...this.identify(rowid), score }));
      },
      docFrequency: (phrase) => this.docFrequency(phrase),
      rowCount: this.ftsRowCount(),
    };
  }

  /**
   * The index's BM25 postings (postings-source.ts), opened once per reader: lengths and document
   * keys are read then; terms, blocks and the returned chunks' ids per query. Undefined for an
   * index built before postings existed.
   */
  postingsSource(): PostingsSource | undefined {
    if (this.postings === undefined)
      this.postings = hasPostings(this.db) ? openPostingsSource(this.db, this.identify) : null;
    return this.postings ?? undefined;
  }

  /** Chunks containing the phrase, as FTS5 counts them for its IDF; counted once per open index. */
  private docFrequency(phrase: string): number {
    return this.docFrequencies.get(phrase, () => {
      this.docFrequencyStmt ??= this.db.prepare('SELECT count(*) FROM chunks_fts WHERE chunks_fts MATCH ?').pluck();
      return this.docFrequencyStmt.get(matchOf([phrase])) as number;
    });
  }

  /** FTS5's N: one docsize row per indexed row (FTS5 keeps %_docsize in step with its row count). */
  private ftsRowCount(): number {
    this.ftsRows ??= this.db.prepare('SELECT count(*) FROM chunks_fts_docsize').pluck().get() as number;
    return this.ftsRows;
  }

  /** `filter` compiled against this index (see compileFilter), once per distinct filter while it is in use. */
  compileFilter(filter: FilterSpec): ChunkFilter {
    const sample = this.meta.languageSample;
    if (filter.lang !== undefined && sample)
      throw new InputError(
        `lang: this index looked for the language of ${sample.sampled} of its ${sample.documents} documents (its tokenizer ${this.meta.tokenizer} does not need them, so the build detected a sample: ${sample.rule}); rebuild it with testbed index --detect-language to filter by language`,
        { field: 'lang', file: this.file },
      );
    return this.filters.get(filterKey(filter), () => compileFilter(this.db, filter));
  }

  chunk(id: string): StoredChunk | undefined {
    return this.chunkById.get(id) as StoredChunk | undefined;
  }

  /** A chunk's title, text and stored language: what the build analysed for its BM25 terms (query expansion reads it). */
  analysedText(id: string): { title: string; text: string; lang: string | undefined } | undefined {
    this.analysedTextById ??= this.db.prepare(`SELECT title, text, lang FROM ${this.chunkRows} WHERE id = ?`);
    const row = this.analysedTextById.get(id) as { title: string; text: string; lang: string | null } | undefined;
    return row && { title: row.title, text: row.text, lang: row.lang ?? undefined };
  }

  document(id: string): { id: string; title: string; text: string } | undefined {
    return this.db.prepare('SELECT id, title, text FROM documents WHERE id = ?').get(id) as
      | { id: string; title: string; text: string }
      | undefined;
  }

  /** Ids of the chunks whose document is in `lang`. */
  chunkIdsInLanguage(lang: string): Set<string> {
    return new Set(this.db.prepare('SELECT id FROM chunks WHERE lang = ?').pluck().all(lang) as string[]);
  }

  /** A document's chunks in order. */
  chunksOf(docId: string): StoredChunk[] {
    const columns = 'id, doc_id AS docId, ordinal, start, end, title, text';
    // Version 1 has an index on doc_id; later versions find a document's chunks by their ids.
    if (this.meta.schemaVersion === 1)
      return this.db
        .prepare(`SELECT ${columns} FROM chunks WHERE doc_id = ? ORDER BY ordinal`)
        .all(docId) as StoredChunk[];
    const [from, to] = chunkIdRange(docId);
    return this.db
      .prepare(`SELECT ${columns} FROM ${CHUNK_ROWS_VIEW} WHERE id >= ? AND id < ? AND doc_id = ? ORDER BY ordinal`)
      .all(from, to, docId) as StoredChunk[];
  }

  /** Every chunk in rowid order (for engines built in memory, like wink BM25). */
  *chunks(): Generator<StoredChunk> {
    const stmt = this.db.prepare(
      `SELECT id, doc_id AS docId, ordinal, start, end, title, text FROM ${this.chunkRows} ORDER BY rowid`,
    );
    yield* stmt.iterate() as IterableIterator<StoredChunk>;
  }

  /**
   * Up to `limit` chunks after rowid `afterRowid`, in rowid order, each with its document's
   * metadata (JSON text, null when none) and its vector (null in an index without them): a page
   * of what `testbed push` sends. Paged by rowid rather than one open iterator, so the caller can
   * await the network between pages without holding a statement open.
   */
  exportPage(afterRowid: number, limit: number): ExportRow[] {
    return this.db
      .prepare(
        `SELECT c.rowid, c.id, c.doc_id AS docId, c.title, c.text, c.lang, d.metadata, v.vector
         FROM ${this.chunkRows} c JOIN documents d ON d.id = c.doc_id LEFT JOIN vectors v ON v.chunk_rowid = c.rowid
         WHERE c.rowid > ? ORDER BY c.rowid LIMIT ?`,
      )
      .all(afterRowid, limit) as ExportRow[];
  }

  /** The keys a pipeline filter can match in this index, with their value types (filter-fields.ts). */
  filterFields(): FilterField[] {
    return filterFields(this.db);
  }

  /**
   * All vectors as one contiguous row-major matrix, with the chunk and document of each row.
   * `allocate` gives the room for the rows: the dense retriever's allocateVectorMatrix puts them
   * straight into its scan kernel's memory, so the table is never held twice.
   */
  loadVectors(allocate: (rows: number, dims: number) => Float32Array = (rows, dims) => new Float32Array(rows * dims)): {
    matrix: Float32Array;
    dims: number;
    chunkIds: string[];
    docIds: string[];
  } {
    const dims = this.meta.embedder?.dims ?? 0;
    const n = this.meta.counts.vectors;
    const matrix = allocate(n, dims);
    const chunkIds: string[] = [];
    const docIds: string[] = [];
    const rows = this.db
      .prepare(
        'SELECT c.id, c.doc_id, v.vector FROM vectors v JOIN chunks c ON c.rowid = v.chunk_rowid ORDER BY v.chunk_rowid',
      )
      .raw()
      .iterate() as IterableIterator<[string, string, Buffer]>;
    // Copy bytes rather than view them: a BLOB's Buffer may start at an offset not divisible by 4.
    const bytes = Buffer.from(matrix.buffer, matrix.byteOffset, matrix.byteLength);
    let i = 0;
    for (const [id, docId, blob] of rows) {
      if (blob.byteLength !== dims * 4)
        throw new InputError(`vector of chunk ${id} has ${blob.byteLength / 4} dims, expected ${dims}`, {
          file: this.file,
        });
      blob.copy(bytes, i * dims * 4);
      chunkIds.push(id);
      docIds.push(docId);
      i++;
    }
    return { matrix: matrix.subarray(0, i * dims), dims, chunkIds, docIds };
  }

  /**
   * The chunk and document of each row of loadVectors' matrix, in its order, without reading a
   * vector: for a thread that scans a matrix another one loaded from the same file, and for the
   * ANN leg (the graph's keys are rows). When every chunk has its vector (the build's counts say
   * so), the rows are the chunks in rowid order and are read from `chunks` alone: joining the
   * vector table instead walked its 1.5 GB of pages at 1M × 384, 4.4 s of each worker's first
   * ANN query.
   */
  loadVectorIds(): { chunkIds: string[]; docIds: string[] } {
    const { chunks, vectors } = this.meta.counts;
    const sql =
      vectors === chunks
        ? 'SELECT id, doc_id FROM chunks ORDER BY rowid'
        : 'SELECT c.id, c.doc_id FROM vectors v JOIN chunks c ON c.rowid = v.chunk_rowid ORDER BY v.chunk_rowid';
    const chunkIds: string[] = [];
    const docIds: string[] = [];
    for (const [id, docId] of this.db.prepare(sql).raw().iterate() as IterableIterator<[string, string]>) {
      chunkIds.push(id);
      docIds.push(docId);
    }
    return { chunkIds, docIds };
  }

  /**
   * The chunk rowid of each row of the vector table (loadVectors' order), for the ANN leg, whose
   * graph keys are rows and which looks up only the ids of the rows it finds. When every chunk has
   * its vector and the rowids run without a gap (every build numbers them so), the row's rowid is
   * the first rowid plus the row, and nothing is read; otherwise the rowids are read once.
   */
  vectorRowids(): (row: number) => number {
    const { chunks, vectors } = this.meta.counts;
    if (vectors === chunks) {
      const [first, last] = this.db.prepare('SELECT min(rowid), max(rowid) FROM chunks').raw().get() as [
        number | null,
        number | null,
      ];
      if (first !== null && last !== null && last - first + 1 === chunks) return (row) => first + row;
    }
    const sql =
      vectors === chunks
        ? 'SELECT rowid FROM chunks ORDER BY rowid'
        : 'SELECT chunk_rowid FROM vectors ORDER BY chunk_rowid';
    const rowids = Int32Array.from(this.db.prepare(sql).pluck().iterate() as IterableIterator<number>);
    return (row) => rowids[row]!;
  }

  /** The ids of the chunk stored at `rowid` and of its document (one rowid lookup). */
  identifyRow(rowid: number): { chunkId: string; docId: string } {
    return this.identify(rowid);
  }

  /**
   * The stored vectors of the chunks at `rowids`, row after row in one matrix: what an ANN graph
   * that keeps its own copy in float16 is rescored against (ann-rescore.ts), a few rows a query.
   */
  vectorsAt(rowids: ArrayLike<number>): Float32Array {
    const dims = this.meta.embedder?.dims ?? 0;
    this.vectorAt ??= this.db.prepare('SELECT vector FROM vectors WHERE chunk_rowid = ?').pluck();
    const matrix = new Float32Array(rowids.length * dims);
    // Copied, not viewed: a BLOB's Buffer may start at an offset not divisible by 4.
    const bytes = Buffer.from(matrix.buffer);
    for (let i = 0; i < rowids.length; i++) {
      const blob = this.vectorAt.get(rowids[i]) as Buffer | undefined;
      if (!blob || blob.byteLength !== dims * 4)
        throw new InputError(`no ${dims}-d vector for chunk rowid ${rowids[i]}`, { file: this.file });
      blob.copy(bytes, i * dims * 4);
    }
    return matrix;
  }

  /**
   * The vectors in loadVectors' row order, `rows` rows a batch (each batch its own array), for a
   * consumer that keeps its own copy as it goes (the ANN graph build): the table is never held whole.
   */
  *vectorBatches(rows = 16_384): Generator<Float32Array> {
    const dims = this.meta.embedder?.dims ?? 0;
    if (dims === 0) return;
    const stmt = this.db.prepare('SELECT vector FROM vectors ORDER BY chunk_rowid').pluck();
    let batch = new Float32Array(rows * dims);
    let bytes = Buffer.from(batch.buffer);
    let n = 0;
    for (const blob of stmt.iterate() as IterableIterator<Buffer>) {
      if (blob.byteLength !== dims * 4)
        throw new InputError(`a vector has ${blob.byteLength / 4} dims, expected ${dims}`, { file: this.file });
      blob.copy(bytes, n * dims * 4);
      if (++n < rows) continue;
      yield batch;
      batch = new Float32Array(rows * dims);
      bytes = Buffer.from(batch.buffer);
      n = 0;
    }
    if (n > 0) yield batch.subarray(0, n * dims);
  }

  /** The key of this build's vectors, which names the files derived from them (vectors-key.ts). */
  vectorsKey(): string {
    return vectorsKey(this.db, this.meta);
  }

  /** false once closed: a catalog closes the reader of an index that was swapped or deleted. */
  get isOpen(): boolean {
    return this.db.open;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
