import type Database from 'better-sqlite3';
import { endianness } from 'node:os';

/**
 * The BM25 postings of an index, beside (not instead of) its FTS5 table; an index built before
 * them has none, and is still read (the postings engine then falls back to wink).
 *
 * - `postings_terms`: one row per analysed term: its document frequency, its collection
 *   frequency (occurrences in every chunk: query expansion's Bo1 reads it), the largest term
 *   frequency and smallest chunk length among its postings (the term's score bound), the rowid
 *   of its first block, and `bounds`: per block, three little-endian Uint32 (last chunk rowid,
 *   largest tf, smallest chunk length), what a query skips blocks by without reading them;
 *   and `impacts`: per block, its competitive (tf, length) pairs (block-impacts.ts), the tighter
 *   bound a query uses (files built before them have no such column and use `bounds`).
 * - `postings_blocks`: a term's blocks at consecutive rowids from `first_block` (block-codec.ts).
 * - `postings_lengths`: chunk lengths (analysed terms in title + text) as packed Uint32 pages of
 *   LENGTHS_PAGE, entry i of page p being chunk rowid p * LENGTHS_PAGE + i (chunk-column-pages.ts).
 * - `postings_doc_keys`: per chunk rowid, in the same pages, the rowid of its document's first
 *   chunk: document-level top-k groups chunks by it, so a query needs no chunk or document id
 *   until it knows which chunks it returns. (Files built before it have no such table; their
 *   keys are computed from the chunks table when opened.)
 * - the `meta` row `postings`: the collection statistics (PostingsStats).
 */
export function createPostingsTables(db: Database.Database): void {
  db.exec(`
    CREATE TABLE postings_terms (
      term TEXT PRIMARY KEY,
      df INTEGER NOT NULL,
      cf INTEGER NOT NULL,
      max_tf INTEGER NOT NULL,
      min_len INTEGER NOT NULL,
      first_block INTEGER NOT NULL,
      bounds BLOB NOT NULL,
      impacts BLOB NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE postings_blocks (rowid INTEGER PRIMARY KEY, data BLOB NOT NULL);
    CREATE TABLE postings_lengths (page INTEGER PRIMARY KEY, data BLOB NOT NULL);
    CREATE TABLE postings_doc_keys (page INTEGER PRIMARY KEY, data BLOB NOT NULL);
  `);
}

/**
 * What the build's postings spill file is called after its temporary index file's name: beside
 * it, so a sweep of stale builds (atomic-build.ts) removes it with the rest.
 */
export const POSTINGS_SPILL_SUFFIX = '-postings-spill';

/** Values per row of postings_lengths and postings_doc_keys. */
export const LENGTHS_PAGE = 4096;

/** Uint32 values per block in a term's `bounds`. */
export const BOUNDS_STRIDE = 3;

/** The `meta` key of the postings' collection statistics. */
export const POSTINGS_META_KEY = 'postings';

/** What BM25 needs of the whole collection, stored once at build time. */
export interface PostingsStats {
  /** N: every chunk, whatever a query's filter. */
  chunks: number;
  /** The sum of chunk lengths; avgdl = totalLength / chunks. */
  totalLength: number;
  /** Distinct terms. */
  terms: number;
  blockSize: number;
}

/** Little-endian Uint32 values as bytes for a BLOB. */
export function uint32Bytes(values: ArrayLike<number>): Buffer {
  const out = Buffer.alloc(values.length * 4);
  for (let i = 0; i < values.length; i++) out.writeUInt32LE(values[i]!, i * 4);
  return out;
}

/** Blobs of Uint32 are stored little-endian: on such a host (x86, arm64) they are copied byte for byte. */
export const LITTLE_ENDIAN_HOST = endianness() === 'LE';

/**
 * A BLOB of little-endian Uint32 values back as numbers (copied: a BLOB need not be aligned).
 * One memcpy on a little-endian host: a common term's block bounds are 20k values at a million
 * chunks, and decoding them one by one cost milliseconds on a query before the JIT warmed up.
 */
export function uint32Values(bytes: Uint8Array): Uint32Array {
  const out = new Uint32Array(bytes.byteLength >>> 2);
  if (LITTLE_ENDIAN_HOST) {
    new Uint8Array(out.buffer).set(bytes.subarray(0, out.length * 4));
    return out;
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < out.length; i++) out[i] = view.getUint32(i * 4, true);
  return out;
}
