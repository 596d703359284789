import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Query } from '../corpus/types.js';
import type { Level } from '../ranking/hit.js';
import type { FailedQuery } from '../search/failed-query.js';
import { runQuerySet } from '../search/run-query-set.js';
import type { Searcher } from '../search/searcher.js';
import { isAlive } from '../store/atomic-build.js';
import { fileSafe } from '../reports/file-safe.js';
import { stableHash, type Cell } from './grid.js';
import type { Carried } from '../reports/report-model.js';
import { hybridLegs, ledBy } from './led-by.js';
import { legFiles } from '../legs/leg-traits.js';

/** What one cell retrieved: kept on disk so an interrupted experiment resumes where it stopped. */
export interface CellRun {
  key: string;
  cell: string;
  level: Level;
  depth: number;
  /**
   * qid -> ranked ids (document ids at doc level, chunk ids at chunk level), best first, in
   * trec_eval's order (score descending, ties by id descending in byte order): the order the
   * run file is read back in, so the report's metrics are what trec_eval gives on that file.
   */
  rankings: Record<string, string[]>;
  /** qid -> the retriever's score of each ranked id, same order. */
  scores: Record<string, number[]>;
  /** qid -> retrieval time in ms, query embedding by the model included. */
  latencyMs: Record<string, number>;
  /**
   * Hybrid cells: qid -> how many of the first `carriedK` hits each leg ranked higher (lexical,
   * dense, or a tie: see ledBy): which retriever carried the fusion for that query.
   */
  carried?: Record<string, Carried>;
  carriedK?: number;
  /**
   * Cells with a rerank stage: what the first stage ranked before it (qid -> ids, same order
   * rules), at least the rerank depth deep, so the report can set recall at the rerank depth
   * (what the reranker had to work with) beside the metrics after it.
   */
  firstStage?: { reranker: string; depth: number; rankings: Record<string, string[]> };
  /**
   * Queries a remote leg failed for (in query order): they have no ranking, and the cell is
   * scored over the others. Absent when every query was answered.
   */
  failed?: FailedQuery[];
}

/** The ids of the queries a cell's remote legs failed for. */
export function failedIds(run: Pick<CellRun, 'failed'>): Set<string> {
  return new Set((run.failed ?? []).map((f) => f.queryId));
}

/**
 * Part of every cell's cache key: bump it whenever a change to retrieval, query analysis or what
 * a cell records would make a cached run differ from a fresh one, so stale runs are recomputed.
 * 6: `carried` is counted for any hybrid of one lexical and one dense leg (by leg type), not for
 * legs named bm25 and dense; 5: retrievers are pipelines (N legs, ranx's fusion: wsum gives a missing document 0, where the
 * old z-score fusion gave it the list's lowest z); 4: ties ranked by id descending when retrieved (trec_eval's order), which changes which tied
 * hits survive the cut at depth; 3: short queries detected as a language the index does not hold are also analysed in the
 * majority language; 2: `carried` counts the leg that ranked a hit higher; 1: rankings in
 * trec_eval's order.
 */
const CELL_RUN_REVISION = 6;

/**
 * Runs every query of a cell, or loads the finished result of an earlier run with the same key
 * (same index build, retriever settings, level, depth and queries).
 */
export async function runCell(
  searcher: Searcher,
  cell: Cell,
  queries: readonly Query[],
  options: { level: Level; depth: number; cellsDir: string; carriedK: number; onQuery?: () => void },
): Promise<{ run: CellRun; resumed: boolean }> {
  const key = stableHash({
    index: searcher.meta.corpus.contentHash,
    built: searcher.meta.build.startedAt,
    pipeline: cell.pipeline,
    level: options.level,
    depth: options.depth,
    carriedK: options.carriedK,
    revision: CELL_RUN_REVISION,
    // A file a leg reads (a run leg's run file) can change under the same name: its content is part of the key.
    runFiles: cell.pipeline.legs.flatMap((leg) => legFiles(leg).map(fileDigest)),
    queries: queries.map((q) => [q.id, q.text]),
  });
  const file = path.join(options.cellsDir, `${fileSafe(cell.name)}.json`);
  removeStaleTemps(file);
  const previous = readCellRun(file);
  // A run with failed queries is retried whole: the remote engine may answer them now.
  if (previous?.key === key && !previous.failed?.length) return { run: previous, resumed: true };

  const run: CellRun = {
    key,
    cell: cell.name,
    level: options.level,
    depth: options.depth,
    rankings: {},
    scores: {},
    latencyMs: {},
  };
  const hybrid = hybridLegs(cell.pipeline.legs);
  const rerank = cell.pipeline.rerank;
  if (rerank) run.firstStage = { reranker: rerank.name, depth: rerank.depth, rankings: {} };
  await runQuerySet(
    searcher,
    { ...cell.pipeline, k: options.depth, level: options.level },
    queries,
    ({ qid, hits, ms, firstStage }) => {
      run.latencyMs[qid] = ms;
      if (run.firstStage) run.firstStage.rankings[qid] = (firstStage ?? []).map((h) => h.id);
      run.rankings[qid] = hits.map((h) => h.id);
      run.scores[qid] = hits.map((h) => h.score);
      if (hybrid) {
        (run.carried ??= {})[qid] = ledBy(hits.slice(0, options.carriedK), hybrid);
        run.carriedK = options.carriedK;
      }
      options.onQuery?.();
    },
    (failure) => {
      (run.failed ??= []).push(failure);
      options.onQuery?.();
    },
  );
  fs.mkdirSync(options.cellsDir, { recursive: true });
  const tmp = `${file}.tmp-${process.pid}`;
  fs.writeFileSync(tmp, JSON.stringify(run));
  fs.renameSync(tmp, file);
  return { run, resumed: false };
}

function fileDigest(file: string): string {
  try {
    return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  } catch {
    return 'missing';
  }
}

/**
 * A run killed between writing a cell's temp file and renaming it leaves `<cell>.json.tmp-<pid>`
 * behind; the next run of that cell removes those of processes that are gone.
 */
function removeStaleTemps(file: string): void {
  const prefix = `${path.basename(file)}.tmp-`;
  let names: string[];
  try {
    names = fs.readdirSync(path.dirname(file));
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length));
    if (Number.isInteger(pid) && (pid === process.pid || isAlive(pid))) continue;
    fs.rmSync(path.join(path.dirname(file), name), { force: true });
  }
}

function readCellRun(file: string): CellRun | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as CellRun;
  } catch {
    return undefined;
  }
}

// Lives in runs/ with documentRanking; re-exported for the experiment's modules.
export { docOf } from '../runs/document-ranking.js';
