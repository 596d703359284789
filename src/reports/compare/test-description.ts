import { DEFAULT_SEED } from '../../stats/prng.js';
import { DEFAULT_TRIALS, EXACT_MAX_QUERIES } from '../../stats/significance.js';
import type { PairwiseTest } from '../../stats/all-pairs.js';
import type { Correction } from '../../stats/multiple-comparisons.js';
import type { CompareTable } from './compare-table.js';

/** Each test named in words, as a verdict or a caption says it. */
const TEST_WORDS: Record<PairwiseTest, (t: CompareTable) => string> = {
  randomization: (t) => {
    const exact = t.queries <= EXACT_MAX_QUERIES;
    const trials = (t.options.trials ?? DEFAULT_TRIALS).toLocaleString('en-US');
    const how = exact
      ? `exact over all ${(2 ** t.queries).toLocaleString('en-US')} sign patterns`
      : `${trials} random sign patterns, seed ${t.options.seed ?? DEFAULT_SEED}`;
    return `the paired randomization test (Fisher's, ${how})`;
  },
  t: () => "the paired Student's t-test",
  tukey: () => "Tukey's HSD (studentized range on the two-way runs × queries ANOVA residual)",
};

/** Each correction named in words, after "significant ...". */
const CORRECTION_WORDS: Record<Correction, string> = {
  holm: "after Holm's correction",
  bonferroni: 'after Bonferroni correction',
  none: 'without correction',
};

/** "the paired Student's t-test" and the like. */
export function describeTest(t: CompareTable): string {
  return TEST_WORDS[t.options.test](t);
}

/** "after Holm's correction", "after Bonferroni correction", "without correction", or "by Tukey's HSD". */
export function describeCorrection(t: Pick<CompareTable, 'options'>): string {
  return t.options.test === 'tukey' ? "by Tukey's HSD" : CORRECTION_WORDS[t.options.correction];
}

/** The test and its correction in one phrase: "the paired Student's t-test, after Holm's correction"; Tukey's HSD alone. */
export function describeProcedure(t: CompareTable): string {
  return t.options.test === 'tukey' ? describeTest(t) : `${describeTest(t)}, ${describeCorrection(t)}`;
}

/** Pairs per metric: k(k - 1)/2 for k runs, the size of each family. */
export function pairsPerMetric(t: CompareTable): number {
  return (t.rows.length * (t.rows.length - 1)) / 2;
}
