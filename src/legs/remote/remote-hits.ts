import type { Hit, Level, Retrieval } from '../../ranking/hit.js';
import { rankHits, toLevel } from '../../ranking/rank.js';
import { RemoteError, type RemoteCaller } from '../../remote/remote-error.js';
import type { ChunkFilter } from '../../store/chunk-filter.js';

/** One hit as a remote engine gave it, after its fields were read (read-remote-hits.ts). */
export interface RawRemoteHit {
  docId: string;
  /** Absent when the engine ranks whole documents: the document's first chunk stands for it. */
  chunkId?: string;
  score: number;
}

/** What the index says about ids: an IndexReader is one. */
export interface IndexIds {
  chunk(id: string): { docId: string } | undefined;
  chunksOf(docId: string): readonly { id: string }[];
}

export interface RemoteHitsContext {
  /** The leg (`leg "os"`) and the query id, for errors. */
  caller: RemoteCaller;
  /** What was called, as shownEndpoint writes it (no credentials). */
  endpoint: string;
  /** The HTTP status of the answer the hits came from. */
  status?: number;
  index: IndexIds;
  level: Level;
  k: number;
  filter?: ChunkFilter;
  /** How long the remote call took, ms: the leg's `remote` timing. */
  ms: number;
}

/**
 * A remote engine's hits as our ranked hits at the pipeline's level. Every id is checked against
 * the index: a document the index does not hold is outside the qrels' corpus, and scoring it
 * (as a miss) would hide that the engine serves a different corpus, so it is an error naming the
 * leg, the query and the id, like any other unusable answer (RemoteError). A hit without a chunk
 * id carries its document's first chunk (as a run-file leg's do). The engine may ignore the
 * filter it was sent, so hits outside it are dropped here. At document level a document scores
 * as its best chunk; the order is our tie-break, not the engine's, so equal scores rank as they
 * would from a local leg.
 */
export function remoteHits(raw: readonly RawRemoteHit[], ctx: RemoteHitsContext): Retrieval {
  const fail = (problem: string) => new RemoteError(ctx.caller, ctx.endpoint, problem, ctx.status);
  const chunkHits: Omit<Hit, 'rank'>[] = [];
  raw.forEach((h, i) => {
    if (typeof h.score !== 'number' || !Number.isFinite(h.score))
      throw fail(`hit ${i} (document "${h.docId}") has score ${String(h.score)}, not a finite number`);
    const chunkId = h.chunkId ?? ctx.index.chunksOf(h.docId)[0]?.id;
    if (chunkId === undefined)
      throw fail(`hit ${i}: document "${h.docId}" is not in the index, so it cannot be scored against its qrels`);
    if (h.chunkId !== undefined) {
      const chunk = ctx.index.chunk(h.chunkId);
      if (!chunk) throw fail(`hit ${i}: chunk "${h.chunkId}" is not in the index`);
      if (chunk.docId !== h.docId)
        throw fail(`hit ${i}: chunk "${h.chunkId}" belongs to document "${chunk.docId}", not "${h.docId}"`);
    }
    if (ctx.filter && !(h.chunkId === undefined ? ctx.filter.docIds.has(h.docId) : ctx.filter.chunkIds.has(h.chunkId)))
      return;
    chunkHits.push({ id: chunkId, docId: h.docId, chunkId, score: h.score });
  });
  const hits = ctx.level === 'doc' ? toLevel(chunkHits, 'doc', ctx.k) : rankHits(bestPerChunk(chunkHits), ctx.k);
  return { hits, timings: { remote: ctx.ms } };
}

/** An engine that lists a chunk twice (or documents mapped to the same first chunk) keeps its best score. */
function bestPerChunk(hits: Omit<Hit, 'rank'>[]): Omit<Hit, 'rank'>[] {
  const best = new Map<string, Omit<Hit, 'rank'>>();
  for (const h of hits) {
    const prev = best.get(h.id);
    if (!prev || h.score > prev.score) best.set(h.id, h);
  }
  return [...best.values()];
}
