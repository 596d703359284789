import { compareIdBytes } from '../ranking/id-order.js';
import type { Cutoffs } from './fuse-runs.js';
import { fuseLists, type FuseOptions } from './fuse-lists.js';
import type { ScoredId } from './ranked-list.js';
import { queryReader, type RunFileIndex } from './run-file-index.js';

/** One leg of `fuse` as files: its name and its indexed run file. */
export interface IndexedLeg {
  name: string;
  index: RunFileIndex;
}

/**
 * fuseRuns over run files, one query at a time: for every query any run holds, in byte order of
 * the ids, each run's list is read (empty where it lacks the query), cut to `depth` and fused;
 * the first `k` are yielded. Only one query's lists are held at a time, so memory is bounded by
 * the longest list, not by the files; the fused lists are fuseRuns' on the same runs.
 */
export async function* fuseRunFiles(
  legs: readonly IndexedLeg[],
  options: FuseOptions,
  { depth, k }: Cutoffs,
): AsyncGenerator<{ qid: string; docs: ScoredId[] }> {
  const readers = legs.map(({ index }) => queryReader(index));
  const qids = [...new Set(legs.flatMap(({ index }) => [...index.ranges.keys()]))].sort(compareIdBytes);
  try {
    for (const qid of qids) {
      const lists = [];
      for (const [i, leg] of legs.entries()) {
        const items = await readers[i]!.read(qid);
        lists.push({ name: leg.name, items: items.slice(0, depth) });
      }
      yield { qid, docs: fuseLists(lists, options).slice(0, k) };
    }
  } finally {
    await Promise.all(readers.map((r) => r.close()));
  }
}
