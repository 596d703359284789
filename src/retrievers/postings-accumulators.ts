import { cannotReach } from './bm25-term-score.js';
import { KthBest } from './kth-best.js';
import type { PostingsCursor } from './postings-cursor.js';
import { entrySum, type QueryTerm, type ScoredChunks, type TopKQuery } from './postings-query.js';

/**
 * Per-chunk arrays a term-at-a-time search adds into, one set per open index (searches in a
 * thread run one at a time, so the scorers of every (k1, b) share them), left zeroed after each
 * query: 8 bytes a chunk for the sums, as many for documents' best sums, one for the marks.
 */
export interface Accumulators {
  sums: Float64Array;
  docBest: Float64Array;
  /** Bit 1: the chunk is in this query's sums; bit 2 (while a k-th best is found): the document is counted. */
  seen: Uint8Array;
}

const accumulatorsByIndex = new WeakMap<Uint32Array, Accumulators>();

/** The accumulators of the index whose chunk lengths are `lengths` (allocated by its first term-at-a-time query). */
export function accumulatorsFor(lengths: Uint32Array): Accumulators {
  let acc = accumulatorsByIndex.get(lengths);
  if (!acc) {
    acc = {
      sums: new Float64Array(lengths.length),
      docBest: new Float64Array(lengths.length),
      seen: new Uint8Array(lengths.length),
    };
    accumulatorsByIndex.set(lengths, acc);
  }
  return acc;
}

/**
 * Top k term-at-a-time with score accumulators, for many-term queries where document-at-a-time
 * pays a little for every term at every candidate. Terms go strongest bound first:
 *
 * 1. Each term's postings are added whole into per-chunk sums until the bounds of the terms left
 *    cannot lift a chunk none of the terms so far holds to the k-th best sum so far (sums only
 *    rise as terms are added, so that k-th best is a lower bound of the final k-th best).
 * 2. The chunks held so far whose sum plus the bounds left can still reach it are the only
 *    candidates: each term left is looked up at them only, by seeking its cursor (whole blocks
 *    of a common term's postings are skipped by their last rowid), and a candidate is dropped as
 *    soon as its sum plus the bounds still left falls short.
 * 3. The candidates left are scored exactly with fresh cursors, each term's score summed in
 *    query-entry order (entrySum), so the hits and doubles are those of the exhaustive sum: the
 *    sums above were added in another order and serve only as bounds, compared with the same
 *    margin (cannotReach) as MaxScore's.
 */
