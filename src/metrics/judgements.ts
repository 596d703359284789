import type { Qrels } from '../corpus/types.js';
import { InputError } from '../errors.js';
import { compareIdBytes } from '../ranking/id-order.js';
import type { PairSources } from './pair-sources.js';
import { countRelevant, isRelevant } from './relevance.js';
import { DEFAULT_THRESHOLD } from './types.js';

/**
 * The one value every scorer takes: the judgements as read, every grade kept (0, "judged not
 * relevant", and negative, "pooled but not judged", included), with the threshold that splits
 * relevant from not. `eval`, experiments, `tune`, `compare`, `fuse` and the judge's before/after
 * all score through it, so a grade-0 line counts the same everywhere: bpref and judged@k read
 * it, nDCG's ideal ranking uses every positive grade whatever the threshold. A copy filtered to
 * the relevant documents is never scored; `relevantDocs` gives that view where a report lists
 * what a query should have found.
 */
export interface Judgements {
  /** query id -> document id -> grade, as read (with additions merged). */
  readonly grades: Qrels;
  /** The lowest grade counted relevant (trec_eval `-l`). */
  readonly threshold: number;
  /** The highest grade in the set (0 when nothing is graded above 0): what a judge's scale maps onto. */
  readonly maxGrade: number;
  /** Judged queries with at least one document at or above the threshold, in byte order of their ids. */
  readonly answerable: readonly string[];
  /** Judged queries with none at or above the threshold, in byte order. */
  readonly unanswerable: readonly string[];
  /** Where each judgement came from, when the reader knew (gold/judgement-sources.ts). */
  readonly sources?: PairSources;
}

const NO_GRADES: ReadonlyMap<string, number> = new Map();

/**
 * Judgements over `grades` at `threshold`. The grades are not copied: a caller that changes them
 * afterwards makes a new value with this function again. Refuses a threshold that is not a
 * whole number of 0 or more, as trec_eval's -l would.
 */
export function judgementsOf(grades: Qrels, threshold = DEFAULT_THRESHOLD, sources?: PairSources): Judgements {
  if (!Number.isInteger(threshold) || threshold < 0)
    throw new InputError(`the relevance threshold must be a whole number of 0 or more, got ${threshold}`);
  const answerable: string[] = [];
  const unanswerable: string[] = [];
  let maxGrade = 0;
  for (const qid of [...grades.keys()].sort(compareIdBytes)) {
    const judged = grades.get(qid)!;
    for (const g of judged.values()) if (g > maxGrade) maxGrade = g;
    (countRelevant(judged, threshold) > 0 ? answerable : unanswerable).push(qid);
  }
  return { grades, threshold, maxGrade, answerable, unanswerable, ...(sources && { sources }) };
}

/** The same judgements kept to `queryIds` (a tuning fold, the queries a run answered): threshold and sources stay. */
export function judgementsFor(judgements: Judgements, queryIds: Iterable<string>): Judgements {
  const kept: Qrels = new Map();
  for (const qid of queryIds) {
    const judged = judgements.grades.get(qid);
    if (judged) kept.set(qid, judged);
  }
  return judgementsOf(kept, judgements.threshold, judgements.sources);
}

/** A query's grades, every one of them; an empty map for a query nobody judged. */
export function gradesOf(judgements: Judgements, qid: string): ReadonlyMap<string, number> {
  return judgements.grades.get(qid) ?? NO_GRADES;
}

/** Whether the query has a document at or above the threshold. */
export function isAnswerable(judgements: Judgements, qid: string): boolean {
  return countRelevant(gradesOf(judgements, qid), judgements.threshold) > 0;
}

/** A query's relevant documents with their grades: what a report lists as "should have found". */
export function relevantDocs(judgements: Judgements, qid: string): Map<string, number> {
  const relevant = new Map<string, number>();
  for (const [doc, grade] of gradesOf(judgements, qid))
    if (isRelevant(grade, judgements.threshold)) relevant.set(doc, grade);
  return relevant;
}
