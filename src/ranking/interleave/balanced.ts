import type { ArmRanking, Coin, Interleaved } from './types.js';

/** A balanced merge, with each arm's own top k: Joachims' credit rule compares clicks in them. */
export interface BalancedInterleaved extends Interleaved {
  armHitIds: Record<string, string[]>;
}

/**
 * Balanced interleaving of two rankings (Joachims 2002, "Optimizing search engines using
 * clickthrough data"; 2003, "Evaluating retrieval performance using clickthrough data"). Two
 * pointers walk down the arms' lists; the one that is behind advances next, and when they are
 * level the coin drawn once per search decides (`coin() < 0.5`: the first arm leads). The id
 * under the advancing pointer is appended unless already shown, and is credited to the arm
 * whose list it was taken from. So any top n of the merged list is the union of the two arms'
 * tops to depths that differ by at most one: neither arm is favoured by where it put its ids.
 *
 * Where the paper stops when either list runs out, here the other list goes on until k ids are
 * shown or both lists are exhausted, so an arm shorter than k still gives a full list.
 */
export function balanced(arms: readonly [ArmRanking, ArmRanking], k: number, coin: Coin): BalancedInterleaved {
  const [a, b] = arms;
  const firstLeads = coin() < 0.5;
  const out: BalancedInterleaved = {
    ids: [],
    teams: [],
    armHitIds: { [a.name]: a.ids.slice(0, k), [b.name]: b.ids.slice(0, k) },
  };
  const shown = new Set<string>();
  let ka = 0;
  let kb = 0;
  while (out.ids.length < k && (ka < a.ids.length || kb < b.ids.length)) {
    const fromA = kb >= b.ids.length || (ka < a.ids.length && (ka < kb || (ka === kb && firstLeads)));
    const id = fromA ? a.ids[ka++]! : b.ids[kb++]!;
    if (shown.has(id)) continue;
    shown.add(id);
    out.ids.push(id);
    out.teams.push(fromA ? a.name : b.name);
  }
  return out;
}
