import type { Run, RunDoc } from './run.js';

/**
 * Passes a run arriving query by query through unchanged, keeping in `top` each query's first
 * `keep` documents: what is said about the top of a run (judgementNotes) once it is written,
 * without holding the run.
 */
export async function* keepTop<Q extends { qid: string; docs: readonly RunDoc[] }>(
  queries: AsyncIterable<Q>,
  top: Run,
  keep: number,
): AsyncGenerator<Q> {
  for await (const query of queries) {
    top.set(query.qid, query.docs.slice(0, keep));
    yield query;
  }
}
