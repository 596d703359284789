import { sumOver } from '../methods/gather.js';
import type { TrainedMethod } from './trained-method.js';
import { checkTrainingSet, hitLists, modelOf, type TrainingSet } from './training-set.js';

/**
 * Where SegFuse's segments end (exclusive, 0-based ranks), as ranx has them: 10 · 2^(k-1) - 5
 * for k = 1..10, so segment k holds ranks (end_{k-1}, end_k]: 1-5, 6-15, 16-35, ... 2556-5115.
 * (Shokouhi gives 10 · 2^(k-1) - 5 as the size of segment k; ranx uses it as its end.)
 */
export const SEGFUSE_ENDS: readonly number[] = Array.from({ length: 10 }, (_, k) => 10 * 2 ** k - 5);

/**
 * SegFuse (Shokouhi 2007, "Segmentation of search engine results for effective data-fusion";
 * ranx "segfuse"). Training estimates, for each run, the probability that a document in each
 * segment of SEGFUSE_ENDS is relevant, averaged over the Q training queries and divided by the
 * segment's full size (a list that stops inside it counts its missing ranks as not relevant),
 *
 *   P_L(k) = (1 / Q) Σ_q |relevant in segment k of L's list for q| / size_k
 *
 * and fusing weighs each document's normalised score by it:
 *
 *   segfuse(d) = Σ_{L ∋ d} w_L · P_L(k_L(d)) · (norm_L(d) + 1)
 *
 * It reads scores after --norm (min-max by default, Shokouhi's). Ranks past the last segment
 * (5115) get 0. A document absent from a run gets 0 from it.
 */
export const segfuse: TrainedMethod<Map<string, number[]>> = {
  name: 'segfuse',
  input: 'normalised scores',
  train(set: TrainingSet) {
    checkTrainingSet(set, 'segfuse');
    return new Map(
      set.runs.map((run) => {
        const lists = hitLists(set, run);
        const probs = SEGFUSE_ENDS.map((end, k) => {
          const start = k === 0 ? 0 : SEGFUSE_ENDS[k - 1]!;
          const precision = (hits: readonly boolean[]) => hits.slice(start, end).filter(Boolean).length / (end - start);
          return lists.reduce((sum, hits) => sum + precision(hits), 0) / lists.length;
        });
        return [run.name, probs];
      }),
    );
  },
  combine(model, legs) {
    const probs = new Map(legs.map((leg) => [leg, modelOf(model, leg.name, 'segfuse')]));
    return sumOver(legs, (leg, i) => {
      const k = SEGFUSE_ENDS.findIndex((end) => i < end);
      const p = k < 0 ? 0 : probs.get(leg)![k]!;
      return leg.weight * p * (leg.scores[i]! + 1);
    });
  },
};
