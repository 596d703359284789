import { createHash } from 'node:crypto';
import { InputError } from '../errors.js';
import type { Pipeline } from '../pipeline/resolve-pipeline.js';
import type { RetrieverKind } from '../reports/report-model.js';
import type { IndexSpec } from '../reports/experiment-config.js';
import { embedsQuery } from '../legs/leg-traits.js';
import type { ExperimentConfig, RetrieverConfig } from './config.js';
import { retrieverPipeline } from './retriever-pipeline.js';
import { fileSafe } from '../reports/file-safe.js';
import { MAX_FILE_NAME_BYTES } from '../schemas/file-names.js';

export function kindOf(pipeline: Pipeline): RetrieverKind {
  return pipeline.legs.length > 1 ? 'fused' : pipeline.legs[0]!.type;
}

/** One configuration of the grid: an index spec and a retriever over it. */
export interface Cell {
  /** Unique, readable: the retriever name, plus the index dimensions that vary in this grid. */
  name: string;
  index: IndexSpec;
  retriever: RetrieverConfig;
  /** The retriever's pipeline at the experiment's level, k = the retrieval depth. */
  pipeline: Pipeline;
  kind: RetrieverKind;
}

/**
 * chunkers × embedders × tokenizers × retrievers. Dimensions with one value are left out of
 * the cell names, so a plain "BM25 vs dense vs hybrid" grid reads `bm25`, `dense`, `hybrid`.
 * Retrievers without a dense leg are not repeated per embedder.
 */
export function expandGrid(config: ExperimentConfig, depth = 100): Cell[] {
  const { chunkers, embedders, tokenizers, retrievers } = config.grid;
  const names = new Set<string>();
  for (const r of retrievers) {
    if (names.has(r.name)) throw new InputError(`two retrievers are named "${r.name}"`, { field: 'grid.retrievers' });
    names.add(r.name);
  }
  const pipelines = new Map(retrievers.map((r) => [r.name, retrieverPipeline(r, config.level, depth)]));
  const cells: Cell[] = [];
  for (const chunker of chunkers)
    for (const tokenizer of tokenizers)
      for (const [e, embedder] of embedders.entries())
        for (const retriever of retrievers) {
          const pipeline = pipelines.get(retriever.name)!;
          const embeds = pipeline.legs.some(embedsQuery);
          if (!embeds && e > 0) continue;
          const parts = [retriever.name];
          if (chunkers.length > 1) parts.push(chunker);
          if (tokenizers.length > 1) parts.push(tokenizer);
          if (embedders.length > 1 && embeds) parts.push(embedder);
          const name = parts.join(' / ');
          checkCellFileName(name);
          cells.push({
            name,
            index: { chunker, embedder, tokenizer },
            retriever,
            pipeline,
            kind: kindOf(pipeline),
          });
        }
  return cells;
}

/** A stable key for anything JSON-serialisable (object keys sorted). */
export function stableHash(value: unknown): string {
  return createHash('sha256').update(stableJson(value)).digest('hex').slice(0, 16);
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * A cell's run file is runs/<fileSafe(name)>.trec (and its cache cells/<...>.json): a retriever's
 * name joined with long chunker or embedder specs (an `openai:model@URL`) can pass the file
 * system's limit even with every part within MAX_NAME_CHARS, so it is refused before any work.
 */
function checkCellFileName(name: string): void {
  const bytes = Buffer.byteLength(`${fileSafe(name)}.trec`);
  if (bytes > MAX_FILE_NAME_BYTES)
    throw new InputError(
      `the configuration "${name}" makes a run file name of ${bytes} bytes, over the ${MAX_FILE_NAME_BYTES} a file system takes: shorten the retriever's name, or run fewer chunkers, tokenizers or embedders in one grid`,
      { field: 'grid' },
    );
}
