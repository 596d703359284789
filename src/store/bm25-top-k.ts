import { compareIdBytes } from '../ranking/id-order.js';
import { compareHits } from '../ranking/rank.js';
import type { Level } from '../ranking/hit.js';
import { FTS5_BM25 } from '../schemas/defaults.js';

export interface ScoredRow {
  id: string;
  docId: string;
  chunkId: string;
  score: number;
}

/** One chunk as bm25Sql returns it: chunk id, document id, score. */
export interface ChunkScore {
  chunkId: string;
  docId: string;
  score: number;
}

/** What bm25TopK asks of an index (IndexReader gives it, over bm25Sql). */
export interface Bm25Source {
  /**
   * The best `limit` chunks matching any of `phrases` (that pass the filter, if any), scored by
   * FTS5's bm25() over all of `phrases`; with `candidates`, only chunks that also contain one of
   * those. Unordered, and chunks that tie at the limit may come in any selection.
   */
  top(phrases: readonly string[], candidates: readonly string[] | undefined, limit: number): ChunkScore[];
  /** How many chunks contain the phrase: FTS5's document frequency, the n(q) of its IDF. */
  docFrequency(phrase: string): number;
  /** Rows of the FTS table: FTS5's N. */
  readonly rowCount: number;
}

/**
 * A relative margin on every upper bound, far above the rounding of a sum of a few hundred
 * doubles (and of Math.log against the C library's log), far below any gap between scores.
 */
const SAFETY = 1 + 1e-9;

/**
 * The top k of FTS5 BM25 at a level, exactly as ranking every match would give them (score
 * descending, then id descending in byte order; at document level a document scores as its best
 * chunk, ties to the smallest chunk id), without scoring every match. bm25() costs about a
 * microsecond per matching chunk, and a SciFact query matches more than half of the corpus.
 *
 * MaxScore-style pruning (Turtle & Flood 1995). FTS5's bm25() sums, over the query's phrases, one
 * contribution per phrase: IDF(p) * f (k1 + 1) / (f + k1 (1 - b + b |D| / avgdl)), which is 0
 * when the chunk lacks p and below IDF(p) (k1 + 1) always. So a chunk that contains none of a set
 * E of the rarest phrases scores at most R(E), the sum of the other phrases' bounds.
 * 1. Lower bound: the rarest phrases whose chunks are few (cheapRows) are searched alone. A
 *    chunk's score over a subset of the phrases is at most its score over all of them (the same
 *    contributions, bit for bit, summed in the same order with fewer non-negative terms, and a
 *    double sum never decreases when a term >= 0 is added), so the k-th best unit found there,
 *    theta, is at most the true k-th best score.
 * 2. E is the fewest rarest phrases with R(E) < theta: every unit of the true top k scores
 *    >= theta > R(E), so its best chunk contains a phrase of E. Only those chunks are scored, by
 *    FTS5 over the whole query (the same statistics, so the same scores), keeping the best
 *    `limit`. FTS5 still iterates every match, so this pays only when E's chunks are at most
 *    about half of the matches (measured: bench/fts5-latency.ts); otherwise every match is scored.
 * 3. The cut is checked, not trusted: every chunk not returned scores <= max(R(E), the lowest
 *    score returned when `limit` rows came back), so the units whose best chunk is above that
 *    floor are exact. If fewer than k are, the limit grows (ties at the cut, or documents with
 *    many strong chunks) and step 2 runs again.
 * Without a useful bound (no rare phrase, or theta too low) E is every phrase: plain top-k.
 * `lowerBoundRows` only decides how much work step 1 may do (tests vary it); the ranking is the
 * same for any value. test/store/bm25-top-k.test.ts holds it against the materialise-and-sort
 * formulation.
 */
