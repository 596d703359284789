import { bayesfuse } from './bayesfuse.js';
import { mapfuse } from './mapfuse.js';
import { posfuse } from './posfuse.js';
import { probfuse } from './probfuse.js';
import { segfuse } from './segfuse.js';
import { slidefuse } from './slidefuse.js';
import type { TrainedMethod } from './trained-method.js';

/**
 * ranx's fusion methods that learn from relevance judgements before they fuse (files beside
 * this one): not rows of the method table, since `testbed fuse` reads no judgements and a model
 * fitted on the queries it ranks would overstate it. They are trained inside `testbed tune`'s
 * training folds only (tune/trained-folds.ts).
 */
export const TRAINED_METHOD_NAMES = ['posfuse', 'probfuse', 'segfuse', 'slidefuse', 'mapfuse', 'bayesfuse'] as const;

export type TrainedMethodName = (typeof TRAINED_METHOD_NAMES)[number];

/** Whether `name` is one of the trained methods. */
export function isTrainedMethod(name: string): name is TrainedMethodName {
  return (TRAINED_METHOD_NAMES as readonly string[]).includes(name);
}

/**
 * The one parameter a trained method takes, by the letter its paper gives it: probfuse's number
 * of segments x, slidefuse's window w (ranx searches both from 1 to 100); the others take none.
 */
export const TRAINED_PARAMETER: Readonly<Partial<Record<TrainedMethodName, 'x' | 'w'>>> = {
  probfuse: 'x',
  slidefuse: 'w',
};

/**
 * The method itself, with its parameter where it takes one (probfuse(x), slidefuse(w), which
 * refuse a bad one); the parameter is ignored by the others.
 */
export function trainedMethod(name: TrainedMethodName, parameter?: number): TrainedMethod<unknown> {
  const methods: Record<TrainedMethodName, () => TrainedMethod<unknown>> = {
    posfuse: () => posfuse,
    probfuse: () => probfuse(parameter ?? Number.NaN),
    segfuse: () => segfuse,
    slidefuse: () => slidefuse(parameter ?? Number.NaN),
    mapfuse: () => mapfuse,
    bayesfuse: () => bayesfuse,
  };
  return methods[name]();
}
