import fc from 'fast-check';
import { compareIdBytes } from '../../src/ranking/id-order.js';
import type { RankedList, ScoredId } from '../../src/fusion/ranked-list.js';

/** A named list from [id, score] pairs written best first. */
export function ranked(name: string, ...entries: [id: string, score: number][]): RankedList {
  return { name, items: entries.map(([id, score]) => ({ id, score })) };
}

/** id -> fused score, for reading worked examples. */
export const scoreOf = (fused: readonly ScoredId[]) => Object.fromEntries(fused.map((f) => [f.id, f.score]));

/** trec_eval's order: score descending, then id descending in byte order. */
export const trecSort = (items: ScoredId[]) =>
  [...items].sort((a, b) => (a.score !== b.score ? b.score - a.score : compareIdBytes(b.id, a.id)));

/**
 * fast-check: a list best first over a small alphabet (so lists overlap), scores on a coarse grid
 * (ties happen) in any sign; sorted as a TREC run reader sorts.
 */
export const items: fc.Arbitrary<ScoredId[]> = fc
  .uniqueArray(
    fc.record({
      id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'é', '𝔞'),
      score: fc.integer({ min: -40, max: 40 }).map((n) => n / 4),
    }),
    { selector: (x) => x.id, maxLength: 8 },
  )
  .map(trecSort);

/** 1 to 4 lists named L0, L1, ... */
export const lists: fc.Arbitrary<RankedList[]> = fc
  .array(items, { minLength: 1, maxLength: 4 })
  .map((ls) => ls.map((its, i) => ({ name: `L${i}`, items: its })));

/** Weights on a grid of tenths, so sums stay exact enough to compare orders. */
export const weightsFor = (n: number): fc.Arbitrary<number[]> =>
  fc
    .array(
      fc.integer({ min: 0, max: 10 }).map((x) => x / 10),
      { minLength: n, maxLength: n },
    )
    .filter((ws) => ws.some((w) => w > 0));
