import type { Bm25Analysis } from '../store/bm25-analysis.js';
import type { Retrieval, SearchOptions } from './types.js';

/** A query term and its weight: a term the query repeats is one entry per occurrence, or one entry of a larger weight. */
export interface WeightedTerm {
  term: string;
  weight: number;
}

/** What a collection says about itself, as BM25 and query expansion read it. */
export interface CollectionStats {
  /** N: every chunk, whatever a query's filter. */
  chunks: number;
  /** The sum of chunk lengths (analysed terms in title + text). */
  totalLength: number;
}

/** One term's statistics over the whole collection. */
export interface TermStats {
  /** Chunks holding the term. */
  df: number;
  /** Occurrences of the term in the whole collection (Bo1's F). */
  cf: number;
}

/**
 * What a lexical leg reads of the index it runs on, so a leg that reformulates the query (RM3,
 * Rocchio, Bo1) needs neither its own scorer nor the index's internals:
 * - `analysis`: how the index turned chunks and queries into terms (bm25-analysis.ts);
 * - `stats` and `termStats`: collection statistics;
 * - `termVector`: a chunk's terms with their frequencies, exactly the terms its postings hold;
 * - `scoreTerms`: BM25 top k for weighted terms, by the postings engine's MaxScore, each entry
 *   scoring `weight × BM25(term)` (a plain query is each occurrence at weight 1, which sums
 *   exactly as wink-bm25-text-search does).
 */
export interface LexicalIndex {
  readonly analysis: Bm25Analysis;
  readonly stats: CollectionStats;
  /** undefined for a term no chunk holds. */
  termStats(term: string): TermStats | undefined;
  /** Per chunk id, its term frequencies (title and text), in order of first occurrence; undefined for an unknown id. */
  termVector(chunkId: string): Map<string, number> | undefined;
  scoreTerms(terms: readonly WeightedTerm[], options: SearchOptions): Retrieval;
}
