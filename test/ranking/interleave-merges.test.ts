import { describe, expect, it } from 'vitest';
import { balanced } from '../../src/ranking/interleave/balanced.js';
import { interleave } from '../../src/ranking/interleave/merge.js';
import { querySeed } from '../../src/ranking/interleave/query-seed.js';
import { teamDraft, teamDraftMultileave } from '../../src/ranking/interleave/team-draft.js';
import type { Coin } from '../../src/ranking/interleave/types.js';

/**
 * A coin that returns the given draws in order and fails the test on one draw too many, so each
 * test also pins how many flips the merge needed; `drawn()` says how many it took.
 */
function flips(...draws: number[]): Coin & { drawn(): number } {
  let next = 0;
  const coin = () => {
    if (next >= draws.length) throw new Error(`coin drawn ${next + 1} times; the test fixed ${draws.length}`);
    return draws[next++]!;
  };
  return Object.assign(coin, { drawn: () => next });
}

const arm = (name: string, ids: string[]) => ({ name, ids });

describe('team-draft interleaving', () => {
  it('takes turns from a fresh coin each round, skipping what the other arm already showed', () => {
    const coin = flips(0.7, 0.2);
    const merged = teamDraft([arm('A', ['a1', 'a2', 'a3', 'a4']), arm('B', ['b1', 'a1', 'b2', 'b3'])], 4, coin);
    // Round 1: teams level (0, 0), coin 0.7 >= 0.5: B picks first, its best: b1.
    //          A is behind (0 < 1): its best, a1.
    // Round 2: level (1, 1), coin 0.2 < 0.5: A first: a2.
    //          B is behind: b1 and a1 are shown, so its next unseen, b2. k = 4 reached.
    expect(merged).toEqual({ ids: ['b1', 'a1', 'a2', 'b2'], teams: ['B', 'A', 'A', 'B'] });
    expect(coin.drawn()).toBe(2);
  });

  it('lets the other arm go on when one is shorter than k, with no coin for a turn only one can take', () => {
    const coin = flips(0.1, 0.9);
    const merged = teamDraft([arm('A', ['x', 'y']), arm('B', ['x', 'z', 'w', 'v'])], 5, coin);
    // Round 1: level, coin 0.1: A picks x; B behind: x is shown, so z.
    // Round 2: level, coin 0.9: B picks w; A behind: y. A has nothing left.
    // Then only B can pick (no coin): v. Five shown.
    expect(merged).toEqual({ ids: ['x', 'z', 'w', 'y', 'v'], teams: ['A', 'B', 'B', 'A', 'B'] });
    expect(coin.drawn()).toBe(2);
  });

  it('stops at the union of the arms when k is larger', () => {
    const coin = flips(0.3);
    const merged = teamDraft([arm('A', ['p', 'q']), arm('B', ['q', 'p'])], 10, coin);
    // Round 1: coin 0.3, A picks p; B picks q. Nothing unseen is left in either list.
    expect(merged).toEqual({ ids: ['p', 'q'], teams: ['A', 'B'] });
    expect(coin.drawn()).toBe(1);
  });
});

