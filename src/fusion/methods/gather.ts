import type { Leg } from '../ranked-list.js';

/**
 * The values each document gets from the legs that hold it, in leg order:
 * id -> [value(leg, i) for every leg with the id at index i]. A document absent from a leg
 * gets nothing from it here; each method says what absence means for it.
 */
export function gather(legs: readonly Leg[], value: (leg: Leg, index: number) => number): Map<string, number[]> {
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

/** Σ over the legs holding each document of value(leg, i): absence adds 0. Summed in leg order. */
export function sumOver(legs: readonly Leg[], value: (leg: Leg, index: number) => number): Map<string, number> {
  return reduceValues(gather(legs, value), (vs) => vs.reduce((a, v) => a + v, 0));
}

export function reduceValues(values: Map<string, number[]>, reduce: (vs: number[]) => number): Map<string, number> {
  const out = new Map<string, number>();
  for (const [id, vs] of values) out.set(id, reduce(vs));
  return out;
}

/** The weighted score w_L · s_L(d) of the document at index i. */
export const weightedScore = (leg: Leg, i: number): number => leg.weight * leg.scores[i]!;
