import { TestbedError } from '../../errors.js';
import { chooseChunker } from '../../indexing/choose-chunker.js';
import { USE_LITE_MAX_TOKENS } from '../../embedders/use-lite-tokens.mjs';
import { USE_LITE_ID } from '../../embedders/use-lite.js';
import { embedsQuery } from '../../legs/leg-traits.js';
import type { Pipeline } from '../../pipeline/resolve-pipeline.js';
import type { IndexMeta } from '../../store/index-meta.js';
import type { IndexCatalog } from '../catalog/index-catalog.js';

/**
 * What `testbed serve --ensure` embeds with, in the background, after building the lexical
 * part first: the same `auto` a `testbed index` would use (transformers MiniLM when this
 * machine holds it, else use-lite).
 */
export const BACKGROUND_EMBEDDER = 'auto';

/**
 * The chunker of a lexical-first build: `auto` sized for use-lite, the embedder `auto` falls
 * back to offline (the one a new machine has), chosen without loading it, so the lexical part
 * is written in seconds. The background build chooses again, for the embedder it loads: the
 * same chunks with use-lite; on a machine holding MiniLM (a longer input) larger ones, so BM25's
 * hits change once the embedded index replaces the lexical one.
 */
export function lexicalFirstChunker(): string {
  return chooseChunker('auto', { id: USE_LITE_ID, maxTokens: USE_LITE_MAX_TOKENS }).spec;
}

/** Seconds a client is told to wait before asking again while an index is embedding. */
export const EMBEDDING_RETRY_AFTER_S = 5;

/**
 * A search that needs the index's vectors (a dense leg, hybrid, an engine leg sending the query
 * as a vector) while they are still being made: the index was written lexical-first and its
 * build is embedding. A 503 with Retry-After: the request will succeed, unchanged, once the
 * build finishes; BM25 answers meanwhile. `embedded` of `total` chunks so far, and `eta_s` the
 * seconds left at the rate since the first chunk (absent until there is a rate to extrapolate).
 */
export class EmbeddingInProgressError extends TestbedError {
  readonly code = 'embedding_in_progress';
  readonly status = 503;
  constructor(
    readonly index: string,
    readonly embedded: number,
    readonly total: number | undefined,
    readonly etaSeconds: number | undefined,
  ) {
    const progress =
      total === undefined
        ? 'reading the corpus'
        : `${embedded} of ${total} chunks embedded${etaSeconds === undefined ? '' : `, about ${Math.ceil(etaSeconds)} s left`}`;
    super(`index "${index}" is still being embedded (${progress}): bm25 answers now, dense and hybrid once it is done`);
    this.name = 'EmbeddingInProgressError';
  }

  /** The 503's body: the usual error object, and the progress as numbers. */
  body(): { error: { code: string; message: string }; embedded: number; total: number | null; eta_s: number | null } {
    return {
      error: { code: this.code, message: this.message },
      embedded: this.embedded,
      total: this.total ?? null,
      eta_s: this.etaSeconds === undefined ? null : Math.ceil(this.etaSeconds),
    };
  }
}

/** Whether an index holds no vectors yet and a build that will give it some is queued or running. */
export function vectorsPending(catalog: IndexCatalog, index: string, meta: IndexMeta): boolean {
  return meta.embedder === null && meta.vectorsPending !== undefined && catalog.builds.isBuilding(index);
}

/**
 * Throws EmbeddingInProgressError when `pipeline` needs vectors the index does not have yet
 * (vectorsPending); a lexical pipeline, or an index with no build under way, passes (an index
 * built lexical-only on purpose keeps answering dense with its 400).
 */
export function checkVectorsReady(catalog: IndexCatalog, index: string, meta: IndexMeta, pipeline: Pipeline): void {
  if (!pipeline.legs.some(embedsQuery) || !vectorsPending(catalog, index, meta)) return;
  const job = catalog.builds.job(index);
  const p = job?.progress;
  const embedding = p?.phase === 'embedding' || p?.phase === 'indexing';
  throw new EmbeddingInProgressError(
    index,
    embedding ? (p.phase === 'indexing' ? (p.total ?? p.done) : p.done) : 0,
    embedding ? p.total : meta.counts.chunks,
    catalog.builds.secondsLeft(index),
  );
}

/**
 * Starts the background build that gives a lexical-first index its vectors (same corpus and
 * tokenizer, the chunker `auto` as `testbed index` would choose it: lexicalFirstChunker), unless one is already under way or the index
 * needs none. The build writes a temp file and renames it over the index when done, so the
 * lexical index keeps answering until then, and stopping the server half way leaves it as it
 * was (the next start embeds again, the chunks embedded so far read from the cache).
 */
export function startPendingEmbedding(catalog: IndexCatalog, index: string): boolean {
  const status = catalog.indexes.status(index);
  if (status?.status !== 'ready' || !status.meta.vectorsPending || catalog.builds.isBuilding(index)) return false;
  const { meta } = status;
  catalog.builds.start(index, {
    corpus: meta.corpus.path,
    chunker: 'auto',
    embedder: meta.vectorsPending!.embedder,
    tokenizer: meta.tokenizer,
  });
  return true;
}
