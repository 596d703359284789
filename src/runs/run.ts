import { compareIdBytes } from '../ranking/id-order.js';

/** One retrieved document in a run: its id and the score the system gave it. */
export interface RunDoc {
  id: string;
  score: number;
}

/**
 * A retrieval run: query id -> its documents, best first. Readers and writers keep each list
 * in TREC order (see trecOrder), so metrics can take the ids as they come.
 */
export type Run = Map<string, RunDoc[]>;

/** Compares two ids as C's strcmp compares their UTF-8 bytes (see compareIdBytes). */
export const compareBytes = compareIdBytes;

/**
 * Orders one query's documents as trec_eval does before scoring: score descending, ties broken
 * by document id descending in byte order. The rank column of a run file plays no part, so two
 * tools that print the same scores get the same metrics whatever ranks they wrote. Retrievers
 * already rank in this order (compareHits); runs read from other tools may not.
 * Returns a new array.
 */
export function trecOrder<T extends RunDoc>(docs: readonly T[]): T[] {
  return [...docs].sort((a, b) => (a.score !== b.score ? b.score - a.score : compareIdBytes(b.id, a.id)));
}

/** The ids of a query's documents, best first: the ranking metrics take. Empty if the query is absent. */
export function rankingOf(run: Run, qid: string): string[] {
  return (run.get(qid) ?? []).map((doc) => doc.id);
}
