/** The interleaving methods the server knows, as the --interleave file and the query log name them. */
export const INTERLEAVING_METHODS = ['team-draft', 'balanced', 'team-draft-multileave'] as const;
export type InterleavingMethod = (typeof INTERLEAVING_METHODS)[number];

/** One arm's ranking: its name and the ids it ranked, best first (its top k). */
export interface ArmRanking {
  name: string;
  ids: readonly string[];
}

/**
 * A merged list: at most k distinct ids, and parallel to them the arm each one is credited to
 * (team draft and multileaving: the arm that picked it; balanced: the arm whose list the merge
 * took it from).
 */
export interface Interleaved {
  ids: string[];
  teams: string[];
}

/**
 * A generator of floats in [0, 1): the coin flips. The merges take it rather than make it, so a
 * caller can replay a logged search from its seed and a test can fix the flips.
 */
export type Coin = () => number;
