import type Database from 'better-sqlite3';
import { readTermImpacts, type TermImpacts } from './block-impacts.js';
import { type BlockRun, BlockRunReader } from './block-runs.js';
import { readChunkColumn } from './chunk-column-pages.js';
import { RecentCache } from './recent-cache.js';
import type { RowIdentity } from './row-identity.js';
import { BOUNDS_STRIDE, POSTINGS_META_KEY, type PostingsStats, uint32Values } from './postings-schema.js';

/** One term of the postings dictionary, as a query reads it. */
export interface TermEntry {
  df: number;
  /** Occurrences in the whole collection; undefined in a file built before postings_terms had `cf`. */
  cf: number | undefined;
  maxTf: number;
  minLen: number;
  /** Rowid of the term's first block in postings_blocks; block i is at firstBlock + i. */
  firstBlock: number;
  /** Per block: last chunk rowid, largest tf, smallest chunk length (BOUNDS_STRIDE values each). */
  bounds: Uint32Array;
  /** Per block, its competitive (tf, length) pairs (block-impacts.ts); in a file built before them, (max tf, min length). */
  impacts: TermImpacts;
}

/**
 * Term entries kept parsed per open index: the commonest terms come back query after query, and
 * the commonest's bounds and impacts are thousands of blocks at a million chunks. A term's entry
 * is about 30 bytes a block, and blocks are postings / 128, so even a full cache is a few MB.
 */
const RECENT_TERMS = 4096;

/**
 * What the postings engine reads from an index file: collection statistics and, by chunk rowid,
 * lengths and document keys (read once per reader, 8 bytes a chunk); the term dictionary and
 * blocks (SQL on the file through prepared statements, so every process shares the OS page cache
 * rather than a copy); and the chunk and document ids of a rowid, looked up only for the chunks a
 * query returns, so opening never reads every id (2 s at a million chunks).
 */
export interface PostingsSource {
  readonly stats: PostingsStats;
  readonly lengths: Uint32Array;
  /** Per chunk rowid, the rowid of its document's first chunk: equal keys, same document. */
  readonly docKeys: Uint32Array;
  identify: RowIdentity;
  term(term: string): TermEntry | undefined;
  /** One block through its own statement: the read path before runs, kept for bench/lexical-scale.ts to compare. */
  block(blockRowid: number): Uint8Array;
  /** `count` consecutive blocks from rowid `first` in one read, kept in memory while recent (block-runs.ts). */
  blockRun(first: number, count: number): BlockRun;
  /** Up to `limit` terms of the dictionary with their document frequencies, in dictionary order (the warm-up's sample). */
  firstTerms(limit: number): { term: string; df: number }[];
  /** The `limit` terms in the most chunks, most first (the terms a first query most likely holds). */
  headTerms(limit: number): string[];
  /** Reads the dictionary's and the blocks' pages once, for at most `budgetMs` (prefetchPages). */
  prefetch(budgetMs: number): Prefetched;
}

/** What a prefetch read: pages and their bytes, in how long, and whether it read them all. */
export interface Prefetched {
  pages: number;
  bytes: number;
  ms: number;
  complete: boolean;
}

/** The tables every BM25 query reads from: the dictionary (with its overflow pages) and the blocks. */
const QUERIED_TABLES = ['postings_terms', 'postings_blocks'] as const;

/** How an open index keeps postings in memory. */
export interface PostingsSourceOptions {
  /** Bytes of block runs kept (default DEFAULT_RUN_CACHE_BYTES); 0 keeps none. */
  runCacheBytes?: number;
}

/** true when the index file holds postings (built by a testbed that writes them). */
export function hasPostings(db: Database.Database): boolean {
  return db.prepare('SELECT 1 FROM meta WHERE key = ?').get(POSTINGS_META_KEY) !== undefined;
}

