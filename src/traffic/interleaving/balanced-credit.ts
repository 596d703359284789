import type { LoggedInterleaving } from '../types.js';

export const BALANCED_WITHOUT_LISTS =
  'balanced search without arm_hit_ids for both arms (its clicks cannot be credited)';
export const BALANCED_NOT_TWO_ARMS = 'balanced search with other than two arms (its clicks cannot be credited)';
export const BALANCED_CLICK_IN_NEITHER = "balanced search whose lowest click is in neither arm's list";

/**
 * Joachims' credit rule for balanced interleaving (Joachims 2003, "Evaluating retrieval
 * performance using clickthrough data"): with the merged list I, the arms' own lists A and B,
 * and l the lowest (deepest) rank in I that was clicked,
 *
 *   k   = min { j : I_l = A_j or I_l = B_j }        (the shallower of I_l's ranks in A and B)
 *   h_A = clicked documents among A_1..A_k,  h_B = clicked documents among B_1..B_k
 *
 * and the search goes to the arm with more (equal: a tie). Both arms are read to the same depth
 * k, so an arm is not credited for clicks the other arm's list shows only below what the user
 * looked at. `clicked` must be documents of `merged`.
 */
export function balancedCredit(
  merged: readonly (string | undefined)[],
  interleaving: LoggedInterleaving,
  clicked: readonly string[],
): { credit: Map<string, number> } | { reason: string } {
  if (interleaving.arms.length !== 2) return { reason: BALANCED_NOT_TWO_ARMS };
  const [a, b] = interleaving.arms as [string, string];
  const listA = interleaving.armHitIds?.[a];
  const listB = interleaving.armHitIds?.[b];
  if (listA === undefined || listB === undefined) return { reason: BALANCED_WITHOUT_LISTS };
  const lowest = clicked.reduce((deepest, doc) => (merged.indexOf(doc) > merged.indexOf(deepest) ? doc : deepest));
  const ranks = [listA.indexOf(lowest), listB.indexOf(lowest)].filter((r) => r >= 0);
  if (ranks.length === 0) return { reason: BALANCED_CLICK_IN_NEITHER };
  const k = Math.min(...ranks) + 1;
  const inTop = (list: readonly string[]) => clicked.filter((doc) => list.slice(0, k).includes(doc)).length;
  return {
    credit: new Map([
      [a, inTop(listA)],
      [b, inTop(listB)],
    ]),
  };
}
