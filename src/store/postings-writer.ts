import Database from 'better-sqlite3';
import fs from 'node:fs';
import { writeBlockImpacts } from './block-impacts.js';
import { ChunkColumnWriter } from './chunk-column-pages.js';
import { ByteReader, ByteWriter, encodeBlock, POSTINGS_BLOCK_SIZE } from './block-codec.js';
import { DEFAULT_SPILL_LIMIT, PostingsCollector, type SpilledLists } from './postings-collector.js';
import {
  BOUNDS_STRIDE,
  createPostingsTables,
  POSTINGS_META_KEY,
  type PostingsStats,
  uint32Bytes,
} from './postings-schema.js';

/**
 * Writes an index's BM25 postings (postings-schema.ts) in bounded memory. Postings are collected
 * per term by PostingsCollectors (one per analysis thread of the build: `stream` tells them
 * apart) and spilled to a temporary SQLite file (`spillFile`, beside the build's temp file) as
 * they grow. finish() merges the spilled lists term by term into the final blocks and deletes the
 * spill file: a term's lists of one stream are read in spill order (ascending rowids), the lists
 * of several streams merged by rowid, so the blocks are the same however many threads collected
 * them. Lengths and document keys go straight to their pages, in ascending rowid order.
 */
export class PostingsWriter {
  private spillDb: Database.Database | undefined;
  private insertSpill: Database.Statement | undefined;
  private batches = 0;
  /** The collector behind add(), for a build (or test) that analyses on this thread. */
  private local: PostingsCollector | undefined;

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
   * Records chunk `rowid`'s length (analysed terms in title + text) and `docKey`, the rowid of its
   * document's first chunk (a document's chunks are inserted together); call inside the build's
   * transaction, in ascending rowid order. Its postings come through spill().
   */
  addChunk(rowid: number, length: number, docKey: number): void {
    this.lengths.set(rowid, length);
    this.docKeys.set(rowid, docKey);
    this.chunks++;
    this.totalLength += length;
  }

  /**
   * addChunk with the chunk's terms, collected on this thread (stream 0): for a writer that
   * analyses where it writes. Chunks must come in ascending rowid order.
   */
  add(rowid: number, terms: readonly string[], docKey: number): void {
    this.addChunk(rowid, terms.length, docKey);
    this.local ??= new PostingsCollector(this.spillLimit);
    this.local.add(rowid, terms);
    if (this.local.full) this.spill(0, this.local.take());
  }

  /** Appends lists a collector of `stream` took to the spill file, after that stream's earlier ones. */
  spill(stream: number, lists: SpilledLists): void {
    if (lists.terms.length === 0) return;
    if (!this.spillDb) {
      this.abort();
      this.spillDb = new Database(this.spillFile);
      this.spillDb.pragma('journal_mode = OFF');
      this.spillDb.pragma('synchronous = OFF');
      this.spillDb.exec(
        'CREATE TABLE spill (term TEXT NOT NULL, stream INTEGER NOT NULL, batch INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY (term, stream, batch)) WITHOUT ROWID',
      );
      this.insertSpill = this.spillDb.prepare('INSERT INTO spill (term, stream, batch, data) VALUES (?, ?, ?, ?)');
    }
    const insert = this.insertSpill!;
    const batch = this.batches++;
    const { terms, offsets, data } = lists;
    this.spillDb.transaction(() => {
      for (let i = 0; i < terms.length; i++)
        insert.run(terms[i], stream, batch, data.subarray(offsets[i]!, offsets[i + 1]!));
    })();
  }

  /** Merges every spilled list into the postings tables and records the statistics; the spill file is removed. */
  finish(): PostingsStats {
    this.lengths.flush();
    this.docKeys.flush();
    if (this.local && !this.local.empty) this.spill(0, this.local.take());
    let terms = 0;
    const spill = this.spillDb;
    if (spill) {
      this.db.transaction(() => {
        const merge = new TermMerger(this.db);
        const rows = spill
          .prepare('SELECT term, stream, data FROM spill ORDER BY term, stream, batch')
          .raw()
          .iterate() as IterableIterator<[string, number, Uint8Array]>;
        for (const [term, stream, data] of rows) merge.add(term, stream, data);
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
    if (this.spillDb?.open) this.spillDb.close();
    for (const suffix of ['', '-journal', '-wal', '-shm']) fs.rmSync(this.spillFile + suffix, { force: true });
  }
}

/** One stream's postings of the current term, decoded: grown as needed, reused from term to term. */
class StreamPostings {
  length = 0;
  rowids = new Float64Array(256);
  tfs = new Uint32Array(256);
  lengths = new Uint32Array(256);

  /** Appends a spilled list (its first rowid written whole). */
  append(data: Uint8Array): void {
    const reader = new ByteReader(data);
    let rowid = 0;
    while (!reader.done) {
      if (this.length === this.rowids.length) this.grow();
      rowid += reader.varint();
      this.rowids[this.length] = rowid;
      this.tfs[this.length] = reader.varint();
      this.lengths[this.length] = reader.varint();
      this.length++;
    }
  }

  private grow(): void {
    const size = this.rowids.length * 2;
    const rowids = new Float64Array(size);
    const tfs = new Uint32Array(size);
    const lengths = new Uint32Array(size);
    rowids.set(this.rowids);
    tfs.set(this.tfs);
    lengths.set(this.lengths);
    this.rowids = rowids;
    this.tfs = tfs;
    this.lengths = lengths;
  }
}

/**
 * Turns the spilled lists of each term, arriving in term then stream then batch order, into
 * blocks and a postings_terms row. Holds one term's postings (decoded per stream) and one block:
 * a term's lists of one stream follow each other in rowid order, and the streams (the build's
 * analysis threads) are merged by rowid, so the blocks do not depend on how many there were.
 */
class TermMerger {
  terms = 0;
  private readonly insertBlock: Database.Statement;
  private readonly insertTerm: Database.Statement;
  private readonly out = new ByteWriter();
  private term: string | undefined;
  private readonly streams: StreamPostings[] = [];
  /** Streams holding postings of the current term, in stream order. */
  private readonly used: StreamPostings[] = [];
  private lastStream = -1;
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

  add(term: string, stream: number, data: Uint8Array): void {
    if (term !== this.term) {
      this.endTerm();
      this.term = term;
    }
    if (stream !== this.lastStream) {
      while (this.streams.length <= this.used.length) this.streams.push(new StreamPostings());
      const next = this.streams[this.used.length]!;
      next.length = 0;
      this.used.push(next);
      this.lastStream = stream;
    }
    this.used.at(-1)!.append(data);
  }

  /** The current term's postings in rowid order, merged from its streams (each ascending). */
  private emitPostings(): void {
    const streams = this.used;
    const next = new Uint32Array(streams.length);
    for (;;) {
      let best = -1;
      for (let s = 0; s < streams.length; s++) {
        if (
          next[s]! < streams[s]!.length &&
          (best < 0 || streams[s]!.rowids[next[s]!]! < streams[best]!.rowids[next[best]!]!)
        )
          best = s;
      }
      if (best < 0) return;
      const from = streams[best]!;
      const i = next[best]!++;
      this.posting(from.rowids[i]!, from.tfs[i]!, from.lengths[i]!);
    }
  }

  private posting(rowid: number, tf: number, len: number): void {
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
    this.emitPostings();
    this.used.length = 0;
    this.lastStream = -1;
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
