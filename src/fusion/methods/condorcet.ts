import type { FusionMethodSpec } from '../method-spec.js';
import type { RankedLeg } from '../ranked-list.js';

/**
 * A vote margin within this share of the total weight is a tie: floating-point noise, such as
 * 0.1 + 0.2 against 0.3, must not decide a duel.
 */
const TIE_TOLERANCE = 1e-12;

/**
 * Condorcet fusion (Montague & Aslam 2002, "Condorcet fusion for improved retrieval"; ranx
 * "condorcet" and, with weights, "w_condorcet"): documents are ordered by pairwise majority.
 * List L prefers d to e when it ranks d above e, or ranks d and not e (a document a list did
 * not return is below all it did); a list that ranks neither has no preference. Then
 *
 *   votes(d > e) = Σ_{L prefers d to e} w_L
 *   d beats e   when votes(d > e) > votes(e > d)   (equal votes: a tie)
 *
 *   condorcet(d) = 1 + #{e : d beats e} + ½ · #{e : d and e tie}      over the C candidates
 *
 * When majority orders the candidates linearly (no cycle, no tie) this is C - position + 1 for
 * the document at each position of that order (Condorcet-fuse's order, and ranx's scores).
 * Montague & Aslam sort with the majority comparison, which leaves the order of a cycle
 * (a beats b beats c beats a) and of ties to the sort algorithm; ranx's result there depends
 * on Python's sort and on the iteration order of a set of ids. Here the count of wins, the
 * Copeland score, settles them, the same whatever the order of lists and candidates: a group
 * of documents that each beat every document outside it ranks above all of those (so a
 * Condorcet winner comes first), and equal counts go by the fusion's tie order (id descending).
 *
 * Reads ranks only. The plain method is defined with equal weights (1 each; weights given
 * still weight the votes, as the comb* methods take them); w_condorcet's weights are its
 * parameters, which the tuner searches. O(C² · lists) per query.
 */
export function condorcetScores(legs: readonly RankedLeg[]): Map<string, number> {
  const ids = [...new Set(legs.flatMap((leg) => leg.ids))];
  const c = ids.length;
  const index = new Map(ids.map((id, i) => [id, i]));
  // ranks[l][i]: the rank of candidate i in leg l, or Infinity where the leg lacks it.
  const ranks = legs.map((leg) => {
    const r = new Float64Array(c).fill(Infinity);
    leg.ids.forEach((id, i) => {
      r[index.get(id)!] = i + 1;
    });
    return r;
  });
  const weights = legs.map((leg) => leg.weight);
  const tolerance = TIE_TOLERANCE * weights.reduce((a, w) => a + w, 0);
  const score = new Float64Array(c).fill(1);
  for (let i = 0; i < c; i++) {
    for (let j = i + 1; j < c; j++) {
      let margin = 0; // votes(i > j) - votes(j > i)
      for (let l = 0; l < ranks.length; l++) {
        const ri = ranks[l]![i]!;
        const rj = ranks[l]![j]!;
        if (ri < rj) margin += weights[l]!;
        else if (rj < ri) margin -= weights[l]!;
      }
      if (margin > tolerance) score[i]! += 1;
      else if (margin < -tolerance) score[j]! += 1;
      else {
        score[i]! += 0.5;
        score[j]! += 0.5;
      }
    }
  }
  return new Map(ids.map((id, i) => [id, score[i]!]));
}

/** Condorcet fusion, weights 1 each unless given (see condorcetScores). */
export const condorcet: FusionMethodSpec = {
  kind: 'rank',
  params: [],
  combine: condorcetScores,
};

/** Weighted Condorcet fusion: the same votes, weighted by the lists' weights, which the tuner searches. */
export const wCondorcet: FusionMethodSpec = {
  kind: 'rank',
  params: ['weights'],
  combine: condorcetScores,
};
