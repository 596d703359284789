import { sumOver } from '../methods/gather.js';
import { positionProbabilities } from './position-probabilities.js';
import type { TrainedMethod } from './trained-method.js';
import { checkTrainingSet, hitLists, modelOf, type TrainingSet } from './training-set.js';

/**
 * PosFuse (Lillis et al. 2010, "Estimating probabilities for effective data fusion"; ranx
 * "posfuse"). Training estimates, for each run, the probability that its document at rank i is
 * relevant (positionProbabilities over the training queries); fusing sums them,
 *
 *   posfuse(d) = Σ_{L ∋ d} w_L · P_L(rank_L(d))
 *
 * A rank deeper than every training list of the run has no estimate and gives 0 (ranx would
 * fail there). A document absent from a run gets 0 from it.
 */
export const posfuse: TrainedMethod<Map<string, number[]>> = {
  name: 'posfuse',
  input: 'ranks',
  train(set: TrainingSet) {
    checkTrainingSet(set, 'posfuse');
    return new Map(set.runs.map((run) => [run.name, positionProbabilities(hitLists(set, run))]));
  },
  combine(model, legs) {
    const probs = new Map(legs.map((leg) => [leg, modelOf(model, leg.name, 'posfuse')]));
    return sumOver(legs, (leg, i) => leg.weight * (probs.get(leg)![i] ?? 0));
  },
};
