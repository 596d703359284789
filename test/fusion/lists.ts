import fc from 'fast-check';
import { rankHits } from '../../src/ranking/rank.js';
import type { Hit } from '../../src/retrievers/types.js';

/**
 * A ranked chunk-level list from [id, score] pairs given best first; the doc id is the part of
 * the chunk id before '#'. Ranks are the positions as written, so tests state them by hand.
 */
export function list(...entries: [id: string, score: number][]): Hit[] {
  return entries.map(([id, score], i) => ({
    id,
    docId: id.split('#')[0] ?? id,
    chunkId: id,
    score,
    rank: i + 1,
  }));
}

/** A list ranked only by position (RRF ignores scores): scores count down from n. */
export function ids(...order: string[]): Hit[] {
  return list(...order.map((id, i): [string, number] => [id, order.length - i]));
}

/** fast-check: a ranked list over a small id alphabet (so lists overlap), with scores on a grid. */
export const rankedList: fc.Arbitrary<Hit[]> = fc
  .uniqueArray(
    fc.record({
      id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'),
      // A coarse grid: distinct scores stay distinct after normalisation (see the caveat there).
      score: fc.integer({ min: -1000, max: 1000 }).map((n) => n / 8),
    }),
    { selector: (h) => h.id, maxLength: 10 },
  )
  .map((hs) =>
    rankHits(
      hs.map((h) => ({ ...h, docId: h.id, chunkId: h.id })),
      hs.length,
    ),
  );

/** A positive weight in a sensible range. */
export const weight: fc.Arbitrary<number> = fc.double({ min: 0.01, max: 100, noNaN: true });
