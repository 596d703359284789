import { balanced } from './balanced.js';
import { teamDraft, teamDraftMultileave } from './team-draft.js';
import type { ArmRanking, Coin, Interleaved, InterleavingMethod } from './types.js';

/** A merge by any method: balanced also returns each arm's own top k (`armHitIds`). */
export type Merged = Interleaved & { armHitIds?: Record<string, string[]> };

/**
 * The arms' rankings merged into at most k distinct ids by `method`, with the coin flips drawn
 * from `coin`. Team draft and balanced take exactly two arms; multileaving takes two or more.
 */
export function interleave(method: InterleavingMethod, arms: readonly ArmRanking[], k: number, coin: Coin): Merged {
  if (method === 'team-draft-multileave') {
    if (arms.length < 2) throw new Error(`multileaving needs at least two arms, got ${arms.length}`);
    return teamDraftMultileave(arms, k, coin);
  }
  if (arms.length !== 2) throw new Error(`${method} interleaving takes two arms, got ${arms.length}`);
  const pair = [arms[0]!, arms[1]!] as const;
  return method === 'balanced' ? balanced(pair, k, coin) : teamDraft(pair, k, coin);
}
