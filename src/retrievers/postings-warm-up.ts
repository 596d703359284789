import type { Level } from '../ranking/hit.js';
import type { PostingsSource, Prefetched } from '../store/postings-source.js';
import { createPostingsScorer, TOP_K_ALGORITHMS } from './postings-bm25.js';
import { WINK_MIN_CHUNKS } from './wink-bm25.js';

/** Dictionary terms the warm-up samples (read in dictionary order: one index range, about a millisecond). */
const SAMPLED_TERMS = 2000;
/** The commonest terms, whose dictionary entries the warm-up parses (a few MB at a million chunks). */
const HEAD_TERMS = 64;
/** Terms of the warm-up's long query: as many as a RAG question or an expanded query has. */
const LONG_QUERY_TERMS = 24;
/** Terms in more than this share of the chunks (and more than 1,000) are left out: their lists made the warm-up take seconds at 100k. */
const MAX_DF_SHARE = 0.01;
/** The warm-up stops starting searches once it has run this long (it delays the worker's readiness). */
const BUDGET_MS = 500;
/**
 * The most time reading the postings' pages into the OS page cache may take before the searches:
 * 0.3 s from disk at a million chunks (79 MB), 0.2 s when the pages are cached already.
 */
const PREFETCH_BUDGET_MS = 1000;

/** What a warm-up ran and how long it took. */
export interface WarmUp {
  queries: number;
  ms: number;
  /** The postings' pages read first (PostingsSource.prefetch); absent when the index is too small to warm. */
  prefetched?: Prefetched;
  /** The short query's terms, space-separated: text a caller can warm the rest of a search with. */
  text: string;
}

/**
 * Runs a few searches of the index's own terms through every path of the postings engine (every
 * top-k algorithm, top 10 and 1000, chunk and document level, plain and weighted terms), so that
 * a worker's first real queries run compiled code on read blocks rather than paying for the JIT:
 * a worker's first heavy queries took 93-113 ms where the same queries warm took 26-40 (issue 44).
 * The terms are the most frequent of a sample of the dictionary short of the head terms, so the
 * loops run long enough to be optimised without the warm-up taking seconds, and no search starts
 * after BUDGET_MS. Nothing is kept but the engine's caches (blocks read, parsed terms).
 * Before them, the dictionary's and blocks' pages are read once (up to PREFETCH_BUDGET_MS), so
 * the first query's own terms come from the page cache rather than the disk.
 */
export function warmUpPostings(source: PostingsSource, budgetMs = BUDGET_MS): WarmUp {
  if (source.stats.chunks < WINK_MIN_CHUNKS) return { queries: 0, ms: 0, text: '' };
  const prefetched = source.prefetch(PREFETCH_BUDGET_MS);
  const t0 = performance.now();
  const maxDf = Math.max(1000, source.stats.chunks * MAX_DF_SHARE);
  const sample = source
    .firstTerms(SAMPLED_TERMS)
    .filter((t) => t.df <= maxDf)
    .sort((x, y) => y.df - x.df || (x.term < y.term ? -1 : 1));
  const long = sample.slice(0, LONG_QUERY_TERMS).map((t, i) => ({ term: t.term, weight: 1 + (i % 3) / 4 }));
  if (long.length === 0) return { queries: 0, ms: 0, text: '', prefetched };
  // The head terms' entries are parsed now and stay in the engine's term cache: the commonest
  // term's bounds are thousands of blocks, which a first query holding it parsed (issue 44).
  const head = source.headTerms(HEAD_TERMS);
  for (const term of head) source.term(term);
  // The short query holds the commonest term, as most real queries hold one of the head terms.
  const short = [...head.slice(0, 1), ...long.map((t) => t.term).filter((t) => !head.includes(t))]
    .slice(0, 3)
    .map((term) => ({ term, weight: 1 }));
  const text = short.map((t) => t.term).join(' ');
  let queries = 0;
  const scorers = TOP_K_ALGORITHMS.map((algorithm) => createPostingsScorer(source, {}, { algorithm }));
  // Cheapest first, so a budget cut on a big index still leaves every path run at least once.
  for (const k of [10, 1000])
    for (const terms of [short, long])
      for (const level of ['chunk', 'doc'] as Level[])
        for (const score of scorers) {
          if (performance.now() - t0 > budgetMs) return { queries, ms: performance.now() - t0, text, prefetched };
          score(terms, { k, level });
          queries++;
        }
  return { queries, ms: performance.now() - t0, text, prefetched };
}
