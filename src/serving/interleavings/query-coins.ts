import { interleave, type Merged } from '../../ranking/interleave/merge.js';
import { querySeed } from '../../ranking/interleave/query-seed.js';
import type { ArmRanking, InterleavingMethod } from '../../ranking/interleave/types.js';
import { createRng } from '../../stats/prng.js';

/**
 * Whether a search is interleaved when only `share` of an index's searches are: one draw of a
 * generator seeded from its query_id (purpose `share`), so the log can tell it again.
 */
export function interleavesSearch(queryId: string, share: number): boolean {
  return share >= 1 || createRng(querySeed(queryId, 'share'))() < share;
}

/**
 * The arms' rankings merged for one search, the coin flips drawn from a generator seeded from
 * its query_id (purpose `merge`): the same query_id and rankings give the same merge, so a logged
 * search can be replayed.
 */
export function mergeForSearch(
  method: InterleavingMethod,
  arms: readonly ArmRanking[],
  k: number,
  queryId: string,
): Merged {
  return interleave(method, arms, k, createRng(querySeed(queryId, 'merge')));
}
