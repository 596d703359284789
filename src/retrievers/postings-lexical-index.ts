import type { Bm25Analysis } from '../store/bm25-analysis.js';
import type { PostingsSource } from '../store/postings-source.js';
import { RecentCache } from '../store/recent-cache.js';
import type { LexicalIndex, TermStats } from './lexical-index.js';
import { PostingsCursor } from './postings-cursor.js';
import { createPostingsScorer, type PostingsBM25Params } from './postings-bm25.js';

/** A chunk's stored title, text and language, as the build analysed them. */
export type StoredText = (chunkId: string) => { title: string; text: string; lang: string | undefined } | undefined;

/**
 * Term vectors an open index keeps: a feedback leg reads its first pass's top 3-10 chunks, and
 * the same popular queries come back; a vector is a few hundred terms.
 */
const RECENT_VECTORS = 1024;
/** Collection frequencies summed from the postings of a file built before postings_terms had `cf`. */
const RECENT_SUMMED_CF = 4096;

/**
 * The LexicalIndex of an index file with BM25 postings, for one (k1, b).
 *
 * Term vectors are the chunk's stored title and text analysed again, in its stored language, by
 * the index's own analysis (the build's postings hold exactly those terms), rather than a
 * forward index written at build time, and the most recent are kept. Measured on SciFact
 * (bench/term-vectors.ts, BENCHMARKS.md "Query expansion"): ten cold vectors cost 9.8 ms a query
 * against 43 ms for RM3's second pass at top 1000, a fifth of the leg's time; a forward index
 * would cut that to reading rows, but every index file would carry its chunks' terms a second
 * time (the postings' size again), expanded or not. Popular queries hit the cache.
 */
export function openLexicalIndex(
  source: PostingsSource,
  analysis: Bm25Analysis,
  storedText: StoredText,
  params: PostingsBM25Params = {},
): LexicalIndex {
  const scoreTerms = createPostingsScorer(source, params);
  const vectors = new RecentCache<string, Map<string, number> | undefined>(RECENT_VECTORS);
  const summedCf = new RecentCache<string, number>(RECENT_SUMMED_CF);
  return {
    analysis,
    stats: { chunks: source.stats.chunks, totalLength: source.stats.totalLength },
    termStats(term): TermStats | undefined {
      const entry = source.term(term);
      if (!entry) return undefined;
      return { df: entry.df, cf: entry.cf ?? summedCf.get(term, () => sumTf(source, term)) };
    },
    termVector(chunkId) {
      return vectors.get(chunkId, () => {
        const chunk = storedText(chunkId);
        if (!chunk) return undefined;
        const counts = new Map<string, number>();
        for (const field of [chunk.title, chunk.text])
          for (const term of analysis.analyze(field, chunk.lang)) counts.set(term, (counts.get(term) ?? 0) + 1);
        return counts;
      });
    },
    scoreTerms,
  };
}

/** A term's occurrences in the collection, read from every one of its postings (files without `cf`). */
function sumTf(source: PostingsSource, term: string): number {
  const entry = source.term(term);
  if (!entry) return 0;
  const cursor = new PostingsCursor(source, entry, { blocksDecoded: 0, postingsDecoded: 0 });
  let sum = 0;
  // nextExact: past a block's end next() only moves to a lower bound in the next block, unread.
  for (cursor.seek(0); cursor.rowid !== Number.POSITIVE_INFINITY; cursor.nextExact()) sum += cursor.tf;
  return sum;
}
