import Database from 'better-sqlite3';
import fs from 'node:fs';
import { writeBlockImpacts } from './block-impacts.js';
import { ChunkColumnWriter } from './chunk-column-pages.js';
import { ByteReader, ByteWriter, encodeBlock, POSTINGS_BLOCK_SIZE } from './block-codec.js';
import {
  BOUNDS_STRIDE,
  createPostingsTables,
  POSTINGS_META_KEY,
  type PostingsStats,
  uint32Bytes,
} from './postings-schema.js';

/**
 * Postings held in memory before they are spilled to the temporary file: a few bytes each
 * (varints), so the default keeps a build's postings buffer in the tens of MiB at any corpus size.
 */
export const DEFAULT_SPILL_LIMIT = 4_000_000;

/** One term's postings of the current batch, encoded as (rowid gap, tf, chunk length) varints. */
interface PendingList {
  bytes: ByteWriter;
  last: number;
}

/**
 * Writes an index's BM25 postings (postings-schema.ts) while the build streams chunks in, in
 * bounded memory: postings of a batch of chunks are collected per term and, past `spillLimit`,
 * appended to a temporary SQLite file (`spillFile`, beside the build's temp file). finish()
 * merges the spilled batches term by term (each term's batches in rowid order) into the final
 * blocks, holding one block at a time, and deletes the spill file. Lengths go straight to their
 * pages. Chunks must be added in ascending rowid order, which the build's inserts give.
 */
export class PostingsWriter {
  private pending = new Map<string, PendingList>();
  private pendingPostings = 0;
  private spill: Database.Database | undefined;
  private batches = 0;

  /** How many batches went to the spill file so far (tests check a small limit forces several). */
  get spills(): number {
    return this.batches;
  }
  private chunks = 0;
  private totalLength = 0;
  private readonly lengths: ChunkColumnWriter;
  private readonly docKeys: ChunkColumnWriter;

  constructor(
    private readonly db: Database.Database,
    private readonly spillFile: string,
    private readonly spillLimit = DEFAULT_SPILL_LIMIT,
  ) {
    createPostingsTables(db);
    this.lengths = new ChunkColumnWriter(db, 'postings_lengths');
    this.docKeys = new ChunkColumnWriter(db, 'postings_doc_keys');
  }

  /**
   * Records chunk `rowid` with its analysed terms (title's then text's) and `docKey`, the rowid of
   * its document's first chunk (a document's chunks are inserted together); call inside the
   * build's transaction.
   */
  add(rowid: number, terms: readonly string[], docKey: number): void {
    this.lengths.set(rowid, terms.length);
    this.docKeys.set(rowid, docKey);
    this.chunks++;
    this.totalLength += terms.length;
    const tfs = new Map<string, number>();
    for (const t of terms) tfs.set(t, (tfs.get(t) ?? 0) + 1);
    for (const [term, tf] of tfs) {
      let list = this.pending.get(term);
      if (!list) {
        list = { bytes: new ByteWriter(16), last: 0 };
        this.pending.set(term, list);
      }
      list.bytes.varint(rowid - list.last);
      list.bytes.varint(tf);
      list.bytes.varint(terms.length);
      list.last = rowid;
    }
    this.pendingPostings += tfs.size;
    if (this.pendingPostings >= this.spillLimit) this.spillPending();
  }

  /** Merges every batch into the postings tables and records the statistics; the spill file is removed. */
  finish(): PostingsStats {
    this.lengths.flush();
    this.docKeys.flush();
    this.spillPending();
    let terms = 0;
    const spill = this.spill;
    if (spill) {
      this.db.transaction(() => {
        const merge = new TermMerger(this.db);
        const rows = spill
          .prepare('SELECT term, data FROM spill ORDER BY term, batch')
          .raw()
          .iterate() as IterableIterator<[string, Uint8Array]>;
        for (const [term, data] of rows) merge.add(term, data);
        merge.end();
        terms = merge.terms;
      })();
    }
    const stats: PostingsStats = {
      chunks: this.chunks,
      totalLength: this.totalLength,
      terms,
      blockSize: POSTINGS_BLOCK_SIZE,
    };
    this.db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run(POSTINGS_META_KEY, JSON.stringify(stats));
    this.abort();
    return stats;
  }

  /** Closes and deletes the spill file (also after a failed build). */
  abort(): void {
    if (this.spill?.open) this.spill.close();
    for (const suffix of ['', '-journal', '-wal', '-shm']) fs.rmSync(this.spillFile + suffix, { force: true });
  }