export function bm25TopK(
  source: Bm25Source,
  phrases: readonly string[],
  level: Level,
  k: number,
  maxChunksPerDoc: number,
  lowerBoundRows: LowerBoundRows = cheapRows,
): ScoredRow[] {
  if (k <= 0 || phrases.length === 0) return [];
  const collapse = level === 'doc' && maxChunksPerDoc !== 1;
  const unitOf = (c: ChunkScore) => (level === 'doc' ? c.docId : c.chunkId);
  const rarest = rarestFirst(source, phrases);

  let essential: readonly string[] | undefined;
  let floor = -Infinity;
  const postings = rarest.reduce((n, p) => n + p.df, 0);
  const cheap = cheapPrefix(rarest, lowerBoundRows(k, postings));
  if (cheap > 0 && cheap < rarest.length) {
    const subset = new Set(rarest.slice(0, cheap).map((p) => p.phrase));
    const theta = kthBest(
      bestPerUnit(
        source.top(
          phrases.filter((p) => subset.has(p)),
          undefined,
          collapse ? 2 * k : k,
        ),
        unitOf,
        -Infinity,
      ),
      k,
    );
    const e = essentialCount(rarest, theta);
    // Checking candidates costs about half what scoring a chunk does: worth it when they are
    // at most half of the postings.
    if (e < rarest.length && 2 * rarest.slice(0, e).reduce((n, p) => n + p.df, 0) <= postings) {
      essential = rarest.slice(0, e).map((p) => p.phrase);
      floor = rarest[e]!.rest * SAFETY;
    }
  }

  // One more than k, so that the k-th row's score is above the cut, and a margin for ties there
  // (SciFact at k 1000: up to 6 tied beyond the k-th); at document level room for second chunks.
  let limit = (collapse ? 2 * k : k) + 1 + Math.ceil(k / 16);
  for (;;) {
    const rows = source.top(phrases, essential, limit);
    const cut = rows.length === limit ? lowest(rows) : -Infinity;
    const units = bestPerUnit(rows, unitOf, Math.max(cut, floor));
    if (units.length >= k || (cut === -Infinity && essential === undefined)) {
      return units
        .map((c) => ({ id: unitOf(c), docId: c.docId, chunkId: c.chunkId, score: c.score }))
        .sort(compareHits)
        .slice(0, k);
    }
    if (cut === -Infinity) {
      // Every candidate came back and still fewer than k units: theta promised more. Never
      // expected; the whole query is exact whatever went wrong.
      essential = undefined;
      floor = -Infinity;
    } else limit *= 4;
  }
}

interface RankedPhrase {
  phrase: string;
  df: number;
  /** The sum of the bounds of this phrase and every rarer-ranked one after it: R of the phrases before it. */
  rest: number;
}

/** Phrases by upper bound descending (document frequency ascending), with suffix sums of the bounds. */
function rarestFirst(source: Bm25Source, phrases: readonly string[]): RankedPhrase[] {
  const n = source.rowCount;
  const ranked = phrases.map((phrase) => {
    const df = source.docFrequency(phrase);
    // FTS5's IDF, floored at 1e-6 as FTS5 floors it; a contribution is below IDF (k1 + 1).
    const idf = Math.log((0.5 + n - df) / (0.5 + df));
    return { phrase, df, bound: (idf > 0 ? idf : 1e-6) * (FTS5_BM25.k1 + 1), rest: 0 };
  });
  ranked.sort((a, b) => b.bound - a.bound);
  let rest = 0;
  for (let i = ranked.length - 1; i >= 0; i--) ranked[i]!.rest = rest += ranked[i]!.bound;
  return ranked;
}

/**
 * How many chunks the lower-bound search may score, given k and the query's postings (the sum of
 * its phrases' document frequencies); 0 turns pruning off. Any value gives the same ranking.
 */
export type LowerBoundRows = (k: number, postings: number) => number;

/**
 * A handful of chunks per hit wanted (at least 256), when k is small next to the query's
 * postings; none otherwise, since the deeper the ranking the lower theta and the more matches
 * stay candidates (on SciFact the bound pays at k 10, is even at k 100 over the english
 * analysis, pays at k 100 with FTS5's own tokenizers, whose stop words match every document, and
 * costs at k 1000: bench/fts5-latency.ts).
 */
const cheapRows: LowerBoundRows = (k, postings) => (64 * k <= postings ? Math.max(256, 4 * k) : 0);

/** How many of the rarest phrases the lower-bound search takes: as many as stay within `rows` chunks (maybe none). */
function cheapPrefix(rarest: readonly RankedPhrase[], rows: number): number {
  let taken = 0;
  let i = 0;
  while (i < rarest.length && taken + rarest[i]!.df <= rows) taken += rarest[i++]!.df;
  return i;
}

function lowest(rows: readonly ChunkScore[]): number {
  let min = Infinity;
  for (const r of rows) if (r.score < min) min = r.score;
  return min;
}

/** The fewest rarest phrases whose complement's bound is below theta (all of them when none is). */
function essentialCount(rarest: readonly RankedPhrase[], theta: number): number {
  for (let e = 1; e < rarest.length; e++) if (rarest[e]!.rest * SAFETY < theta) return e;
  return rarest.length;
}

/**
 * Each unit's best chunk among those scoring above `floor` (ties: the smallest chunk id in byte
 * order, as a document is represented by its first best chunk).
 */
function bestPerUnit(rows: readonly ChunkScore[], unitOf: (c: ChunkScore) => string, floor: number): ChunkScore[] {
  const best = new Map<string, ChunkScore>();
  for (const r of rows) {
    if (!(r.score > floor)) continue;
    const unit = unitOf(r);
    const prev = best.get(unit);
    if (!prev || r.score > prev.score || (r.score === prev.score && compareIdBytes(r.chunkId, prev.chunkId) < 0))
      best.set(unit, r);
  }
  return [...best.values()];
}

/** The k-th highest score, or -Infinity when there are fewer than k. */
function kthBest(units: readonly ChunkScore[], k: number): number {
  if (units.length < k) return -Infinity;
  return units.map((u) => u.score).sort((a, b) => b - a)[k - 1]!;
}
