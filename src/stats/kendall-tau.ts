import { InputError } from '../errors.js';

export interface TauResult {
  /** Kendall's tau-b, from -1 (orders reversed) to 1 (same order); NaN when undefined. */
  tau: number;
  /** Pairs of items the two orderings put the same way round. */
  concordant: number;
  /** Pairs they put opposite ways round. */
  discordant: number;
  /** Why tau is NaN, when it is. */
  undefinedReason?: string;
}

/**
 * Kendall's tau-b between two scorings of the same items: says whether two ways of scoring
 * (configurations ranked by human-only qrels, and by qrels with holes filled by a model) put the
 * items in the same order. x[i] and y[i] are item i's scores; higher or lower first does not
 * matter as long as both use the same direction. Tau-b corrects for ties (Kendall 1945):
 *
 *   n0 = n(n - 1)/2,  n1 = Σ t(t - 1)/2 over groups of ties in x,  n2 the same in y
 *   tau_b = (concordant - discordant) / sqrt((n0 - n1)(n0 - n2))
 *
 * A pair tied in x or in y is neither concordant nor discordant. Undefined (NaN with a reason)
 * when fewer than two items, or when every item ties in one of the scorings: there is then no
 * order to compare. O(n²) pairs, meant for tens of configurations, not millions of documents.
 */
export function kendallTauB(x: readonly number[], y: readonly number[]): TauResult {
  if (x.length !== y.length)
    throw new InputError(`both scorings must score the same items, got ${x.length} and ${y.length} scores`);
  if ([...x, ...y].some((v) => Number.isNaN(v))) throw new InputError('scores must be numbers, got NaN');
  const n = x.length;
  let concordant = 0;
  let discordant = 0;
  let tiedX = 0;
  let tiedY = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const dx = Math.sign(x[i]! - x[j]!);
      const dy = Math.sign(y[i]! - y[j]!);
      if (dx === 0) tiedX++;
      if (dy === 0) tiedY++;
      if (dx !== 0 && dy !== 0) {
        if (dx === dy) concordant++;
        else discordant++;
      }
    }
  }
  // Counting tied pairs directly gives n1 = Σ t(t - 1)/2 without forming the groups.
  const pairs = (n * (n - 1)) / 2;
  const denominator = Math.sqrt((pairs - tiedX) * (pairs - tiedY));
  if (n < 2) return { tau: NaN, concordant, discordant, undefinedReason: 'fewer than two items to order' };
  if (denominator === 0) {
    const which = pairs === tiedX ? 'first' : 'second';
    return {
      tau: NaN,
      concordant,
      discordant,
      undefinedReason: `every item ties in the ${which} scoring, so it has no order to compare`,
    };
  }
  return { tau: (concordant - discordant) / denominator, concordant, discordant };
}

/**
 * Tau-b between two rankings given as item names, best first; the same items must appear in
 * both. Positions stand in for scores (lower is better in both), so no ties arise.
 */
export function kendallTauOfRankings(a: readonly string[], b: readonly string[]): TauResult {
  const positionInB = new Map(b.map((item, position) => [item, position]));
  if (new Set(a).size !== a.length || positionInB.size !== b.length)
    throw new InputError('a ranking names an item twice');
  if (a.length !== b.length || a.some((item) => !positionInB.has(item)))
    throw new InputError('both rankings must hold the same items');
  return kendallTauB(
    a.map((_, position) => position),
    a.map((item) => positionInB.get(item)!),
  );
}
