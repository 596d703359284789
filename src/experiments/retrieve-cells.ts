import path from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { EmbedderPool } from '../embedders/embedder-pool.js';
import { Searcher } from '../search/searcher.js';
import { runCell, type CellRun } from './cell-run.js';
import { annLeg } from './ann-recall.js';
import { recordingQueryVectors, type QueryVectorLog } from '../embedders/query-vector-log.js';
import { goldPaths } from './config.js';
import { checkGoldIds } from './gold-check.js';
import { stableHash } from './grid.js';
import { ensureIndex, INDEX_CACHE_FOLDER, readingCachedIndex, type CachedIndex } from './index-cache.js';
import type { ExperimentPlan } from './plan.js';
import type { ExperimentProgress } from './progress.js';

/** One index of the grid, open. */
export interface OpenIndex {
  index: CachedIndex;
  searcher: Searcher;
}

export interface RetrievedCells {
  /** Per cell name, its rankings. */
  runs: Map<string, CellRun>;
  /** Per index spec (stableHash of it), the index the cells ran on; the caller closes them. */
  indexes: Map<string, OpenIndex>;
  /** Cells whose finished run was reused. */
  resumed: Set<string>;
  /** Per ANN cell (ann-recall.ts) run here, the query vectors it sent, for the exact scan to reuse. */
  queryVectors: Map<string, QueryVectorLog>;
}

/**
 * The retrieve stage: builds (or reuses) one index per chunker x embedder x tokenizer, and runs
 * every query through every cell, or reuses a cell's finished run from an earlier or interrupted
 * run with the same key. The gold ids are checked against the first index built.
 */
export async function retrieveCells(
  plan: ExperimentPlan,
  options: {
    cacheDir: string;
    outDir: string;
    pool: EmbedderPool;
    onProgress?: (p: ExperimentProgress) => void;
    onNotice?: (message: string) => void;
  },
): Promise<RetrievedCells> {
  const { config, cells, queries } = plan;
  const total = cells.length * queries.length;
  let done = 0;
  const out: RetrievedCells = { runs: new Map(), indexes: new Map(), resumed: new Set(), queryVectors: new Map() };
  for (const cell of cells) {
    const key = stableHash(cell.index);
    let entry = out.indexes.get(key);
    if (!entry) {
      options.onProgress?.({ phase: 'indexing', cell: cell.name, done, total });
      const index = await ensureIndex(
        config.corpus,
        cell.index,
        {
          indexDir: path.join(options.cacheDir, INDEX_CACHE_FOLDER),
          embeddingCache: path.join(options.cacheDir, 'embeddings.sqlite'),
        },
        { onNotice: options.onNotice },
      );
      // Queries are embedded by the model every time (no cache), so the latency a cell records
      // is what a user would see; finished cells are reused whole instead.
      const searcher = new Searcher(key, index.file, (id) => options.pool.get(id));
      if (out.indexes.size === 0) {
        const reader = searcher.reader;
        await readingCachedIndex(index.file, () =>
          checkGoldIds(
            goldPaths(config).qrels,
            plan.judgements.grades,
            new Set(queries.map((q) => q.id)),
            (id) => reader.document(id) !== undefined,
          ),
        );
      }
      out.indexes.set(key, (entry = { index, searcher }));
    }
    const searcher = entry.searcher;
    const file = entry.index.file;
    const retrieve = () =>
      readingCachedIndex(file, () =>
        runCell(searcher, cell, queries, {
          level: config.level,
          depth: plan.depth,
          carriedK: config.context_k,
          cellsDir: path.join(options.outDir, 'cells'),
          onQuery: () => options.onProgress?.({ phase: 'retrieving', cell: cell.name, done: ++done, total }),
        }),
      );
    const log: QueryVectorLog | undefined = annLeg(cell.pipeline) ? new Map() : undefined;
    const { run, resumed } = log ? await recordingQueryVectors(log, retrieve) : await retrieve();
    if (log?.size) out.queryVectors.set(cell.name, log);
    if (resumed) {
      done += queries.length;
      options.onProgress?.({ phase: 'retrieving', cell: cell.name, done, total });
      out.resumed.add(cell.name);
    }
    out.runs.set(cell.name, run);
    // A cell of keyword queries never waits on I/O; between cells the process reads its messages
    // (a parent gone, see job-entry.ts) and sends its progress.
    await yieldToEventLoop();
  }
  return out;
}
