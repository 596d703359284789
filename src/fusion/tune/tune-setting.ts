import type { CompleteFuseOptions } from '../fuse-lists.js';

/**
 * One leg on its own: its ranking as the run holds it (trec_eval's order), cut at k, no fusion.
 * `alone` indexes the legs. Every grid holds one per leg, so the tuner can always answer "do not
 * fuse": a fusion that loses to its best leg on the training queries is never forced on a fold.
 */
export interface LegAlone {
  alone: number;
}

/** A candidate the tuner compares: a leg alone, or a fusion of the legs with every option filled in. */
export type TuneSetting = LegAlone | CompleteFuseOptions;

export function isLegAlone(s: TuneSetting): s is LegAlone {
  return 'alone' in s;
}

/** Whether every leg has the same weight: a fusion as defined, before any weight is tuned. */
export function equalWeights(weights: readonly number[]): boolean {
  return weights.every((w) => w === weights[0]);
}
