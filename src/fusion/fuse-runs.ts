import { compareIdBytes } from '../ranking/id-order.js';
import { fuseLists, type FuseOptions } from './fuse-lists.js';
import type { ScoredId } from './ranked-list.js';

/** Query id -> that query's documents, best first (the shape of a run read from a TREC file). */
export type QueryLists = ReadonlyMap<string, readonly ScoredId[]>;

/** A named run: one leg of the fusion, with a ranked list per query. */
export interface NamedRun {
  name: string;
  run: QueryLists;
}

/** Fused documents kept per query when not told: the depth of a TREC ad hoc run (1000 per topic). */
export const DEFAULT_FUSED_K = 1000;

export interface Cutoffs {
  /** Each input list is cut to its first `depth` documents before fusing (undefined: all). */
  depth?: number;
  /** Fused documents kept per query. */
  k: number;
}

/**
 * Fuses runs query by query: for every query any run holds, each run's list (empty where the
 * run lacks the query) is cut to `depth` and the lists are fused with fuseLists; the first `k`
 * fused documents are kept. Queries come out in byte order of their ids, as trec_eval sorts them.
 */
export function fuseRuns(runs: readonly NamedRun[], options: FuseOptions, cutoffs: Cutoffs): Map<string, ScoredId[]> {
  const out = new Map<string, ScoredId[]>();
  for (const qid of queryIds(runs)) out.set(qid, fuseQuery(runs, qid, options, cutoffs));
  return out;
}

/** One query of fuseRuns. */
export function fuseQuery(
  runs: readonly NamedRun[],
  qid: string,
  options: FuseOptions,
  { depth, k }: Cutoffs,
): ScoredId[] {
  const lists = runs.map(({ name, run }) => ({ name, items: (run.get(qid) ?? []).slice(0, depth) }));
  return fuseLists(lists, options).slice(0, k);
}

/** Every query id of the runs, in byte order. */
export function queryIds(runs: readonly NamedRun[]): string[] {
  return [...new Set(runs.flatMap(({ run }) => [...run.keys()]))].sort(compareIdBytes);
}
