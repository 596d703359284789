import type { PoolEntry } from '../../runs/pool.js';
import { createRng, randomIndex } from '../../stats/prng.js';

/** A (query, document) pair to judge: no rank, score or run, so nothing tells who found it. */
export interface PoolPair {
  queryId: string;
  docId: string;
}

/**
 * The pool's own seed: an FNV-1a hash of its pairs (ids only, not the judged column), so every
 * judge of the same pool gets the same order without agreeing on a number, and rewriting the
 * pool's judged column after a round of judging does not reshuffle it.
 */
export function poolSeed(entries: readonly PoolPair[]): number {
  let hash = 0x811c9dc5;
  for (const e of entries) {
    for (const ch of `${e.queryId}\t${e.docId}\n`) {
      hash ^= ch.codePointAt(0)!;
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
  }
  return hash;
}

/**
 * The order a judge sees the pool in: query by query (a query read once, its documents one after
 * another), the queries and each query's documents shuffled with the seed (Fisher-Yates). A
 * pool file is sorted by ids, and ids often say where a document came from; a blind assessor,
 * as at TREC, should have nothing to go on but the query and the text. Same seed, same order.
 */
export function judgingOrder(entries: readonly PoolPair[], seed: number): PoolPair[] {
  const rng = createRng(seed);
  const byQuery = new Map<string, string[]>();
  for (const e of entries) {
    let docs = byQuery.get(e.queryId);
    if (docs === undefined) byQuery.set(e.queryId, (docs = []));
    docs.push(e.docId);
  }
  const order: PoolPair[] = [];
  for (const queryId of shuffle([...byQuery.keys()], rng)) {
    for (const docId of shuffle(byQuery.get(queryId)!, rng)) order.push({ queryId, docId });
  }
  return order;
}

/** Fisher-Yates in place: every permutation equally likely for a uniform generator. */
function shuffle<T>(items: T[], rng: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomIndex(rng, i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** Pool entries with no grade in the pool file: the holes `testbed pool` found. */
export const unjudgedInPool = (entries: readonly PoolEntry[]): PoolEntry[] =>
  entries.filter((e) => e.grade === undefined);
