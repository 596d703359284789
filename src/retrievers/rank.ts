import type { Hit, Level } from './types.js';

type Scored = Omit<Hit, 'rank'>;

/**
 * The one tie-break every retriever and fuser uses: score descending, then id ascending
 * (code-unit order, as `<` compares strings). Deterministic, so runs are reproducible.
 */
export function compareHits(a: Scored, b: Scored): number {
  if (a.score !== b.score) return b.score - a.score;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
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
