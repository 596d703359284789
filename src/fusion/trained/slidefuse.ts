import { InputError } from '../../errors.js';
import { sumOver } from '../methods/gather.js';
import { posfuse } from './posfuse.js';
import type { TrainedMethod } from './trained-method.js';
import { modelOf } from './training-set.js';

/**
 * SlideFuse (Lillis et al. 2008, "Extending probabilistic data fusion using sliding windows";
 * ranx "slidefuse"): PosFuse's probabilities, each averaged over a window of w ranks either
 * side. For the document at rank r of a list of n,
 *
 *   a = max(r - w, 1),  b = min(r + w, n)
 *   slide_L(d) = Σ_{i = a..b} P_L(i) / (b - a + 1)        (P_L(i) = 0 past the trained depth)
 *   slidefuse(d) = Σ_{L ∋ d} w_L · slide_L(d)
 *
 * The window stops at the list's own ends, as in ranx. w >= 0 is the method's parameter (ranx
 * searches 1 to 100); w = 0 is PosFuse. Trained as PosFuse; a document absent from a run gets
 * 0 from it.
 */
export function slidefuse(w: number): TrainedMethod<Map<string, number[]>> {
  if (!Number.isInteger(w) || w < 0) throw new InputError(`slidefuse's window w must be a whole number >= 0, got ${w}`);
  return {
    name: 'slidefuse',
    input: 'ranks',
    train: posfuse.train,
    combine(model, legs) {
      const windows = new Map(
        legs.map((leg) => [leg, windowMeans(modelOf(model, leg.name, 'slidefuse'), leg.ids.length, w)]),
      );
      return sumOver(legs, (leg, i) => leg.weight * windows.get(leg)![i]!);
    },
  };
}

/** For each index 0..n-1, the mean of probs over [i - w, i + w] cut to [0, n - 1]. */
function windowMeans(probs: readonly number[], n: number, w: number): number[] {
  return Array.from({ length: n }, (_, i) => {
    const a = Math.max(i - w, 0);
    const b = Math.min(i + w, n - 1);
    let sum = 0;
    for (let j = a; j <= b; j++) sum += probs[j] ?? 0;
    return sum / (b - a + 1);
  });
}
