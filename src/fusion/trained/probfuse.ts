import { InputError } from '../../errors.js';
import { sumOver } from '../methods/gather.js';
import type { TrainedMethod } from './trained-method.js';
import { checkTrainingSet, hitLists, modelOf, type TrainingSet } from './training-set.js';

/**
 * ProbFuse (Lillis et al. 2006, "ProbFuse: a probabilistic approach to data fusion"; ranx
 * "probfuse"). Each list of n documents is cut into x segments of ceil(n / x) ranks (the last
 * may be shorter or empty). Training estimates, for each run, the probability that a document
 * in segment k is relevant, averaged over the Q training queries,
 *
 *   P_L(k) = (1 / Q) Σ_q |relevant in segment k of L's list for q| / |segment k of that list|
 *
 * where an empty segment adds 0 (still counted in Q, as ranx). Fusing divides by the segment
 * number, so later segments count for less:
 *
 *   probfuse(d) = Σ_{L ∋ d} w_L · P_L(k_L(d)) / k_L(d),    k = 1 .. x, d's segment in L
 *
 * x >= 1 is the method's parameter (ranx searches 1 to 100). A document absent from a run gets
 * 0 from it.
 */
export function probfuse(segments: number): TrainedMethod<Map<string, number[]>> {
  if (!Number.isInteger(segments) || segments < 1)
    throw new InputError(`probfuse's number of segments must be a whole number >= 1, got ${segments}`);
  return {
    name: 'probfuse',
    input: 'ranks',
    train(set: TrainingSet) {
      checkTrainingSet(set, 'probfuse');
      return new Map(set.runs.map((run) => [run.name, segmentProbabilities(hitLists(set, run), segments)]));
    },
    combine(model, legs) {
      const probs = new Map(legs.map((leg) => [leg, modelOf(model, leg.name, 'probfuse')]));
      return sumOver(legs, (leg, i) => {
        const k = Math.floor(i / Math.ceil(leg.ids.length / segments)); // 0-based segment
        return (leg.weight * probs.get(leg)![k]!) / (k + 1);
      });
    },
  };
}

function segmentProbabilities(lists: readonly (readonly boolean[])[], segments: number): number[] {
  const sums = new Array<number>(segments).fill(0);
  for (const hits of lists) {
    const size = Math.ceil(hits.length / segments);
    for (let k = 0; k < segments; k++) {
      const segment = hits.slice(k * size, (k + 1) * size);
      if (segment.length > 0) sums[k]! += segment.filter(Boolean).length / segment.length;
    }
  }
  return sums.map((s) => s / lists.length);
}
