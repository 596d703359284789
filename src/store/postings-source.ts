import type Database from 'better-sqlite3';
import { LENGTHS_PAGE, POSTINGS_META_KEY, type PostingsStats, uint32Values } from './postings-schema.js';

/** One term of the postings dictionary, as a query reads it. */
export interface TermEntry {
  df: number;
  maxTf: number;
  minLen: number;
  /** Rowid of the term's first block in postings_blocks; block i is at firstBlock + i. */
  firstBlock: number;
  /** Per block: last chunk rowid, largest tf, smallest chunk length (BOUNDS_STRIDE values each). */
  bounds: Uint32Array;
}

/**
 * What the postings engine reads from an index file: collection statistics, chunk lengths by
 * rowid (read once per reader, 4 bytes a chunk), the term dictionary and blocks (SQL on the file
 * through prepared statements, so every process shares the OS page cache rather than a copy),
 * and chunk and document ids by rowid.
 */
export interface PostingsSource {
  readonly stats: PostingsStats;
  readonly lengths: Uint32Array;
  readonly chunkIds: readonly string[];
  readonly docIds: readonly string[];
  term(term: string): TermEntry | undefined;
  block(blockRowid: number): Uint8Array;
}

/** true when the index file holds postings (built by a testbed that writes them). */
export function hasPostings(db: Database.Database): boolean {
  return db.prepare('SELECT 1 FROM meta WHERE key = ?').get(POSTINGS_META_KEY) !== undefined;
}

/** A PostingsSource over an open index db that hasPostings; `ids` gives chunk and document ids by rowid. */
export function openPostingsSource(
  db: Database.Database,
  ids: { chunk: readonly string[]; doc: readonly string[] },
): PostingsSource {
  const stats = JSON.parse(
    db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(POSTINGS_META_KEY) as string,
  ) as PostingsStats;
  const termRow = db
    .prepare('SELECT df, max_tf, min_len, first_block, bounds FROM postings_terms WHERE term = ?')
    .raw();
  const blockRow = db.prepare('SELECT data FROM postings_blocks WHERE rowid = ?').pluck();
  return {
    stats,
    lengths: readLengths(db),
    chunkIds: ids.chunk,
    docIds: ids.doc,
    term(term) {
      const row = termRow.get(term) as [number, number, number, number, Uint8Array] | undefined;
      if (!row) return undefined;
      const [df, maxTf, minLen, firstBlock, bounds] = row;
      return { df, maxTf, minLen, firstBlock, bounds: uint32Values(bounds) };
    },
    block(blockRowid) {
      const data = blockRow.get(blockRowid) as Uint8Array | undefined;
      if (!data) throw new Error(`postings block ${blockRowid} missing`);
      return data;
    },
  };
}

function readLengths(db: Database.Database): Uint32Array {
  const pages = db.prepare('SELECT page, data FROM postings_lengths ORDER BY page').raw().all() as [
    number,
    Uint8Array,
  ][];
  const last = pages.at(-1);
  const size = last ? last[0] * LENGTHS_PAGE + last[1].byteLength / 4 : 0;
  const lengths = new Uint32Array(size);
  for (const [page, data] of pages) lengths.set(uint32Values(data), page * LENGTHS_PAGE);
  return lengths;
}
