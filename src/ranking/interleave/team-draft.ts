import type { ArmRanking, Coin, Interleaved } from './types.js';
import { nextUnseen } from './next-unseen.js';

/**
 * Team-draft multileaving (Schuth, Sietsma, Whiteson, Lefortier and de Rijke 2014,
 * "Multileaved comparisons for fast online evaluation"), and with two arms team-draft
 * interleaving itself (Radlinski, Kurup and Joachims 2008, "How does clickthrough data reflect
 * retrieval quality?"). Like captains choosing players, the arms take turns adding their best id
 * not yet in the list, and each id joins the team of the arm that added it. The turn goes to an
 * arm with the fewest picks so far; when several are level, the coin chooses among them
 * uniformly (arm `floor(coin() * n)` of the n level ones, in the arms' order), so every round
 * starts with a fresh draw and no arm holds the top positions more often than another. With two
 * arms that is the paper's coin: `coin() < 0.5` gives the first arm the first pick of the round.
 *
 * Where the papers stop as soon as an arm has nothing new to add, here the arms that still can
 * go on picking until k ids are shown or all have run out, so an arm shorter than k (or one
 * whose ids the others already took) still gives a full list; those picks are credited to the
 * arm that made them. The coin is drawn only when two or more arms could take the turn.
 */
export function teamDraftMultileave(arms: readonly ArmRanking[], k: number, coin: Coin): Interleaved {
  const out: Interleaved = { ids: [], teams: [] };
  const shown = new Set<string>();
  const cursors = arms.map(() => 0);
  const picks = arms.map(() => 0);
  while (out.ids.length < k) {
    arms.forEach((arm, i) => {
      cursors[i] = nextUnseen(arm.ids, cursors[i]!, shown);
    });
    const able = arms.map((_, i) => i).filter((i) => cursors[i]! < arms[i]!.ids.length);
    if (able.length === 0) break;
    const fewest = Math.min(...able.map((i) => picks[i]!));
    const level = able.filter((i) => picks[i] === fewest);
    const turn = level.length === 1 ? level[0]! : level[Math.min(level.length - 1, Math.floor(coin() * level.length))]!;
    const id = arms[turn]!.ids[cursors[turn]!]!;
    out.ids.push(id);
    out.teams.push(arms[turn]!.name);
    shown.add(id);
    picks[turn] = fewest + 1;
  }
  return out;
}

/** Team-draft interleaving of two rankings: the two-arm case of teamDraftMultileave (see there). */
export function teamDraft(arms: readonly [ArmRanking, ArmRanking], k: number, coin: Coin): Interleaved {
  return teamDraftMultileave(arms, k, coin);
}
