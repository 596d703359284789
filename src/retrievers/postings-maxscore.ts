import { cannotReach } from './bm25-term-score.js';
import { KthBest } from './kth-best.js';
import { entrySum, type QueryTerm, type ScoredChunks, termBlockBound, type TopKQuery } from './postings-query.js';

/**
 * Top k document-at-a-time with MaxScore and block-max bounds: terms whose summed bounds cannot
 * reach the current k-th best score (of chunks, or at document level of documents, each scoring
 * as its best chunk) only confirm candidates found by the others; a run of rowids where every
 * term's block bound sums short is skipped without reading those blocks; and a candidate is
 * dropped before the other terms are read when its exact partial score plus their block bounds
 * falls short. A chunk that could tie the threshold is always scored, so the shared tie-break
 * decides as it does for wink. Every query term costs a little per candidate, so short queries
 * are its strength (postings-bm25.ts chooses).
 */
export function maxScoreTopK(query: TopKQuery): ScoredChunks {
  const { entries, scorer, lengths, docKeys, k, level, filter } = query;
  const terms = [...query.terms];
  // Ascending bounds: the first `lazy` terms are the non-essential ones of MaxScore.
  terms.sort((x, y) => x.bound - y.bound);
  const prefixBound: number[] = [];
  let sum = 0;
  for (const t of terms) prefixBound.push((sum += t.bound));
  // The lazy terms' block bounds at the candidate being scored (one array per query, not per candidate).
  const lazyBounds = new Float64Array(terms.length);

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
  return { rowids: scoredRowids, scores, threshold: best.threshold };

  /** The term's bound over the block holding (or next after) `rowid`: 0 past its last block. */
  function blockBound(t: QueryTerm, rowid: number): number {
    const block = t.cursor.shallowTo(rowid);
    return block >= t.cursor.blocks ? 0 : termBlockBound(t, block, scorer);
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
      for (let i = 0; i < lazyCount; i++) {
        terms[i]!.matched = false;
        terms[i]!.score = 0;
      }
      // The lazy terms' whole-list bounds first: when even they fall short, no block is looked at.
      if (cannotReach(partial + prefixBound[lazyCount - 1]!, threshold)) return undefined;
      // Block bounds of the lazy terms at this rowid, then their postings, largest bound first.
      let rest = 0;
      for (let i = 0; i < lazyCount; i++) {
        const t = terms[i]!;
        // Past this rowid already (its next posting is known to be later): it adds nothing.
        const bound = t.cursor.rowid > rowid ? 0 : blockBound(t, rowid);
        lazyBounds[i] = bound;
        rest += bound;
      }
      if (cannotReach(partial + rest, threshold)) return undefined;
      for (let i = lazyCount - 1; i >= 0; i--) {
        const t = terms[i]!;
        rest -= lazyBounds[i]!;
        if (lazyBounds[i]! > 0) {
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
    return entrySum(entries);
  }
}
