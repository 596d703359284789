/**
 * Closed sets of names a pipeline is spelled with, kept below every module that implements
 * them. The fusion methods and normalisations are not here: they are the rows of
 * fusion/method-table.ts and fusion/norm-table.ts, which the pipeline schema reads.
 */

export const LEVELS = ['chunk', 'doc'] as const;
/** Results are either passages (chunks) or whole documents ranked by their best chunk. */
export type Level = (typeof LEVELS)[number];

/**
 * Lexical engines: postings (BM25 over postings stored in the index, k1 and b settable, equal to
 * wink), wink (the same BM25 built in memory: the oracle) and SQLite FTS5's bm25() (k1 1.2, b
 * 0.75 fixed).
 */
export const ENGINES = ['fts5', 'wink', 'postings'] as const;
export type Engine = (typeof ENGINES)[number];
