import type { Bm25Analysis } from '../store/bm25-analysis.js';
import type { PostingsSource } from '../store/postings-source.js';
import { InputError } from '../errors.js';
import { toLevel } from '../ranking/rank.js';
import { createTermScorer, winkIdf } from './bm25-term-score.js';
import { accumulatorsFor, accumulatorTopK } from './postings-accumulators.js';
import { type BlockReadPath, type DecodeCounts, PostingsCursor } from './postings-cursor.js';
import { maxScoreTopK } from './postings-maxscore.js';
import { blockMaxScoreTopK } from './postings-block-maxscore.js';
import type { QueryTerm, TopKQuery } from './postings-query.js';
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

/** Per query: how many postings and blocks a search decoded, of how many the query's terms hold, and by which algorithm. */
export interface PruningStats extends DecodeCounts {
  postingsTotal: number;
  blocksTotal: number;
  algorithm?: TopKAlgorithm;
}

/**
 * How the top k is found: `maxscore` document-at-a-time (postings-maxscore.ts, the default below
 * BLOCK_MAXSCORE_FROM_TERMS), `block-maxscore` over windows of rowids with the essential terms
 * chosen per window, scored in bulk 4,096 rowids at a time (postings-block-maxscore.ts),
 * `accumulators` term-at-a-time (postings-accumulators.ts). All give the exhaustive ranking.
 * Measured at 1M chunks with blocks read in runs on a quiet machine (BENCHMARKS.md, "Long
 * queries in bulk"), per query against MaxScore: block-maxscore took 0.545× at top 10 and 0.553×
 * at top 1000 on long queries (20-40 words), but 1.1× (median) on short ones (2-6 words) at top 10, p99
 * 2.1×; accumulators were 1.4× slower than the engine before runs on long queries. So the
 * default is chosen by the number of distinct terms (defaultAlgorithm), and accumulators only by
 * name.
 */
export const TOP_K_ALGORITHMS = ['maxscore', 'block-maxscore', 'accumulators'] as const;
export type TopKAlgorithm = (typeof TOP_K_ALGORITHMS)[number];

/** From this many distinct known terms, a query is long: block-max MaxScore over windows finds its top k. */
export const BLOCK_MAXSCORE_FROM_TERMS = 12;

/** The algorithm a query gets unless one is named: by its number of distinct known terms. */
export function defaultAlgorithm(distinctTerms: number): TopKAlgorithm {
  return distinctTerms >= BLOCK_MAXSCORE_FROM_TERMS ? 'block-maxscore' : 'maxscore';
}

/** What a postings scorer can be told beyond BM25's parameters: tests and benches choose paths through it. */
export interface PostingsScorerOptions {
  onPruning?: (stats: PruningStats) => void;
  /** The top-k algorithm (tests compare each with the exhaustive sum); default by query length (defaultAlgorithm). */
  algorithm?: TopKAlgorithm;
  /** How blocks are read (default runs; `blocks` only for bench/lexical-scale.ts's comparison). */
  readPath?: BlockReadPath;
}

/**
 * BM25 over the postings stored in the index file (postings-schema.ts), equal to the wink engine
 * (createWinkRetriever) on the same index: the same terms (`analysis`, the index's bm25Analysis),
 * the same per-term scores to the last bit (bm25-term-score.ts), summed in query-term order as
 * wink sums them, the same hits, order and scores. Nothing is built per process or per (k1, b):
 * opening is reading the chunk lengths; each query reads its terms' dictionary rows and blocks.
 *
 * Top-k is found document-at-a-time with MaxScore and block-max bounds (postings-maxscore.ts), or
 * when asked term-at-a-time with score accumulators (postings-accumulators.ts, measured slower);
 * either scores every chunk that could reach the k-th best exactly, so the shared tie-break
 * decides as it does for wink.
 *
 * Throws InputError for fewer than 3 chunks (as wink does) or out-of-range parameters.
 */
export function createPostingsRetriever(
  source: PostingsSource,
  analysis: Bm25Analysis,
  params: PostingsBM25Params = {},
  hooks: PostingsScorerOptions = {},
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
  hooks: PostingsScorerOptions = {},
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
          cursor: new PostingsCursor(source, entry, counts, hooks.readPath),
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
    const query: TopKQuery = { terms, entries, scorer, lengths, docKeys, k, level, ...(filter && { filter }) };
    const algorithm = hooks.algorithm ?? defaultAlgorithm(terms.length);
    counts.algorithm = algorithm;
    const {
      rowids: scoredRowids,
      scores,
      threshold,
    } = algorithm === 'maxscore'
      ? maxScoreTopK(query)
      : algorithm === 'block-maxscore'
        ? blockMaxScoreTopK(query)
        : accumulatorTopK(
            query,
            accumulatorsFor(lengths),
            (t) => new PostingsCursor(source, t.cursor.entry, counts, hooks.readPath),
          );
    hooks.onPruning?.(counts);
    // Only chunks scoring at least the k-th best can be returned (a document scores as its
    // best chunk, so its returned chunk does too); ties there are kept for the shared tie-break.
    const chunkHits: { id: string; docId: string; chunkId: string; score: number }[] = [];
    for (let i = 0; i < scores.length; i++) {
      const score = scores[i]!;
      if (score < threshold) continue;
      const { chunkId, docId } = source.identify(scoredRowids[i]!);
      chunkHits.push({ id: chunkId, docId, chunkId, score });
    }
    return { hits: toLevel(chunkHits, level, k), timings: { bm25: performance.now() - t0 } };
  };
}
