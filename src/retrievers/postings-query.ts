import type { Level } from '../ranking/hit.js';
import type { ChunkFilter } from '../store/chunk-filter.js';
import type { TermScorer } from './bm25-term-score.js';
import type { PostingsCursor } from './postings-cursor.js';

/** One distinct query term during a search. */
export interface QueryTerm {
  cursor: PostingsCursor;
  idf: number;
  /** The sum of its entries' weights (a plain query's repeated term: how many times it occurs). */
  weight: number;
  /** weight * its largest possible score. */
  bound: number;
  /** The block whose bound `blockBound` holds (-1: none yet), and that bound times `weight`. */
  boundBlock: number;
  blockBound: number;
  /** Its single-occurrence score in the current candidate, or 0 when absent. */
  score: number;
  matched: boolean;
}

/** A query's terms as a top-k algorithm takes them, with what every algorithm reads. */
export interface TopKQuery {
  /** The distinct known terms, cursors before their first posting. */
  terms: QueryTerm[];
  /** Each weighted entry in the order given: a chunk's score sums `weight × score` over them in this order. */
  entries: { term: QueryTerm; weight: number }[];
  scorer: TermScorer;
  lengths: Uint32Array;
  docKeys: Uint32Array;
  k: number;
  level: Level;
  filter?: ChunkFilter;
}

/**
 * What a top-k algorithm found: chunks with their exact scores (every chunk that can be returned
 * among them, maybe others), and the k-th best score (of chunks, or at document level of
 * documents): only chunks scoring at least that can be returned.
 */
export interface ScoredChunks {
  rowids: number[];
  scores: number[];
  threshold: number;
}

/**
 * weight × the largest score any posting of the term's block `block` can get. Kept on the term
 * for the last block asked (boundBlock, blockBound): a cursor asks for the same block again and
 * again until it moves past it.
 */
export function termBlockBound(t: QueryTerm, block: number, scorer: TermScorer): number {
  if (block !== t.boundBlock) {
    t.boundBlock = block;
    t.blockBound = t.weight * t.cursor.blockScoreBound(block, scorer, t.idf);
  }
  return t.blockBound;
}

/**
 * A chunk's exact score from its terms' `matched` and `score` (set by the caller): wink's sum,
 * each entry in order, `score + (sum so far || 0)` (weight 1: exactly wink's); undefined when no
 * term matched.
 */
export function entrySum(entries: TopKQuery['entries']): number | undefined {
  let score = 0;
  let matched = false;
  for (const { term: t, weight } of entries) {
    if (!t.matched) continue;
    score = weight * t.score + score;
    matched = true;
  }
  return matched ? score : undefined;
}
