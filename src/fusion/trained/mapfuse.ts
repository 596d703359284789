import { averagePrecision, DEFAULT_THRESHOLD } from '../../metrics/index.js';
import { sumOver } from '../methods/gather.js';
import type { TrainedMethod } from './trained-method.js';
import { checkTrainingSet, judgementsOf, modelOf, type TrainingSet } from './training-set.js';
import { mean } from '../../stats/mean.js';

/**
 * MAPFuse (Lillis et al. 2010, "Estimating probabilities for effective data fusion"; ranx
 * "mapfuse"). Training measures each run's MAP over the training queries (trec_eval's average
 * precision, relevant at grade >= the set's threshold (1 by default), averaged over the queries; a query the run lacks is AP 0);
 * fusing gives each document its run's MAP divided by its rank,
 *
 *   mapfuse(d) = Σ_{L ∋ d} w_L · MAP_L / rank_L(d)
 *
 * so a better run's ranks count for more. A document absent from a run gets 0 from it.
 */
export const mapfuse: TrainedMethod<Map<string, number>> = {
  name: 'mapfuse',
  input: 'ranks',
  train(set: TrainingSet) {
    checkTrainingSet(set, 'mapfuse');
    return new Map(
      set.runs.map(({ name, run }) => {
        const ap = set.queries.map((q) =>
          averagePrecision(
            (run.get(q) ?? []).map((d) => d.id),
            judgementsOf(set, q),
            undefined,
            set.threshold ?? DEFAULT_THRESHOLD,
          ),
        );
        return [name, mean(ap)];
      }),
    );
  },
  combine(model, legs) {
    const maps = new Map(legs.map((leg) => [leg, modelOf(model, leg.name, 'mapfuse')]));
    return sumOver(legs, (leg, i) => (leg.weight * maps.get(leg)!) / (i + 1));
  },
};
