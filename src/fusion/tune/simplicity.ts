import { FUSE_DEFAULTS } from '../fuse-lists.js';
import { equalWeights, isLegAlone, type TuneSetting } from './tune-setting.js';

/**
 * The classes of the order of simplicity, simplest first: how much a setting was fitted to
 * the training queries, from nothing chosen to a weight per leg. `testbed tune --help` lists them.
 */
export const SIMPLICITY_CLASSES = [
  'a leg alone (no fusion)',
  'rrf with k 60 and equal weights (untuned rrf: nothing chosen)',
  'rrf with another k and equal weights (one constant chosen)',
  'any other method with equal weights, any norm (a method chosen, no weights)',
  'unequal weights, fewer legs weighted above 0 first (a weight per leg chosen)',
] as const;

/** The class of a setting: an index into SIMPLICITY_CLASSES. */
export function simplicityClass(s: TuneSetting): number {
  if (isLegAlone(s)) return 0;
  if (!equalWeights(s.weights)) return 4;
  if (s.method === 'rrf') return s.rrfK === FUSE_DEFAULTS.rrfK ? 1 : 2;
  return 3;
}

/**
 * Each setting's position in the order of simplicity (0 = simplest), the order the one-SE rule
 * picks by: by class (SIMPLICITY_CLASSES), then by the number of legs weighted above 0 (fewer
 * first: it only separates unequal weights, as the other classes weight every leg, or one), then
 * by position in the grid (settingsGrid's order: legs in their order, then methods, norms and
 * ks as listed). Returns rank[s] for s indexing `settings`; the ranks are 0..n-1, each once.
 */
export function simplicityRanks(settings: readonly TuneSetting[]): number[] {
  const key = settings.map((s) => [simplicityClass(s), isLegAlone(s) ? 1 : s.weights.filter((w) => w > 0).length]);
  const order = settings
    .map((_, i) => i)
    .sort((a, b) => key[a]![0]! - key[b]![0]! || key[a]![1]! - key[b]![1]! || a - b);
  const rank = new Array<number>(settings.length);
  order.forEach((s, position) => (rank[s] = position));
  return rank;
}
