import { InputError } from '../errors.js';
import { readRunQueries, type RunRange } from '../runs/run-queries.js';
import type { RunDoc } from '../runs/run.js';
import { compareIdBytes } from '../ranking/id-order.js';

/** Where each query of a run file is, found by one pass over it; the documents are not kept. */
export interface RunFileIndex {
  file: string;
  /** Query id -> its lines' byte range, in the file's order. */
  ranges: Map<string, RunRange>;
  /** Lines over all queries. */
  lines: number;
}

/**
 * Reads a run file once, query by query (readRunQueries, which checks every line), keeping only
 * where each query is: a few numbers per query, so runs can then be fused query by query
 * whatever order each lists its queries in.
 */
export async function indexRunFile(file: string): Promise<RunFileIndex> {
  const ranges = new Map<string, RunRange>();
  let lines = 0;
  for await (const { qid, docs, start, end, firstLine } of readRunQueries(file)) {
    ranges.set(qid, { start, end, firstLine });
    lines += docs.length;
  }
  return { file, ranges, lines };
}

/**
 * A reader of one indexed run's queries, asked for in byte order of their ids (as fuseRuns visits
 * them), all of them or some (tune asks for the judged ones only). A file already listing its
 * queries in that order (most do: trec_eval's order) is read straight through, once more,
 * passing over the queries not asked for; any other is read one query's byte range at a time.
 * Either way one query's documents are held at a time. A query the run lacks is an empty list.
 */
export function queryReader(index: RunFileIndex): QueryReader {
  const ids = [...index.ranges.keys()];
  const sorted = ids.every((id, i) => i === 0 || compareIdBytes(ids[i - 1]!, id) < 0);
  if (sorted) {
    const queries = readRunQueries(index.file);
    return {
      async read(qid) {
        if (!index.ranges.has(qid)) return [];
        // Asked in byte order and listed in byte order: this one is the next query of the file
        // not before it; those before it were not asked for.
        for (;;) {
          const next = await queries.next();
          if (next.done || compareIdBytes(next.value.qid, qid) > 0) throw changed(index.file);
          if (next.value.qid === qid) return next.value.docs;
        }
      },
      async close() {
        await queries.return(undefined);
      },
    };
  }
  return {
    async read(qid) {
      const range = index.ranges.get(qid);
      if (range === undefined) return [];
      for await (const query of readRunQueries(index.file, range)) return query.docs;
      throw changed(index.file);
    },
    async close() {},
  };
}

/** One query's documents on demand; close() lets go of the file when the caller stops early. */
export interface QueryReader {
  read(qid: string): Promise<RunDoc[]>;
  close(): Promise<void>;
}

function changed(file: string): InputError {
  return new InputError('the file changed while it was read: run the command again', { file });
}
