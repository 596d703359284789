import type { Bm25Analysis } from '../store/bm25-analysis.js';
import type { PostingsSource } from '../store/postings-source.js';
import { InputError } from '../errors.js';
import { toLevel } from '../ranking/rank.js';
import { cannotReach, createTermScorer, winkIdf } from './bm25-term-score.js';
import { KthBest } from './kth-best.js';
import { type DecodeCounts, PostingsCursor } from './postings-cursor.js';
import type { Retrieval, Retriever, SearchOptions } from './types.js';
import type { WeightedTerm } from './lexical-index.js';
import { WINK_MIN_CHUNKS } from './wink-bm25.js';
import { checkBm25Params } from '../schemas/bm25-params.js';
import { BM25_DEFAULTS } from '../schemas/defaults.js';

/** BM25 parameters of the postings engine: any pair, applied at query time. */
export interface PostingsBM25Params {
  /** Term-frequency saturation, >= 0. Default 0.9 (Anserini), as wink. */
  k1?: number;
  /** Length normalisation, 0..1. Default 0.4 (Anserini), as wink. */
  b?: number;
}

/** Per query: how many postings and blocks a search decoded, of how many the query's terms hold. */
export interface PruningStats extends DecodeCounts {
  postingsTotal: number;
  blocksTotal: number;
}

