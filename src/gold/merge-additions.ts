import type { Qrels } from '../corpus/index.js';
import type { Addition } from './types.js';

/**
 * Sets each addition's grade on `qrels` (in place), the way every reader of a gold set merges
 * them: by date, so the latest judgement of a pair wins and, among equal dates, the one appended
 * last (Array#sort is stable). Going by date rather than file position keeps a back-dated import
 * from overriding a newer judgement. `onMerged` sees each addition as it is applied, in that
 * order, so a caller can keep the winner's source.
 */
export function mergeAdditions(qrels: Qrels, additions: readonly Addition[], onMerged?: (a: Addition) => void): void {
  for (const a of [...additions].sort((x, y) => Date.parse(x.date) - Date.parse(y.date))) {
    let judged = qrels.get(a.query_id);
    if (judged === undefined) qrels.set(a.query_id, (judged = new Map()));
    judged.set(a.doc_id, a.grade);
    onMerged?.(a);
  }
}
