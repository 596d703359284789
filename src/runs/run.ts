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

/**
 * Compares two strings as C's strcmp compares their UTF-8 bytes. JavaScript's `<` compares
 * UTF-16 code units, which orders U+E000..U+FFFF after astral characters; trec_eval does not.
 */
export function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/**
 * Orders one query's documents as trec_eval does before scoring: score descending, ties broken
 * by document id descending in byte order. The rank column of a run file plays no part, so two
 * tools that print the same scores get the same metrics whatever ranks they wrote.
 * Returns a new array; each id is encoded once, not once per comparison.
 */
export function trecOrder<T extends RunDoc>(docs: readonly T[]): T[] {
  return docs
    .map((doc) => ({ doc, key: Buffer.from(doc.id, 'utf8') }))
    .sort((a, b) => (a.doc.score !== b.doc.score ? b.doc.score - a.doc.score : Buffer.compare(b.key, a.key)))
    .map(({ doc }) => doc);
}

/** The ids of a query's documents, best first: the ranking metrics take. Empty if the query is absent. */
export function rankingOf(run: Run, qid: string): string[] {
  return (run.get(qid) ?? []).map((doc) => doc.id);
}
