import type { RunQuery } from '../../runs/run-queries.js';
import type { Run } from '../../runs/run.js';

/**
 * What `tune` keeps of one run file: the lists it can fuse, and for the coverage check
 * (checkRunCoverage) every query id and the number of lines.
 */
export interface JudgedLists {
  /** The judged queries' lists only, each cut to the depth fused: best first, as read. */
  run: Run;
  /** Every query id of the file, each once, in the file's order. */
  queries: string[];
  /** Lines over all its queries, the unjudged ones and those past the depth included. */
  lines: number;
}

/**
 * Collects a run read query by query (readRunQueries) as `tune` needs it: of each query in
 * `judged` its first `depth` documents (all without a depth), and of the others only the id.
 * tuneFusion ranks the judged queries alone, each leg cut to `depth`, so the lists dropped here
 * are never read; memory is bounded by judged queries x depth (and one query's list while it
 * is read), not by the file.
 */
export async function collectJudgedLists(
  queries: AsyncIterable<RunQuery>,
  judged: ReadonlySet<string>,
  depth?: number,
): Promise<JudgedLists> {
  const run: Run = new Map();
  const ids: string[] = [];
  let lines = 0;
  for await (const { qid, docs } of queries) {
    ids.push(qid);
    lines += docs.length;
    if (judged.has(qid)) run.set(qid, depth === undefined || docs.length <= depth ? docs : docs.slice(0, depth));
  }
  return { run, queries: ids, lines };
}
