import { createHash } from 'node:crypto';
import { InputError } from '../errors.js';
import { createRng, randomIndex } from '../stats/prng.js';
import type { Exploration } from './types.js';

/** `testbed serve --explore swap --explore-rate R`: the share of searches whose answer swaps one adjacent pair. */
export interface ExploreOptions {
  method: 'swap';
  /** Probability in (0, 1] that a search is explored. */
  rate: number;
}

export const EXPLORE_METHODS = ['swap'] as const;
export const DEFAULT_EXPLORE_RATE = 0.1;

/**
 * Whether the search `queryId` swaps a pair, and which: with probability `rate` the adjacent pair
 * (i, i + 1) with i uniform over 1..n − 1, n = the hits shown (at most k). Both draws come from a
 * generator seeded with the query id's hash, so the decision is random across searches (the query
 * id is a fresh UUID) but reproducible from the log alone. Undefined when the search is not
 * explored or has fewer than two hits.
 */
export function chooseSwap(queryId: string, rate: number, hits: number): Exploration | undefined {
  if (!(rate > 0 && rate <= 1)) throw new InputError(`explore rate must be above 0 and at most 1, got ${rate}`);
  const rng = createRng(createHash('sha256').update(queryId, 'utf8').digest().readUInt32BE(0));
  if (rng() >= rate || hits < 2) return undefined;
  const i = randomIndex(rng, hits - 1) + 1;
  return { method: 'swap', swapped: [i, i + 1] };
}

/**
 * The searcher's answer (JSON text) with the swap applied, when this search explores: the hits at
 * ordinals i and i + 1 exchanged, each hit's `rank` left as the ordinal it is shown at (the caller
 * sees the swapped order: that is the intervention). The answer is returned untouched otherwise.
 */
export function exploreAnswer(
  responseJson: string,
  queryId: string,
  options: ExploreOptions,
): { json: string; exploration?: Exploration } {
  const response = JSON.parse(responseJson) as { k?: number; hits?: { rank?: number }[] };
  const hits = response.hits ?? [];
  const exploration = chooseSwap(queryId, options.rate, Math.min(hits.length, response.k ?? hits.length));
  if (exploration === undefined) return { json: responseJson };
  const [i] = exploration.swapped;
  const above = hits[i - 1]!;
  const below = hits[i]!;
  hits[i - 1] = { ...below, ...(below.rank !== undefined && { rank: i }) };
  hits[i] = { ...above, ...(above.rank !== undefined && { rank: i + 1 }) };
  return { json: JSON.stringify(response), exploration };
}