/** One distinct query term during a search. */
interface QueryTerm {
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

/**
 * BM25 over the postings stored in the index file (postings-schema.ts), equal to the wink engine
 * (createWinkRetriever) on the same index: the same terms (`analysis`, the index's bm25Analysis),
 * the same per-term scores to the last bit (bm25-term-score.ts), summed in query-term order as
 * wink sums them, the same hits, order and scores. Nothing is built per process or per (k1, b):
 * opening is reading the chunk lengths; each query reads its terms' dictionary rows and blocks.
 *
 * Top-k is found document-at-a-time with MaxScore and block-max bounds: terms whose summed
 * bounds cannot reach the current k-th best score (of chunks, or at document level of documents,
 * each scoring as its best chunk) only confirm candidates found by the others; a run of rowids
 * where every term's block bound sums short is skipped without reading those blocks; and a
 * candidate is dropped before the other terms are read when its exact partial score plus their
 * block bounds falls short. A chunk that
 * could tie the threshold is always scored, so the shared tie-break decides as it does for wink.
 *
 * Throws InputError for fewer than 3 chunks (as wink does) or out-of-range parameters.
 */
export function createPostingsRetriever(
  source: PostingsSource,
  analysis: Bm25Analysis,
  params: PostingsBM25Params = {},
  hooks: { onPruning?: (stats: PruningStats) => void } = {},
): Retriever {
  const scorer = createPostingsScorer(source, params, hooks);
  return {
    name: 'bm25-postings',
    async search(query: string, options: SearchOptions): Promise<Retrieval> {
      return scorer(plainQuery(analysis.queryTerms(query, options.queryLang)), options);
    },
  };
}

/** A plain query's terms as weighted terms: each occurrence an entry of weight 1, as wink scores them. */
export function plainQuery(terms: readonly string[]): WeightedTerm[] {
  return terms.map((term) => ({ term, weight: 1 }));
}

/**
 * BM25 top k of weighted terms over the postings (see createPostingsRetriever): each entry adds
 * `weight × score(term)` to a chunk holding its term, entries summed in the order given, so
 * entries of weight 1 give wink's sums to the last bit and a weighted query (an expansion leg's)
 * runs through the same MaxScore and block-max pruning, each term's bound scaled by its weights.
 * Weights must be finite and > 0; a term the index does not hold is dropped.
 */
export type PostingsScorer = (terms: readonly WeightedTerm[], options: SearchOptions) => Retrieval;

/** The postings scorer for one (k1, b); throws InputError for fewer than 3 chunks or out-of-range parameters. */
export function createPostingsScorer(
  source: PostingsSource,
  params: PostingsBM25Params = {},
  hooks: { onPruning?: (stats: PruningStats) => void } = {},
): PostingsScorer {
  const k1 = params.k1 ?? BM25_DEFAULTS.k1;
  const b = params.b ?? BM25_DEFAULTS.b;
  checkBm25Params(k1, b);
  const { chunks, totalLength } = source.stats;
  if (chunks < WINK_MIN_CHUNKS)
    throw new InputError(`wink BM25 needs at least ${WINK_MIN_CHUNKS} chunks (got ${chunks})`);
  const scorer = createTermScorer(k1, b, totalLength / chunks);
  const { lengths, docKeys } = source;

  return (weighted, { k, level, filter }) => {
    const t0 = performance.now();
    const counts: PruningStats = { blocksDecoded: 0, postingsDecoded: 0, postingsTotal: 0, blocksTotal: 0 };
    // Distinct known terms, and each entry in order (unknown terms dropped, as wink does).
    const byTerm = new Map<string, QueryTerm>();
    const entries: { term: QueryTerm; weight: number }[] = [];
    for (const { term, weight } of weighted) {
      if (!(Number.isFinite(weight) && weight > 0))
        throw new Error(`term weight must be finite and > 0, got ${weight}`);
      let qt = byTerm.get(term);
      if (!qt) {
        const entry = source.term(term);
        if (!entry) continue;
        const idf = winkIdf(chunks, entry.df);
        qt = {
          cursor: new PostingsCursor(source, entry, counts),
          idf,
          weight: 0,
          bound: 0,
          boundBlock: -1,
          blockBound: 0,
          score: 0,
          matched: false,
        };
        byTerm.set(term, qt);
        counts.postingsTotal += entry.df;
        counts.blocksTotal += qt.cursor.blocks;
      }
      qt.weight += weight;
      entries.push({ term: qt, weight });
    }
    const terms = [...byTerm.values()];
    for (const t of terms) t.bound = t.weight * t.cursor.scoreBound(scorer, t.idf);
    // Ascending bounds: the first `lazy` terms are the non-essential ones of MaxScore.
    terms.sort((x, y) => x.bound - y.bound);
    const prefixBound: number[] = [];
    let sum = 0;
    for (const t of terms) prefixBound.push((sum += t.bound));

    // Scored chunks by rowid; ids are looked up at the end, for those that can be returned.
    const scoredRowids: number[] = [];
    const scores: number[] = [];
    // Keyed by chunk rowid, or at document level by document key (its first chunk's rowid).
    const best = new KthBest<number>(k);
    let lazy = 0;
    for (const t of terms) t.cursor.seekShallow(0);
    while (k > 0) {
      let candidate = Number.POSITIVE_INFINITY;
      for (let i = lazy; i < terms.length; i++) candidate = Math.min(candidate, terms[i]!.cursor.rowid);
      if (candidate === Number.POSITIVE_INFINITY) break;
      // Block-max: a window of rowids from the candidate, up to the first of the terms' blocks
      // there to end and short of every term's next posting past the candidate, is bounded by
      // the sum of those blocks' bounds, terms with no posting in it adding nothing (a rare
      // term's one block spans the whole collection: its bound counts only where it occurs).
      // When the sum cannot reach the threshold, the whole window is skipped.
      let windowBound = 0;
      let windowEnd = Number.POSITIVE_INFINITY;
      for (const t of terms) {
        if (t.cursor.rowid > candidate) {
          windowEnd = Math.min(windowEnd, t.cursor.rowid - 1);
          continue;
        }
        windowBound += blockBound(t, candidate);
        if (t.cursor.blockAt < t.cursor.blocks) windowEnd = Math.min(windowEnd, t.cursor.blockLast(t.cursor.blockAt));
      }
      if (cannotReach(windowBound, best.threshold)) {
        for (let i = lazy; i < terms.length; i++) terms[i]!.cursor.seekShallow(windowEnd + 1);
        continue;
      }
      let moved = false;
      for (let i = lazy; i < terms.length; i++) {
        const cursor = terms[i]!.cursor;
        if (cursor.rowid === candidate && !cursor.exact) {
          cursor.makeExact();
          moved ||= cursor.rowid !== candidate;
        }
      }
      if (moved) continue;
      if (!filter || filter.rowids.has(candidate)) {
        const score = scoreCandidate(candidate, lazy, best.threshold);
        if (score !== undefined) {
          scoredRowids.push(candidate);
          scores.push(score);
          best.offer(level === 'doc' ? docKeys[candidate]! : candidate, score);
          while (lazy < terms.length && cannotReach(prefixBound[lazy]!, best.threshold)) lazy++;
        }
      }
      for (let i = lazy; i < terms.length; i++) if (terms[i]!.cursor.rowid === candidate) terms[i]!.cursor.next();
    }
    hooks.onPruning?.(counts);
    // Only chunks scoring at least the k-th best can be returned (a document scores as its
    // best chunk, so its returned chunk does too); ties there are kept for the shared tie-break.
    const threshold = best.threshold;
    const chunkHits: { id: string; docId: string; chunkId: string; score: number }[] = [];
    for (let i = 0; i < scores.length; i++) {
      const score = scores[i]!;
      if (score < threshold) continue;
      const { chunkId, docId } = source.identify(scoredRowids[i]!);
      chunkHits.push({ id: chunkId, docId, chunkId, score });
    }
    return { hits: toLevel(chunkHits, level, k), timings: { bm25: performance.now() - t0 } };

    /** The term's bound over the block holding (or next after) `rowid`: 0 past its last block. */
    function blockBound(t: QueryTerm, rowid: number): number {
      const block = t.cursor.shallowTo(rowid);
      if (block >= t.cursor.blocks) return 0;
      if (block !== t.boundBlock) {
        t.boundBlock = block;
        t.blockBound = t.weight * t.cursor.blockScoreBound(block, scorer, t.idf);
      }
      return t.blockBound;
    }

    /** The candidate's exact score, or undefined when it matches nothing or cannot reach `threshold`. */
    function scoreCandidate(rowid: number, lazyCount: number, threshold: number): number | undefined {
      const len = lengths[rowid]!;
      let partial = 0;
      for (let i = lazyCount; i < terms.length; i++) {
        const t = terms[i]!;
        t.matched = t.cursor.rowid === rowid;
        t.score = t.matched ? scorer.score(t.cursor.tf, len, t.idf) : 0;
        partial += t.weight * t.score;
      }
      if (lazyCount > 0) {
        // Block bounds of the lazy terms at this rowid, then their postings, largest bound first.
        const blockBounds: number[] = [];
        let rest = 0;
        for (let i = 0; i < lazyCount; i++) {
          const t = terms[i]!;
          // Past this rowid already (its next posting is known to be later): it adds nothing.
          const bound = t.cursor.rowid > rowid ? 0 : blockBound(t, rowid);
          blockBounds.push(bound);
          rest += bound;
          t.matched = false;
          t.score = 0;
        }
        if (cannotReach(partial + rest, threshold)) return undefined;
        for (let i = lazyCount - 1; i >= 0; i--) {
          const t = terms[i]!;
          rest -= blockBounds[i]!;
          if (blockBounds[i]! > 0) {
            t.cursor.seek(rowid);
            if (t.cursor.rowid === rowid) {
              t.matched = true;
              t.score = scorer.score(t.cursor.tf, len, t.idf);
              partial += t.weight * t.score;
            }
          }
          if (i > 0 && cannotReach(partial + rest, threshold)) return undefined;
        }
      }
      // wink's sum: each entry in order, `score + (sum so far || 0)` (weight 1: exactly wink's).
      let score = 0;
      let matched = false;
      for (const { term: t, weight } of entries) {
        if (!t.matched) continue;
        score = weight * t.score + score;
        matched = true;
      }
      return matched ? score : undefined;
    }
  };
}
