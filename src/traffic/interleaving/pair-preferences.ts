import { bootstrapCI } from '../../stats/bootstrap.js';
import { DEFAULT_SEED } from '../../stats/prng.js';
import { signTestP, signTestSearchesNeeded } from '../../stats/sign-test.js';
import type { InterleavingMethod } from '../types.js';
import type { SearchCredit } from './search-credit.js';

/** The level below which the sign test's p names a winner. */
export const WINNER_ALPHA = 0.05;

/** What the log says about one pair of arms of one interleaving. */
export interface PairPreference {
  name: string;
  method: InterleavingMethod;
  /** The pair [A, B], in the interleaving file's order; Δ > 0 favours A. */
  arms: [string, string];
  /** Searches with a click credited to A or B. */
  searches: number;
  /** Credited searches where neither A nor B got a click: no say on this pair. */
  searchesWithoutClicks: number;
  wins: Record<string, number>;
  ties: number;
  /** (wins_A − wins_B) / (wins_A + wins_B + ties); undefined without a search with clicks. */
  delta: number | undefined;
  /** Percentile bootstrap 95% interval of Δ over searches (seeded); undefined without a search. */
  ci95: [number, number] | undefined;
  /** Two-sided exact sign test over the non-tied searches; undefined when every search tied. */
  p: number | undefined;
  /** The arm with more wins when p < 0.05, else undefined. */
  winner: string | undefined;
  /**
   * More searches with clicks needed to decide at the current Δ (sign-test.ts's
   * signTestSearchesNeeded at the observed win share and tie rate, less those already logged):
   * 0 once decided, at least 1 while undecided; undefined when Δ is 0 (cannot tell).
   */
  moreSearchesNeeded: number | undefined;
}

/**
 * Each interleaving's preferences, one per pair of its arms (team-draft and balanced: the one
 * pair; multileave: every pair, from the same searches). Per search and pair, the arm credited
 * with more clicks wins it, equal non-zero counts tie, and a search with no click for either
 * arm is counted apart. Searches are grouped by interleaving name, method and arms, so a log
 * written under two versions of one file's entry gives two groups rather than mixing them.
 */
export function pairPreferences(credits: readonly SearchCredit[], options: { seed?: number } = {}): PairPreference[] {
  const groups = new Map<string, SearchCredit[]>();
  for (const c of credits) {
    const key = JSON.stringify([c.interleaving.name, c.interleaving.method, c.interleaving.arms]);
    const group = groups.get(key);
    if (group) group.push(c);
    else groups.set(key, [c]);
  }
  const out: PairPreference[] = [];
  for (const group of groups.values()) {
    const { name, method, arms } = group[0]!.interleaving;
    for (let i = 0; i < arms.length; i++)
      for (let j = i + 1; j < arms.length; j++)
        out.push(preference(name, method, [arms[i]!, arms[j]!], group, options.seed ?? DEFAULT_SEED));
  }
  return out.sort((x, y) => compare(x.name, y.name));
}

function preference(
  name: string,
  method: InterleavingMethod,
  [a, b]: [string, string],
  group: readonly SearchCredit[],
  seed: number,
): PairPreference {
  // +1 a search A won, -1 one B won, 0 a tie: their mean is Δ, and the bootstrap resamples them.
  const outcomes: number[] = [];
  let without = 0;
  for (const { credit } of group) {
    const ca = credit.get(a) ?? 0;
    const cb = credit.get(b) ?? 0;
    if (ca + cb === 0) without++;
    else outcomes.push(Math.sign(ca - cb));
  }
  const winsA = outcomes.filter((o) => o > 0).length;
  const winsB = outcomes.filter((o) => o < 0).length;
  const ties = outcomes.length - winsA - winsB;
  const n = outcomes.length;
  const delta = n > 0 ? (winsA - winsB) / n : undefined;
  const interval = n > 0 ? bootstrapCI(outcomes, { seed }) : undefined;
  const p = signTestP(winsA, winsB);
  const winner = p !== undefined && p < WINNER_ALPHA ? (winsA > winsB ? a : b) : undefined;
  return {
    name,
    method,
    arms: [a, b],
    searches: n,
    searchesWithoutClicks: without,
    wins: { [a]: winsA, [b]: winsB },
    ties,
    delta,
    ci95: interval && [interval.low, interval.high],
    p,
    winner,
    moreSearchesNeeded: moreNeeded(winsA, winsB, ties, winner !== undefined),
  };
}

/** More searches with clicks to decide: the sign test's sample size at the observed shares, less n. */
function moreNeeded(winsA: number, winsB: number, ties: number, decided: boolean): number | undefined {
  if (decided) return 0;
  const n = winsA + winsB + ties;
  if (winsA === winsB) return undefined; // Δ = 0 (or no search): no difference to detect
  const total = signTestSearchesNeeded(winsA / (winsA + winsB), ties / n);
  return total === undefined ? undefined : Math.max(1, Math.ceil(total - n));
}

function compare(x: string, y: string): number {
  return x < y ? -1 : x > y ? 1 : 0;
}
