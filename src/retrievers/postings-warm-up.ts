import type { Level } from '../ranking/hit.js';
import type { PostingsSource } from '../store/postings-source.js';
import { createPostingsScorer, type TopKAlgorithm } from './postings-bm25.js';
import { WINK_MIN_CHUNKS } from './wink-bm25.js';

/** Dictionary terms the warm-up samples (read in dictionary order: one index range, about a millisecond). */
const SAMPLED_TERMS = 2000;
/** Terms of the warm-up's long query: enough for the accumulator algorithm (ACCUMULATOR_MIN_TERMS). */
const LONG_QUERY_TERMS = 24;

/** What a warm-up ran and how long it took. */
export interface WarmUp {
  queries: number;
  ms: number;
}

/**
 * Runs a few searches of the index's own terms through every path of the postings engine (both
 * top-k algorithms, top 10 and 1000, chunk and document level, plain and weighted terms), so that
 * a worker's first real queries run compiled code on read blocks rather than paying for the JIT:
 * a worker's first heavy queries took 93-113 ms where the same queries warm took 26-40 (issue 44).
 * The terms are the most frequent of a sample of the dictionary, so the loops run long enough to
 * be optimised. Nothing is kept but the engine's caches (blocks read, parsed terms).
 */
export function warmUpPostings(source: PostingsSource): WarmUp {
  const t0 = performance.now();
  if (source.stats.chunks < WINK_MIN_CHUNKS) return { queries: 0, ms: 0 };
  const sample = source.firstTerms(SAMPLED_TERMS).sort((x, y) => y.df - x.df || (x.term < y.term ? -1 : 1));
  const long = sample.slice(0, LONG_QUERY_TERMS).map((t, i) => ({ term: t.term, weight: 1 + (i % 3) / 4 }));
  if (long.length === 0) return { queries: 0, ms: 0 };
  const short = long.slice(0, 3).map((t) => ({ term: t.term, weight: 1 }));
  let queries = 0;
  for (const algorithm of ['maxscore', 'accumulators'] as TopKAlgorithm[]) {
    const score = createPostingsScorer(source, {}, { algorithm });
    for (const terms of [short, long])
      for (const k of [10, 1000])
        for (const level of ['chunk', 'doc'] as Level[]) {
          score(terms, { k, level });
          queries++;
        }
  }
  return { queries, ms: performance.now() - t0 };
}
