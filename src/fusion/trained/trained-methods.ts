/**
 * ranx's fusion methods that learn from relevance judgements before they fuse (files beside
 * this one): not rows of the method table, since `testbed fuse` reads no judgements and a model
 * fitted on the queries it ranks would overstate it. They are meant to be trained inside
 * `testbed tune`'s training folds only.
 */
export const TRAINED_METHOD_NAMES: readonly string[] = [
  'posfuse',
  'probfuse',
  'segfuse',
  'slidefuse',
  'mapfuse',
  'bayesfuse',
];

/** Whether `name` is one of the trained methods. */
export function isTrainedMethod(name: string): boolean {
  return TRAINED_METHOD_NAMES.includes(name);
}