/** A PostingsSource over an open index db that hasPostings; `identify` looks ids up (rowIdentity). */
export function openPostingsSource(
  db: Database.Database,
  identify: RowIdentity,
  options: PostingsSourceOptions = {},
): PostingsSource {
  const stats = JSON.parse(
    db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(POSTINGS_META_KEY) as string,
  ) as PostingsStats;
  const impacts = hasColumn(db, 'postings_terms', 'impacts') ? 'impacts' : 'NULL';
  const cf = hasColumn(db, 'postings_terms', 'cf') ? 'cf' : 'NULL';
  const termRow = db
    .prepare(`SELECT df, ${cf}, max_tf, min_len, first_block, bounds, ${impacts} FROM postings_terms WHERE term = ?`)
    .raw();
  const blockRow = db.prepare('SELECT data FROM postings_blocks WHERE rowid = ?').pluck();
  const terms = new RecentCache<string, TermEntry | undefined>(RECENT_TERMS);
  const runs = new BlockRunReader(db, options.runCacheBytes);
  return {
    stats,
    lengths: readChunkColumn(db, 'postings_lengths'),
    docKeys: hasTable(db, 'postings_doc_keys') ? readChunkColumn(db, 'postings_doc_keys') : docKeysOfChunks(db),
    identify,
    term(term) {
      return terms.get(term, () => {
        const row = termRow.get(term) as
          | [number, number | null, number, number, number, Uint8Array, Uint8Array | null]
          | undefined;
        if (!row) return undefined;
        const [df, cf, maxTf, minLen, firstBlock, boundBytes, impacts] = row;
        const bounds = uint32Values(boundBytes);
        return {
          df,
          cf: cf ?? undefined,
          maxTf,
          minLen,
          firstBlock,
          bounds,
          impacts: readTermImpacts(bounds.length / BOUNDS_STRIDE, bounds, impacts),
        };
      });
    },
    block(blockRowid) {
      const data = blockRow.get(blockRowid) as Uint8Array | undefined;
      if (!data) throw new Error(`postings block ${blockRowid} missing`);
      return data;
    },
    blockRun: (first, count) => runs.run(first, count),
    prefetch: (budgetMs) => prefetchPages(db, QUERIED_TABLES, budgetMs),
    // A scan of the dictionary's rows (19 ms at a million chunks, its pages cached): no index on df.
    headTerms: (limit) =>
      db.prepare('SELECT term FROM postings_terms ORDER BY df DESC, term LIMIT ?').pluck().all(limit) as string[],
    firstTerms: (limit) =>
      db.prepare('SELECT term, df FROM postings_terms ORDER BY term LIMIT ?').all(limit) as {
        term: string;
        df: number;
      }[],
  };
}

/**
 * Walks every page of `tables` (SQLite's dbstat, overflow pages included), so the OS page cache
 * holds them: a server's first query otherwise read its terms' pages from disk, 21-66 ms of a
 * first query at a million chunks where the same query over cached pages took 3-7 ms (BENCHMARKS.md,
 * "Issue 44"). Elasticsearch's `index.store.preload` makes the same trade. The walk stops once it
 * has run `budgetMs`, so a huge index delays its worker's readiness by no more than that; pages
 * already cached cost only the walk.
 */
function prefetchPages(db: Database.Database, tables: readonly string[], budgetMs: number): Prefetched {
  const t0 = performance.now();
  const pages = db.prepare('SELECT pgsize FROM dbstat WHERE name = ?').pluck();
  let count = 0;
  let bytes = 0;
  for (const table of tables) {
    for (const size of pages.iterate(table) as IterableIterator<number>) {
      count++;
      bytes += size;
      // The clock (~0.1 µs) is read at every page: dbstat spends ~10 µs on each, cached or not.
      if (performance.now() - t0 > budgetMs)
        return { pages: count, bytes, ms: performance.now() - t0, complete: false };
    }
  }
  return { pages: count, bytes, ms: performance.now() - t0, complete: true };
}

function hasColumn(db: Database.Database, table: string, column: string): boolean {
  return (db.pragma(`table_info(${table})`) as { name: string }[]).some((c) => c.name === column);
}

function hasTable(db: Database.Database, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
}

/** Document keys of a file built before postings_doc_keys: each chunk's document's first rowid, from the chunks table. */
function docKeysOfChunks(db: Database.Database): Uint32Array {
  const first = new Map<string, number>();
  const rows = db.prepare('SELECT rowid, doc_id FROM chunks ORDER BY rowid').raw().iterate() as IterableIterator<
    [number, string]
  >;
  const keys: number[] = [];
  for (const [rowid, docId] of rows) {
    let key = first.get(docId);
    if (key === undefined) first.set(docId, (key = rowid));
    keys[rowid] = key;
  }
  return Uint32Array.from(keys, (k) => k ?? 0);
}
