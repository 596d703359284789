import { cannotReach } from './bm25-term-score.js';
import { KthBest } from './kth-best.js';
import { entrySum, type QueryTerm, type ScoredChunks, termBlockBound, type TopKQuery } from './postings-query.js';

/**
 * Top k with block-max MaxScore over windows of rowids, scored in bulk as Lucene's
 * MaxScoreBulkScorer does: the rowids are cut into windows that end where the first of the
 * essential terms' current blocks ends (those of the window before), and inside a window each term
 * is bounded by the largest bound of its blocks there, or by nothing when it has no posting left
 * in it. Per window the terms are ordered by those bounds, and the longest prefix whose bounds sum
 * short of the k-th best score is non-essential there. The window is then scored 4,096 rowids at a
 * time (scoreInnerWindows): the essential terms' postings are added term at a time into a score
 * per rowid, and each rowid reached is a candidate, whose non-essential terms are looked up only
 * while its partial score plus their bounds can still reach the threshold, and whose terms are
 * scored exactly only once it passes. A window whose bounds all together cannot reach the
 * threshold is skipped without reading a block.
 *
 * Measured at 1M chunks on long queries (20-40 words; BENCHMARKS.md, "Long queries in bulk"):
 * 0.545× MaxScore's time at the median at top 10, 0.553× at top 1000. Most of the gain is the
 * order of the work per candidate: 164,000 of a long query's 193,000 candidates stop at their
 * first non-essential lookup, and scoring their essential terms exactly before it (as the
 * document-at-a-time version of this did, at 0.83× MaxScore) was most of the time. On short
 * queries it is 1.1× MaxScore's median and worse at p99 (postings-bm25.ts chooses by length). A
 * chunk that could tie the threshold is always scored, so the shared tie-break decides as it does
 * for wink.
 */
