import type { CompleteFuseOptions } from '../fuse-lists.js';
import { fusionMethod } from '../method-registry.js';
import { constantsOf } from '../method-spec.js';
import { equalWeights, isLegAlone, isTrained, type TuneSetting } from './tune-setting.js';

/**
 * The classes of the order of simplicity, simplest first: how much a setting was fitted to
 * the training queries, from nothing chosen to a weight per leg. `testbed tune --help` lists them.
 * A constant of a method's formula other than its default is a constant chosen, as an RRF k
 * other than 60 is: one step up from the same method at its defaults (rrf k 60 -> rrf k 20;
 * combgmnz γ 0.5 -> combgmnz γ 0.7), so it ranks after every method at its defaults and before
 * any weights.
 */
export const SIMPLICITY_CLASSES = [
  'a leg alone (no fusion)',
  'rrf with k 60 and equal weights (untuned rrf: nothing chosen)',
  'rrf with another k and equal weights (one constant chosen)',
  'any other method with equal weights, any norm (a method chosen, no weights)',
  'such a method with a constant not at its default (a method and a constant chosen)',
  'unequal weights, fewer legs weighted above 0 first (a weight per leg chosen)',
  'a trained method (probfuse, slidefuse ...: a model fitted to the training judgements)',
] as const;

/** The class of a setting: an index into SIMPLICITY_CLASSES. */
export function simplicityClass(s: TuneSetting): number {
  if (isLegAlone(s)) return 0;
  if (isTrained(s)) return 6; // a probability per rank or segment and per leg: fitted most of all
  if (!equalWeights(s.weights)) return 5;
  if (s.method === 'rrf') return constantChosen(s) ? 2 : 1;
  return constantChosen(s) ? 4 : 3;
}

/** Whether a setting gives one of its method's constants a value other than the default. */
function constantChosen(s: CompleteFuseOptions): boolean {
  return constantsOf(fusionMethod(s.method)).some((c) => (s.constants[c.name] ?? c.default) !== c.default);
}

/**
 * Each setting's level in the order of simplicity (0 = simplest), the order the one-SE rule
 * picks by: by class (SIMPLICITY_CLASSES), then by the number of legs weighted above 0 (fewer
 * first: it only separates unequal weights, as the other classes weight every leg, or one).
 * Settings of one level are equally simple (the legs alone; rrf at each other k; ...): among
 * them the rule takes the higher training mean (selectSetting), so the better leg alone wins
 * over the first one listed. Returns level[s] for s indexing `settings`: 0, 1, 2, ... without gaps.
 */
export function simplicityLevels(settings: readonly TuneSetting[]): number[] {
  const weighted = (s: TuneSetting) => (isLegAlone(s) ? 1 : s.weights.filter((w) => w > 0).length);
  // (class, legs weighted) as one number: the count is below `width`, so the class decides first.
  const width = Math.max(1, ...settings.map(weighted)) + 1;
  const key = settings.map((s) => simplicityClass(s) * width + weighted(s));
  const distinct = [...new Set(key)].sort((a, b) => a - b);
  return key.map((k) => distinct.indexOf(k));
}
