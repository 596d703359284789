import type { RankedLeg } from '../ranked-list.js';

/**
 * The values each document gets from the legs that hold it, in leg order:
 * id -> [value(leg, i) for every leg with the id at index i]. A document absent from a leg
 * gets nothing from it here; each method says what absence means for it.
 */
export function gather(
  legs: readonly RankedLeg[],
  value: (leg: RankedLeg, index: number) => number,
): Map<string, number[]> {
  const values = new Map<string, number[]>();
  for (const leg of legs) {
    leg.ids.forEach((id, i) => {
      const v = value(leg, i);
      const list = values.get(id);
      if (list) list.push(v);
      else values.set(id, [v]);
    });
  }
  return values;
}

/** Σ over the legs holding each document of value(leg, i): absence adds 0. Summed smallest first (sumValues). */
export function sumOver(
  legs: readonly RankedLeg[],
  value: (leg: RankedLeg, index: number) => number,
): Map<string, number> {
  return reduceValues(gather(legs, value), sumValues);
}

/**
 * The sum of `values`, added smallest first: the same values in any order give the same double,
 * so a fused score depends on neither the order of the legs nor their names (floating-point
 * addition is not associative: (0.3 + 0.2) + 0.1 is 0.6, (0.1 + 0.2) + 0.3 is 0.6000000000000001).
 */
export function sumValues(values: readonly number[]): number {
  // One or two terms: addition is commutative, so no order to fix (and no copy to make).
  if (values.length <= 2) return values.length === 2 ? values[0]! + values[1]! : (values[0] ?? 0);
  const sorted = [...values].sort((a, b) => a - b);
  let sum = 0;
  for (const v of sorted) sum += v;
  return sum;
}

/** Each document's values reduced to its fused score. */
export function reduceValues(values: Map<string, number[]>, reduce: (vs: number[]) => number): Map<string, number> {
  const out = new Map<string, number>();
  for (const [id, vs] of values) out.set(id, reduce(vs));
  return out;
}

/** The weighted score w_L · s_L(d) of the document at index i. */
export const weightedScore = (leg: RankedLeg, i: number): number => leg.weight * leg.scores[i]!;
