import { InputError } from '../errors.js';
import { CORRECTIONS, type Correction } from './multiple-comparisons.js';
import { pairedRandomizationTest, type RandomizationOptions } from './significance.js';
import { pairedTTest } from './t-test.js';
import { tukeyHsd } from './tukey-hsd.js';
import { mean } from './mean.js';

/** The tests `compareAllPairs` runs: two paired tests of one pair at a time, and Tukey's HSD over all. */
export type PairwiseTest = 'randomization' | 't' | 'tukey';

/** The tests by name, for a config's choices and its errors. */
export const PAIRWISE_TEST_NAMES = ['randomization', 't', 'tukey'] as const satisfies readonly PairwiseTest[];

export interface AllPairsOptions extends RandomizationOptions {
  test: PairwiseTest;
  /** How the paired tests' p-values are adjusted for the number of pairs; must be 'none' with Tukey's HSD. */
  correction: Correction;
  /** Significance level: a pair is significant when its adjusted p is below it. */
  alpha: number;
}

/** One pair of systems on one metric. */
export interface PairComparison {
  /** The system given first of the two. */
  a: string;
  b: string;
  /** mean(a) - mean(b): positive when a scores higher. */
  meanDiff: number;
  /** The test's own p-value. */
  p: number;
  /** p after the correction (Tukey's p, which needs none, as it is). */
  adjustedP: number;
  /** adjustedP < alpha. */
  significant: boolean;
}

/** The two tests that take one pair at a time: per-query scores of a and b -> two-sided p. */
const PAIRED: Record<
  Exclude<PairwiseTest, 'tukey'>,
  (a: readonly number[], b: readonly number[], o: RandomizationOptions) => number
> = {
  randomization: (a, b, o) => pairedRandomizationTest(a, b, o).p,
  t: (a, b) => pairedTTest(a, b).p,
};

/**
 * Every pair of systems compared on one metric, as a family: `scores` maps each system's name to
 * its per-query scores, every list over the same queries in the same order (a report's
 * configurations, or the runs of `testbed compare`). Pairs come in input order: (1st, 2nd),
 * (1st, 3rd), ..., (2nd, 3rd), ...
 *
 * The family is all k(k - 1)/2 pairs of this one metric: with the randomization or t test, each
 * pair's p-value is adjusted for that many comparisons (holm, bonferroni, or none); Tukey's HSD
 * holds the family's error rate by itself, so it takes `correction: 'none'` and refuses another.
 * A caller comparing several metrics calls this once per metric, each metric its own family.
 */
export function compareAllPairs(
  scores: ReadonlyMap<string, readonly number[]>,
  options: AllPairsOptions,
): PairComparison[] {
  const { test, correction, alpha } = options;
  if (!(alpha > 0 && alpha < 1)) throw new InputError(`alpha must lie between 0 and 1 (exclusive), got ${alpha}`);
  if (test === 'tukey' && correction !== 'none')
    throw new InputError(`Tukey's HSD already holds the error rate over all pairs: no ${correction} correction on top`);
  const names = [...scores.keys()];
  const lists = [...scores.values()];
  if (names.length < 2) throw new InputError(`comparing needs 2 or more systems, got ${names.length}`);
  const pairs: [number, number][] = [];
  for (let i = 0; i < names.length; i++) for (let j = i + 1; j < names.length; j++) pairs.push([i, j]);

  let raw: number[];
  if (test === 'tukey') {
    const { p } = tukeyHsd(lists);
    raw = pairs.map(([i, j]) => p[i]![j]!);
  } else raw = pairs.map(([i, j]) => PAIRED[test](lists[i]!, lists[j]!, options));
  const adjusted = CORRECTIONS[correction](raw);
  return pairs.map(([i, j], index) => ({
    a: names[i]!,
    b: names[j]!,
    meanDiff: lists[i]!.length === 0 ? 0 : mean(lists[i]!) - mean(lists[j]!),
    p: raw[index]!,
    adjustedP: adjusted[index]!,
    significant: adjusted[index]! < alpha,
  }));
}
