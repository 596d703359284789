import type { CompleteFuseOptions } from '../fuse-lists.js';
import type { NormName } from '../norm-table.js';
import type { TrainedMethodName } from '../trained/trained-methods.js';

/**
 * One leg on its own: its ranking as the run holds it (trec_eval's order), cut at k, no fusion.
 * `alone` indexes the legs. Every grid holds one per leg, so the tuner can always answer "do not
 * fuse": a fusion that loses to its best leg on the training queries is never forced on a fold.
 */
export interface LegAlone {
  alone: number;
}

/**
 * A trained method (fusion/trained/) with its parameter: its model is fitted to judgements, so
 * its score on a query depends on which queries trained it, and the tuner trains it inside the
 * folds (trained-folds.ts).
 */
export interface TrainedSetting {
  trained: TrainedMethodName;
  /** probfuse's number of segments x, slidefuse's window w (TRAINED_PARAMETER); undefined for the others. */
  parameter?: number;
  /** The normalisation of a method that reads normalised scores (segfuse); undefined for the others. */
  norm?: NormName;
  /** One per leg: 1 each (the grid does not search the trained methods' weights). */
  weights: readonly number[];
}

/** A candidate the tuner compares: a leg alone, a fusion of the legs with every option filled in, or a trained method. */
export type TuneSetting = LegAlone | CompleteFuseOptions | TrainedSetting;

export function isLegAlone(s: TuneSetting): s is LegAlone {
  return 'alone' in s;
}

export function isTrained(s: TuneSetting): s is TrainedSetting {
  return 'trained' in s;
}

/** Whether every leg has the same weight: a fusion as defined, before any weight is tuned. */
export function equalWeights(weights: readonly number[]): boolean {
  return weights.every((w) => w === weights[0]);
}