export function blockMaxScoreTopK(query: TopKQuery): ScoredChunks {
  const { entries, scorer, lengths, docKeys, k, level, filter } = query;
  const terms = query.terms;
  const n = terms.length;
  // Per window: each term's bound there, the terms in ascending order of it, and prefix sums.
  const windowBounds = new Float64Array(n);
  const order: number[] = terms.map((_, i) => i);
  const prefix = new Float64Array(n);
  const byWindowBound = (x: number, y: number) => windowBounds[x]! - windowBounds[y]!;

  const scoredRowids: number[] = [];
  const scores: number[] = [];
  // Keyed by chunk rowid, or at document level by document key (its first chunk's rowid).
  const best = new KthBest<number>(k);
  let threshold = best.threshold;

  // The terms essential in the last window (all, at first): the window ends where the first of
  // their current blocks ends. Ending it at every term's block end instead made windows of ~45
  // rowids at 1M with 27 terms (one per block of any term), their setup costing more than MaxScore.
  const essential = new Uint8Array(n).fill(1);
  let from = 0;
  while (k > 0) {
    let end = Number.POSITIVE_INFINITY;
    let live = false;
    for (let i = 0; i < n; i++) {
      const cursor = terms[i]!.cursor;
      cursor.seekShallow(from);
      if (cursor.blockAt >= cursor.blocks) continue;
      live = true;
      if (essential[i]) end = Math.min(end, cursor.blockLast(cursor.blockAt));
    }
    if (!live) break;
    if (end === Number.POSITIVE_INFINITY) {
      // Every essential term is exhausted: the rest end where the first of their blocks ends.
      for (const t of terms)
        if (t.cursor.blockAt < t.cursor.blocks) end = Math.min(end, t.cursor.blockLast(t.cursor.blockAt));
    }
    for (let i = 0; i < n; i++) windowBounds[i] = windowBound(terms[i]!, end);
    order.sort(byWindowBound);
    let sum = 0;
    for (let j = 0; j < n; j++) prefix[j] = sum += windowBounds[order[j]!]!;
    if (!cannotReach(sum, threshold)) scoreWindow(end);
    essential.fill(1);
    for (let j = 0; j < n && cannotReach(prefix[j]!, threshold); j++) essential[order[j]!] = 0;
    from = end + 1;
  }
  return { rowids: scoredRowids, scores, threshold };

  /** Every chunk of [from, end] that can reach the threshold, scored and offered (scoreInnerWindows). */
  function scoreWindow(end: number): void {
    try {
      scoreInnerWindows(end);
    } catch (err) {
      // Left mid-window, the shared arrays may hold this query's values: the next query makes new ones.
      dropBulkScratch();
      throw err;
    }
  }

  /**
   * [from, end] INNER_WINDOW rowids at a time: the essential terms' postings in the inner window
   * added term at a time into a score per rowid, then each rowid they reached a candidate, in
   * rowid order, dropped when that partial score and the non-essential terms' bounds cannot reach
   * the threshold, else handed to scoreCandidate.
   */
  function scoreInnerWindows(end: number): void {
    const { partial, seen, tfs, touched } = bulkScratch(n);
    let a = from;
    while (a <= end) {
      let lazy = 0;
      while (lazy < n && cannotReach(prefix[lazy]!, threshold)) lazy++;
      if (lazy === n) return;
      // Where the essential terms' next postings can be: an inner window past them is skipped.
      let first = Number.POSITIVE_INFINITY;
      for (let j = lazy; j < n; j++) {
        const cursor = terms[order[j]!]!.cursor;
        cursor.seekShallow(a);
        if (cursor.rowid < first) first = cursor.rowid;
      }
      if (first > end) return;
      a = Math.max(a, first);
      const limit = Math.min(end + 1, a + INNER_WINDOW);
      let count = 0;
      for (let j = lazy; j < n; j++) {
        const i = order[j]!;
        const t = terms[i]!;
        const cursor = t.cursor;
        cursor.seekShallow(a);
        if (cursor.rowid >= limit) continue;
        cursor.makeExact();
        const base = i * INNER_WINDOW;
        while (cursor.rowid < limit) {
          const off = cursor.rowid - a;
          if (seen[off] === 0) {
            seen[off] = 1;
            touched[count++] = off;
          }
          tfs[base + off] = cursor.tf;
          partial[off]! += t.weight * scorer.score(cursor.tf, lengths[cursor.rowid]!, t.idf);
          cursor.nextExact();
        }
      }
      // In rowid order: the non-essential terms' cursors only move forward.
      const offsets = touched.subarray(0, count).sort();
      const rest = lazy > 0 ? prefix[lazy - 1]! : 0;
      for (let c = 0; c < count; c++) {
        const off = offsets[c]!;
        const rowid = a + off;
        if ((!filter || filter.rowids.has(rowid)) && !cannotReach(partial[off]! + rest, threshold)) {
          const score = scoreCandidate(rowid, tfs, off, lazy, partial[off]!);
          if (score !== undefined) {
            scoredRowids.push(rowid);
            scores.push(score);
            best.offer(level === 'doc' ? docKeys[rowid]! : rowid, score);
            threshold = best.threshold;
          }
        }
        partial[off] = 0;
        seen[off] = 0;
        for (let j = lazy; j < n; j++) tfs[order[j]! * INNER_WINDOW + off] = 0;
      }
      a = limit;
    }
  }

  /**
   * The exact score of a candidate of scoreInnerWindows (`off` its place in the inner window, where
   * `tfs` holds its essential terms' tfs; `sum` their scores added in any order), or undefined when the non-essential
   * terms, looked up largest window bound first, cannot bring it to the threshold. Those lookups
   * come first: most candidates stop there (at a million chunks 164,000 of 193,000 a long query
   * get this far), so the essential terms' exact scores are computed only for the rest.
   */
  function scoreCandidate(rowid: number, tfs: Uint32Array, off: number, lazy: number, sum: number): number | undefined {
    const len = lengths[rowid]!;
    let partialScore = sum;
    for (let j = lazy - 1; j >= 0; j--) {
      if (cannotReach(partialScore + prefix[j]!, threshold)) return undefined;
      const t = terms[order[j]!]!;
      t.matched = false;
      t.score = 0;
      if (windowBounds[order[j]!] === 0) continue;
      t.cursor.seek(rowid);
      if (t.cursor.rowid === rowid) {
        t.matched = true;
        t.score = scorer.score(t.cursor.tf, len, t.idf);
        partialScore += t.weight * t.score;
      }
    }
    for (let j = lazy; j < n; j++) {
      const i = order[j]!;
      const t = terms[i]!;
      const tf = tfs[i * INNER_WINDOW + off]!;
      t.matched = tf > 0;
      t.score = t.matched ? scorer.score(tf, len, t.idf) : 0;
    }
    return entrySum(entries);
  }

  /**
   * The term's bound over [its cursor, end]: the largest of its blocks' bounds there (the blocks
   * from the one shallowTo stopped at to the one holding `end`), 0 when its next posting is past.
   */
  function windowBound(t: QueryTerm, end: number): number {
    const cursor = t.cursor;
    // A cursor's rowid is a lower bound of its next posting.
    if (cursor.rowid > end) return 0;
    let bound = 0;
    for (let block = cursor.blockAt; block < cursor.blocks; block++) {
      bound = Math.max(bound, termBlockBound(t, block, scorer));
      if (cursor.blockLast(block) >= end) break;
    }
    return bound;
  }
}

/** Rowids an inner window of scoreInnerWindows spans (Lucene's MaxScoreBulkScorer uses 4096 too). */
const INNER_WINDOW = 4096;

/** The per-rowid arrays of an inner window, zero between uses, kept for the thread's next query. */
interface BulkScratch {
  partial: Float64Array;
  seen: Uint8Array;
  /** Per term i, its tf at each rowid of the window: tfs[i * INNER_WINDOW + offset]. */
  tfs: Uint32Array;
  touched: Int32Array;
}

let scratch: BulkScratch | undefined;

function dropBulkScratch(): void {
  scratch = undefined;
}

/** The scratch arrays, grown for `terms` terms (every entry is zero again when a window ends). */
function bulkScratch(terms: number): BulkScratch {
  if (!scratch || scratch.tfs.length < terms * INNER_WINDOW)
    scratch = {
      partial: new Float64Array(INNER_WINDOW),
      seen: new Uint8Array(INNER_WINDOW),
      tfs: new Uint32Array(Math.max(terms, 32) * INNER_WINDOW),
      touched: new Int32Array(INNER_WINDOW),
    };
  return scratch;
}