export function accumulatorTopK(
  query: TopKQuery,
  acc: Accumulators,
  freshCursor: (term: QueryTerm) => PostingsCursor,
): ScoredChunks {
  const { entries, scorer, lengths, docKeys, k, level, filter } = query;
  if (k <= 0) return { rowids: [], scores: [], threshold: Number.NEGATIVE_INFINITY };
  const terms = [...query.terms].sort((x, y) => y.bound - x.bound);
  const left = new Float64Array(terms.length + 1);
  for (let i = terms.length - 1; i >= 0; i--) left[i] = left[i + 1]! + terms[i]!.bound;
  const { sums, seen } = acc;
  const touched: number[] = [];
  let threshold = Number.NEGATIVE_INFINITY;
  let i = 0;
  try {
    // 1. Whole lists, while a chunk not seen yet could still make the top k.
    let maxSum = 0;
    for (; i < terms.length && !cannotReach(left[i]!, threshold); i++) {
      const t = terms[i]!;
      const { cursor, weight, idf } = t;
      for (cursor.seek(0); cursor.rowid !== Number.POSITIVE_INFINITY; cursor.nextExact()) {
        const rowid = cursor.rowid;
        if (filter && !filter.rowids.has(rowid)) continue;
        if (seen[rowid] === 0) {
          seen[rowid] = 1;
          touched.push(rowid);
        }
        const sum = weight * scorer.score(cursor.tf, lengths[rowid]!, idf) + sums[rowid]!;
        sums[rowid] = sum;
        if (sum > maxSum) maxSum = sum;
      }
      // The k-th best is at most the best: computed only once the terms left could be outdone.
      if (cannotReach(left[i + 1]!, maxSum)) threshold = kthBestSum(touched, sums, acc, docKeys, level, k);
    }

    // 2. The terms left, looked up at the candidates only.
    let candidates = touched.filter((r) => !cannotReach(sums[r]! + left[i]!, threshold)).sort((x, y) => x - y);
    for (; i < terms.length && candidates.length > 0; i++) {
      const { cursor, weight, idf } = terms[i]!;
      const kept: number[] = [];
      for (const rowid of candidates) {
        if (cannotReach(sums[rowid]! + left[i]!, threshold)) continue;
        cursor.seek(rowid);
        if (cursor.rowid === rowid) sums[rowid] = weight * scorer.score(cursor.tf, lengths[rowid]!, idf) + sums[rowid]!;
        kept.push(rowid);
      }
      candidates = kept;
      threshold = Math.max(threshold, kthBestSum(candidates, sums, acc, docKeys, level, k));
    }
    candidates = candidates.filter((r) => !cannotReach(sums[r]!, threshold));

    // 3. Exact scores of the candidates left, in entry order.
    const cursors = query.terms.map((t) => [t, freshCursor(t)] as const);
    const best = new KthBest<number>(k);
    const rowids: number[] = [];
    const scores: number[] = [];
    for (const rowid of candidates) {
      const len = lengths[rowid]!;
      for (const [t, cursor] of cursors) {
        cursor.seek(rowid);
        t.matched = cursor.rowid === rowid;
        t.score = t.matched ? scorer.score(cursor.tf, len, t.idf) : 0;
      }
      const score = entrySum(entries);
      if (score === undefined) continue;
      rowids.push(rowid);
      scores.push(score);
      best.offer(level === 'doc' ? docKeys[rowid]! : rowid, score);
    }
    return { rowids, scores, threshold: best.threshold };
  } finally {
    for (const rowid of touched) {
      sums[rowid] = 0;
      seen[rowid] = 0;
    }
  }
}

/**
 * The k-th best of the sums at `rowids` (at document level, of documents, each its best chunk's
 * sum), -Infinity when fewer than k: a selection, not a sort, over what may be 100k chunks.
 */
function kthBestSum(
  rowids: readonly number[],
  sums: Float64Array,
  { docBest, seen }: Accumulators,
  docKeys: Uint32Array,
  level: TopKQuery['level'],
  k: number,
): number {
  const values: number[] = [];
  if (level === 'doc') {
    for (const r of rowids) {
      const key = docKeys[r]!;
      // Bit 2 of `seen` marks a document already listed (bit 1 is its chunk's own mark).
      if ((seen[key]! & 2) === 0) {
        seen[key] = seen[key]! | 2;
        values.push(key);
        docBest[key] = sums[r]!;
      } else if (sums[r]! > docBest[key]!) docBest[key] = sums[r]!;
    }
    // `values` holds document keys until here: replaced by their best sums, and the scratch cleared.
    for (let j = 0; j < values.length; j++) {
      const key = values[j]!;
      values[j] = docBest[key]!;
      docBest[key] = 0;
      seen[key] = seen[key]! & 1;
    }
  } else for (const r of rowids) values.push(sums[r]!);
  if (values.length < k) return Number.NEGATIVE_INFINITY;
  return kthLargest(values, k);
}

/** The k-th largest of `values` (1 <= k <= length), reordering them: Hoare's selection. */
export function kthLargest(values: number[], k: number): number {
  let lo = 0;
  let hi = values.length - 1;
  const target = k - 1;
  while (lo < hi) {
    const pivot = values[(lo + hi) >>> 1]!;
    let a = lo;
    let b = hi;
    while (a <= b) {
      while (values[a]! > pivot) a++;
      while (values[b]! < pivot) b--;
      if (a <= b) {
        const x = values[a]!;
        values[a] = values[b]!;
        values[b] = x;
        a++;
        b--;
      }
    }
    if (target <= b) hi = b;
    else if (target >= a) lo = a;
    else return values[target]!;
  }
  return values[target]!;
}