describe('balanced interleaving', () => {
  it('advances the pointer that is behind, the coin breaking ties once per search', () => {
    const coin = flips(0.8);
    const A = ['a', 'b', 'c', 'd'];
    const B = ['b', 'e', 'a', 'f'];
    const merged = balanced([arm('A', A), arm('B', B)], 5, coin);
    // coin 0.8 >= 0.5: B leads when the pointers are level.
    // kA=0 kB=0 level, B: B[0]=b shown (B).   kA=0 < kB=1, A: A[0]=a (A).
    // level, B: B[1]=e (B).                   kA=1 < kB=2, A: A[1]=b already shown, skipped.
    // level, B: B[2]=a already shown, skipped. kA=2 < kB=3, A: A[2]=c (A).
    // level, B: B[3]=f (B). Five shown.
    expect(merged).toEqual({
      ids: ['b', 'a', 'e', 'c', 'f'],
      teams: ['B', 'A', 'B', 'A', 'B'],
      armHitIds: { A, B },
    });
    expect(coin.drawn()).toBe(1);
  });

  it('goes on down the longer list when one arm is shorter than k', () => {
    const merged = balanced([arm('A', ['a']), arm('B', ['b', 'c', 'd', 'e'])], 3, flips(0.2));
    // coin 0.2: A leads. level, A: a (A). kA=1 > kB=0, B: b (B). A is exhausted: B: c (B).
    expect(merged).toEqual({
      ids: ['a', 'b', 'c'],
      teams: ['A', 'B', 'B'],
      // Each arm's own top k (k = 3): what the credit rule compares clicks against.
      armHitIds: { A: ['a'], B: ['b', 'c', 'd'] },
    });
  });

  it('stops at the union of the arms when k is larger', () => {
    const merged = balanced([arm('A', ['x', 'y']), arm('B', ['y', 'x'])], 5, flips(0.6));
    // coin 0.6: B leads. B: y (B); A: x (A); B: x shown; A: y shown; both lists done.
    expect(merged.ids).toEqual(['y', 'x']);
    expect(merged.teams).toEqual(['B', 'A']);
  });
});

describe('team-draft multileaving', () => {
  it('gives the turn to an arm with the fewest picks, the coin choosing among those level', () => {
    const coin = flips(0.9, 0.6, 0.1, 0.4);
    const merged = teamDraftMultileave(
      [arm('A', ['a1', 'a2', 's']), arm('B', ['b1', 's', 'b2']), arm('C', ['s', 'c1', 'c2'])],
      6,
      coin,
    );
    // picks (A,B,C) = (0,0,0): A, B, C level, coin 0.9: floor(0.9 * 3) = 2, C: s.
    // (0,0,1): A, B level, coin 0.6: floor(0.6 * 2) = 1, B: b1.
    // (0,1,1): A alone has fewest (no coin): a1.
    // (1,1,1): all level, coin 0.1: floor(0.3) = 0, A: a2.
    // (2,1,1): B, C level, coin 0.4: floor(0.8) = 0, B: b1 and s shown, so b2.
    // (2,2,1): C alone: s shown, so c1. Six shown.
    expect(merged).toEqual({ ids: ['s', 'b1', 'a1', 'a2', 'b2', 'c1'], teams: ['C', 'B', 'A', 'A', 'B', 'C'] });
    expect(coin.drawn()).toBe(4);
  });

  it('skips an arm with nothing new and stops when every arm has run out', () => {
    const merged = teamDraftMultileave([arm('A', ['x']), arm('B', ['x']), arm('C', ['x', 'y'])], 10, flips(0.5));
    // All level, coin 0.5: floor(1.5) = 1, B: x. A and B have nothing unseen left; C alone: y.
    expect(merged).toEqual({ ids: ['x', 'y'], teams: ['B', 'C'] });
  });
});

describe('interleave', () => {
  it('dispatches by method and refuses a wrong number of arms', () => {
    const two = [arm('A', ['a', 'b']), arm('B', ['c', 'd'])];
    expect(interleave('balanced', two, 2, flips(0.1)).armHitIds).toEqual({ A: ['a', 'b'], B: ['c', 'd'] });
    expect(interleave('team-draft', two, 2, flips(0.1)).armHitIds).toBeUndefined();
    expect(() => interleave('team-draft', [...two, arm('C', ['e'])], 2, flips())).toThrow(/two arms, got 3/);
    expect(() => interleave('team-draft-multileave', [two[0]!], 2, flips())).toThrow(/at least two arms/);
  });
});

describe('querySeed', () => {
  it('is the same for the same query_id and purpose, and differs by purpose', () => {
    const id = '5b0c7a52-7d3e-4c2b-9a51-0e6f3c1d2a4b';
    expect(querySeed(id, 'merge')).toBe(querySeed(id, 'merge'));
    expect(querySeed(id, 'merge')).not.toBe(querySeed(id, 'share'));
    expect(querySeed(id, 'merge')).not.toBe(querySeed(`${id}x`, 'merge'));
  });
});
