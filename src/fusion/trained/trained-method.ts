import type { MethodInput } from '../method-spec.js';
import type { RankedLeg } from '../ranked-list.js';
import type { TrainingSet } from './training-set.js';

/**
 * A fusion method that learns from relevance judgements before it can fuse (ranx's probfuse,
 * segfuse, slidefuse, bayesfuse, mapfuse, posfuse): `train` fits a model on the training
 * queries, `combine` fuses one query's legs with it, as an untrained method's combine does
 * (legs of weight > 0, in name order; each weight multiplies the leg's part, 1 by default).
 * Both are pure. Models hold one entry per run, found by the leg's name.
 */
export interface TrainedMethod<Model> {
  name: string;
  /** What combine reads of each leg: ranks, or scores after the chosen normalisation (segfuse). */
  input: Extract<MethodInput, 'ranks' | 'normalised scores'>;
  train(set: TrainingSet): Model;
  combine(model: Model, legs: readonly RankedLeg[]): Map<string, number>;
}
