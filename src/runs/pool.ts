import { isJudged } from '../corpus/judged-grade.js';
import type { Qrels } from '../corpus/types.js';
import type { Level } from '../schemas/names.js';
import { documentRanking, isBlank } from './document-ranking.js';
import { compareBytes } from './run.js';

/** One system's rankings for the pool: query id -> ranked ids, best first (chunk ids at chunk level). */
export interface PoolRun {
  name: string;
  rankings: ReadonlyMap<string, readonly string[]>;
}

/** One (query, document) pair of the pool, with the grade the qrels already hold (undefined: a hole). */
export interface PoolEntry {
  queryId: string;
  docId: string;
  grade: number | undefined;
}

/** How many of one run's top-depth (query, document) pairs the qrels have no judgement for. */
export interface RunHoles {
  name: string;
  pairs: number;
  unjudged: number;
}

export interface Pool {
  depth: number;
  /** Sorted by query id, then document id (byte order): the same runs always give the same file. */
  entries: PoolEntry[];
  /** In the order the runs were given. */
  runs: RunHoles[];
  judged: number;
  unjudged: number;
}

/**
 * The TREC depth-k pool: for every query, the union of each run's top `depth` documents. Judging
 * the pool is what makes a comparison of those runs fair: qrels drawn from one system's results
 * leave the others' hits unjudged, and an unjudged hit counts as a miss. Chunk-level rankings are
 * read as the metrics read them (documentRanking): depth counts ranks and a document's later
 * passages add nothing, so the pool at k holds exactly what a metric at k looked at.
 */
export function buildPool(runs: readonly PoolRun[], qrels: Qrels, depth: number, level: Level): Pool {
  const byQuery = new Map<string, Set<string>>();
  const holes: RunHoles[] = [];
  for (const run of runs) {
    let pairs = 0;
    let unjudged = 0;
    for (const [qid, ids] of run.rankings) {
      let docs = byQuery.get(qid);
      if (docs === undefined) byQuery.set(qid, (docs = new Set()));
      for (const doc of documentRanking(ids.slice(0, depth), level)) {
        if (isBlank(doc)) continue;
        pairs++;
        if (!isJudged(qrels.get(qid)?.get(doc))) unjudged++;
        docs.add(doc);
      }
    }
    holes.push({ name: run.name, pairs, unjudged });
  }
  const entries: PoolEntry[] = [];
  for (const qid of [...byQuery.keys()].sort(compareBytes)) {
    for (const docId of [...byQuery.get(qid)!].sort(compareBytes)) {
      const grade = qrels.get(qid)?.get(docId);
      entries.push({ queryId: qid, docId, grade: isJudged(grade) ? grade : undefined });
    }
  }
  const judged = entries.filter((e) => e.grade !== undefined).length;
  return { depth, entries, runs: holes, judged, unjudged: entries.length - judged };
}
