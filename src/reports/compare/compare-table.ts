import { InputError } from '../../errors.js';
import { type AllPairsOptions, compareAllPairs, type PairComparison } from '../../stats/all-pairs.js';
import { tiesAtPrinted } from '../format.js';
import { mean } from '../../stats/mean.js';

/** Runs are lettered a, b, c... in the order given; the letters mark whom a cell beats. */
export const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** One run on one metric. */
export interface CompareCell {
  mean: number;
  /** The highest mean of its metric (ties within rounding all count). */
  best: boolean;
  /** Letters of the runs this one beats significantly on the metric (after correction), in letter order. */
  beats: string[];
}

export interface CompareRow {
  letter: string;
  name: string;
  /** One cell per metric, in `metrics` order. */
  cells: CompareCell[];
}

export interface CompareTable {
  metrics: string[];
  rows: CompareRow[];
  /** Queries every mean and test is over. */
  queries: number;
  options: AllPairsOptions;
  /** The pairs of runs per metric: k(k - 1)/2 each, one family each. */
  pairs: Record<string, PairComparison[]>;
  /** Each run's per-query values (run -> query id -> metric -> value), when the caller asked to print them. */
  perQuery?: Record<string, Record<string, Record<string, number>>>;
}

/**
 * The runs × metrics table of `testbed compare` (and of any caller holding per-query scores by
 * configuration name): each metric's mean per run, the best marked, and per cell the runs it
 * beats significantly, as ranx's report prints them.
 *
 * `scores` maps a run's name to its per-query values by metric label, every list over the same
 * queries in the same order; runs keep their order and are lettered a, b, c... (at most 26).
 * Each metric is one family of k(k - 1)/2 comparisons (compareAllPairs), corrected on its own:
 * a run beats another on a metric when their pair is significant and its mean is the higher.
 */
export function buildCompareTable(
  scores: ReadonlyMap<string, Readonly<Record<string, readonly number[]>>>,
  metrics: readonly string[],
  options: AllPairsOptions,
): CompareTable {
  const names = [...scores.keys()];
  if (metrics.length === 0) throw new InputError('compare needs at least one metric');
  checkLetters(names.length);
  const pairs: Record<string, PairComparison[]> = {};
  const means = new Map<string, Record<string, number>>(names.map((name) => [name, {}]));
  for (const metric of metrics) {
    const byRun = new Map(names.map((name) => [name, scoresOf(scores, name, metric)]));
    pairs[metric] = compareAllPairs(byRun, options);
    for (const [name, values] of byRun) means.get(name)![metric] = mean(values);
  }
  const queries = scoresOf(scores, names[0]!, metrics[0]!).length;
  return compareTableOf({
    names,
    means: (name, metric) => means.get(name)![metric]!,
    metrics,
    pairs,
    options,
    queries,
  });
}

/** What a table is made of once the pairs are tested. */
export interface TestedPairs {
  /** The runs, in letter order. */
  names: readonly string[];
  means: (name: string, metric: string) => number;
  metrics: readonly string[];
  /** Per metric, its pairs as compareAllPairs returned them for `names` under `options`. */
  pairs: Readonly<Record<string, PairComparison[]>>;
  options: AllPairsOptions;
  queries: number;
}

/**
 * The table from pairs already tested, for a caller that stored them (an experiment report
 * keeps its all-pairs tests): the letters, each metric's best, and whom each cell beats.
 */
export function compareTableOf(tested: TestedPairs): CompareTable {
  const { names, means, metrics, pairs, options, queries } = tested;
  checkLetters(names.length);
  const letterOf = new Map(names.map((name, i) => [name, LETTERS[i]!]));
  const rows = names.map((name) => ({
    letter: letterOf.get(name)!,
    name,
    cells: metrics.map((metric) => {
      const mean = means(name, metric);
      const top = Math.max(...names.map((other) => means(other, metric)));
      return { mean, best: tiesAtPrinted(top, mean), beats: beaten(pairs[metric]!, name, letterOf) };
    }),
  }));
  return { metrics: [...metrics], rows, queries, options, pairs: { ...pairs } };
}

function checkLetters(runs: number): void {
  if (runs > LETTERS.length)
    throw new InputError(`compare takes at most ${LETTERS.length} runs (one letter each), got ${runs}`);
}

function scoresOf(
  scores: ReadonlyMap<string, Readonly<Record<string, readonly number[]>>>,
  name: string,
  metric: string,
): readonly number[] {
  const values = scores.get(name)?.[metric];
  if (values === undefined) throw new InputError(`run ${JSON.stringify(name)} has no scores for ${metric}`);
  return values;
}

/** Letters of the runs `name` beats: significant pairs where its mean is the higher. */
function beaten(pairs: readonly PairComparison[], name: string, letterOf: ReadonlyMap<string, string>): string[] {
  const letters: string[] = [];
  for (const pair of pairs) {
    if (!pair.significant) continue;
    if (pair.a === name && pair.meanDiff > 0) letters.push(letterOf.get(pair.b)!);
    if (pair.b === name && pair.meanDiff < 0) letters.push(letterOf.get(pair.a)!);
  }
  return letters.sort();
}
