import { compareIdBytes } from '../ranking/id-order.js';
import type { Hit, Level } from './hit.js';

type Scored = Omit<Hit, 'rank'>;

/**
 * The one tie-break every retriever, fuser and run writer uses: score descending, then id
 * descending in byte order. That is trec_eval's order, so a run cut at k=10 holds the same ten
 * documents trec_eval would keep from the k=1000 run of the same system, and a run file read
 * back ranks exactly as it was served.
 */
export function compareHits(a: Scored, b: Scored): number {
  if (a.score !== b.score) return b.score - a.score;
  return compareIdBytes(b.id, a.id);
}

/** Sorts by the shared tie-break, keeps the first k and numbers them from 1. */
export function rankHits<T extends Scored>(hits: T[], k: number): (T & { rank: number })[] {
  return [...hits]
    .sort(compareHits)
    .slice(0, Math.max(0, k))
    .map((h, i) => ({ ...h, rank: i + 1 }));
}

/**
 * Document level: a document's score is that of its best chunk, and the hit keeps that chunk.
 * Input hits are chunk-level (id = chunk id).
 */
export function collapseToDocs<T extends Scored>(chunkHits: T[]): T[] {
  const best = new Map<string, T>();
  for (const h of chunkHits) {
    const prev = best.get(h.docId);
    if (!prev || h.score > prev.score || (h.score === prev.score && h.chunkId < prev.chunkId)) {
      best.set(h.docId, h);
    }
  }
  return [...best.values()].map((h) => ({ ...h, id: h.docId }));
}

/** Chunk hits -> ranked hits at the requested level. */
export function toLevel<T extends Scored>(chunkHits: T[], level: Level, k: number) {
  return rankHits(level === 'doc' ? collapseToDocs(chunkHits) : chunkHits, k);
}
