/**
 * The probability that the document at each rank is relevant, estimated over training queries
 * (Lillis et al. 2010's PosFuse; ranx `estimate_probs`):
 *
 *   P(rank i) = #{queries whose document at rank i is relevant} / #{queries whose list reaches rank i}
 *
 * for i = 1 .. the longest list. A rank no training list reaches has no estimate: the array
 * ends before it, and the methods read it as 0.
 */
export function positionProbabilities(hitLists: readonly (readonly boolean[])[]): number[] {
  const depth = Math.max(0, ...hitLists.map((h) => h.length));
  const hits = new Array<number>(depth).fill(0);
  const reached = new Array<number>(depth).fill(0);
  for (const list of hitLists) {
    list.forEach((hit, i) => {
      reached[i]!++;
      if (hit) hits[i]!++;
    });
  }
  return hits.map((h, i) => h / reached[i]!);
}
