import { cannotReach } from './bm25-term-score.js';
import { KthBest } from './kth-best.js';
import { entrySum, type QueryTerm, type ScoredChunks, termBlockBound, type TopKQuery } from './postings-query.js';

/**
 * Top k document-at-a-time with block-max MaxScore over windows of rowids (as Lucene's
 * MaxScoreBulkScorer does): the rowids are cut into windows that end where the first of the
 * essential terms' current blocks ends (those of the window before), and inside a window each term
 * is bounded by the largest bound of its blocks there, or by nothing when it has no posting left
 * in it. Per window the terms are ordered by those bounds, and the longest prefix whose bounds sum
 * short of the k-th best score is non-essential there: only the other terms' postings become
 * candidates, and the non-essential terms are looked up at a candidate only while its exact
 * partial score plus their bounds can still reach the threshold. A window whose bounds all
 * together cannot reach it is skipped without reading a block.
 *
 * Against MaxScore (postings-maxscore.ts), which sums every term's block bound at every
 * candidate (182,000 loop turns a long query at 1M, for 143 chunks scored), this does the
 * per-term work once a window: 0.85× MaxScore's time at the median on long queries at 1M, p99
 * lower too, but a p99 9-12× MaxScore's on short ones (postings-bm25.ts chooses by length). It
 * still visits ~190,000 candidates a long query: the essential terms' postings, each pruned only
 * after its exact partial score. A chunk that could tie the threshold is always scored, so the
 * shared tie-break decides as it does for wink.
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

  /** Every chunk of [from, end] that can reach the threshold, scored and offered. */
  function scoreWindow(end: number): void {
    // order[0, lazy) are the window's non-essential terms.
    let lazy = 0;
    while (lazy < n && cannotReach(prefix[lazy]!, threshold)) lazy++;
    let candidate = nextCandidate();
    for (;;) {
      if (candidate > end) return;
      let moved = false;
      for (let j = lazy; j < n; j++) {
        const cursor = terms[order[j]!]!.cursor;
        if (cursor.rowid === candidate && !cursor.exact) {
          cursor.makeExact();
          moved ||= cursor.rowid !== candidate;
        }
      }
      if (moved) {
        candidate = nextCandidate();
        continue;
      }
      if (!filter || filter.rowids.has(candidate)) {
        const score = scoreCandidate(candidate, lazy);
        if (score !== undefined) {
          scoredRowids.push(candidate);
          scores.push(score);
          best.offer(level === 'doc' ? docKeys[candidate]! : candidate, score);
          threshold = best.threshold;
          while (lazy < n && cannotReach(prefix[lazy]!, threshold)) lazy++;
          if (lazy === n) return;
        }
      }
      // Past the candidate, and the next one found in the same pass.
      let next = Number.POSITIVE_INFINITY;
      for (let j = lazy; j < n; j++) {
        const cursor = terms[order[j]!]!.cursor;
        if (cursor.rowid === candidate) cursor.next();
        if (cursor.rowid < next) next = cursor.rowid;
      }
      candidate = next;
    }

    /** The smallest rowid among the essential terms' cursors (a lower bound where one is shallow). */
    function nextCandidate(): number {
      let min = Number.POSITIVE_INFINITY;
      for (let j = lazy; j < n; j++) min = Math.min(min, terms[order[j]!]!.cursor.rowid);
      return min;
    }
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

  /** The candidate's exact score, or undefined when it cannot reach the threshold. */
  function scoreCandidate(rowid: number, lazy: number): number | undefined {
    const len = lengths[rowid]!;
    let partial = 0;
    for (let j = lazy; j < n; j++) {
      const t = terms[order[j]!]!;
      t.matched = t.cursor.rowid === rowid;
      t.score = t.matched ? scorer.score(t.cursor.tf, len, t.idf) : 0;
      partial += t.weight * t.score;
    }
    for (let j = 0; j < lazy; j++) {
      const t = terms[order[j]!]!;
      t.matched = false;
      t.score = 0;
    }
    // The non-essential terms, largest window bound first, while they can still make a difference.
    for (let j = lazy - 1; j >= 0; j--) {
      if (cannotReach(partial + prefix[j]!, threshold)) return undefined;
      const i = order[j]!;
      if (windowBounds[i] === 0) continue;
      const t = terms[i]!;
      t.cursor.seek(rowid);
      if (t.cursor.rowid === rowid) {
        t.matched = true;
        t.score = scorer.score(t.cursor.tf, len, t.idf);
        partial += t.weight * t.score;
      }
    }
    return entrySum(entries);
  }
}