  private spillPending(): void {
    if (this.pending.size === 0) return;
    if (!this.spill) {
      this.abort();
      this.spill = new Database(this.spillFile);
      this.spill.pragma('journal_mode = OFF');
      this.spill.pragma('synchronous = OFF');
      this.spill.exec(
        'CREATE TABLE spill (term TEXT NOT NULL, batch INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY (term, batch)) WITHOUT ROWID',
      );
    }
    const insert = this.spill.prepare('INSERT INTO spill (term, batch, data) VALUES (?, ?, ?)');
    const batch = this.batches++;
    this.spill.transaction(() => {
      for (const [term, list] of this.pending) insert.run(term, batch, list.bytes.take());
    })();
    this.pending = new Map();
    this.pendingPostings = 0;
  }
}

/**
 * Turns the spilled batches of each term, arriving in term then batch order, into blocks and a
 * postings_terms row. Holds one block and the term's per-block bounds, never a whole list.
 */
class TermMerger {
  terms = 0;
  private readonly insertBlock: Database.Statement;
  private readonly insertTerm: Database.Statement;
  private readonly out = new ByteWriter();
  private term: string | undefined;
  private rowids = new Float64Array(POSTINGS_BLOCK_SIZE);
  private tfs = new Uint32Array(POSTINGS_BLOCK_SIZE);
  private lengths = new Uint32Array(POSTINGS_BLOCK_SIZE);
  private readonly impacts = new ByteWriter();
  private count = 0;
  private blockMaxTf = 0;
  private blockMinLen = Number.POSITIVE_INFINITY;
  private previousLast = 0;
  private bounds: number[] = [];
  private firstBlock = 0;
  private df = 0;
  private cf = 0;
  private maxTf = 0;
  private minLen = Number.POSITIVE_INFINITY;

  constructor(db: Database.Database) {
    this.insertBlock = db.prepare('INSERT INTO postings_blocks (data) VALUES (?)');
    this.insertTerm = db.prepare(
      'INSERT INTO postings_terms (term, df, cf, max_tf, min_len, first_block, bounds, impacts) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
  }

  add(term: string, data: Uint8Array): void {
    if (term !== this.term) {
      this.endTerm();
      this.term = term;
    }
    const reader = new ByteReader(data);
    let rowid = 0;
    while (!reader.done) {
      rowid += reader.varint();
      const tf = reader.varint();
      const len = reader.varint();
      this.rowids[this.count] = rowid;
      this.tfs[this.count] = tf;
      this.lengths[this.count] = len;
      this.count++;
      this.df++;
      this.cf += tf;
      if (tf > this.blockMaxTf) this.blockMaxTf = tf;
      if (len < this.blockMinLen) this.blockMinLen = len;
      if (this.count === POSTINGS_BLOCK_SIZE) this.endBlock();
    }
  }

  end(): void {
    this.endTerm();
  }

  private endBlock(): void {
    if (this.count === 0) return;
    const data = encodeBlock(this.rowids, this.tfs, this.count, this.previousLast, this.out);
    writeBlockImpacts(this.tfs, this.lengths, this.count, this.impacts);
    const { lastInsertRowid } = this.insertBlock.run(data);
    if (this.bounds.length === 0) this.firstBlock = Number(lastInsertRowid);
    const last = this.rowids[this.count - 1]!;
    this.bounds.push(last, this.blockMaxTf, this.blockMinLen);
    this.maxTf = Math.max(this.maxTf, this.blockMaxTf);
    this.minLen = Math.min(this.minLen, this.blockMinLen);
    this.previousLast = last;
    this.count = 0;
    this.blockMaxTf = 0;
    this.blockMinLen = Number.POSITIVE_INFINITY;
  }

  private endTerm(): void {
    if (this.term === undefined) return;
    this.endBlock();
    if (this.bounds.length % BOUNDS_STRIDE !== 0) throw new Error('postings bounds out of step');
    this.insertTerm.run(
      this.term,
      this.df,
      this.cf,
      this.maxTf,
      this.minLen,
      this.firstBlock,
      uint32Bytes(this.bounds),
      this.impacts.take(),
    );
    this.terms++;
    this.term = undefined;
    this.bounds = [];
    this.previousLast = 0;
    this.df = 0;
    this.cf = 0;
    this.maxTf = 0;
    this.minLen = Number.POSITIVE_INFINITY;
  }
}
