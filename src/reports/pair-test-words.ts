import type { PairComparison, PairwiseTest } from '../stats/all-pairs.js';
import { describeCorrection } from './compare/test-description.js';
import { fmtP } from './format.js';
import type { AllPairsTests } from './report-model.js';

/** Each test's short name, as a verdict's parenthesis gives it. */
const TEST_NAMES: Record<PairwiseTest, string> = {
  randomization: 'paired randomization test',
  t: 'paired t-test',
  tukey: "Tukey's HSD",
};

/** The size of each metric's family: k(k − 1)/2 pairs of k configurations. */
export function pairsPerMetric(tests: AllPairsTests): number {
  const k = tests.configs.length;
  return (k * (k - 1)) / 2;
}

/** "after Holm's correction over 15 pairs", "by Tukey's HSD over 3 pairs", "without correction over 1 pair". */
export function correctedOver(tests: AllPairsTests): string {
  const m = pairsPerMetric(tests);
  return `${describeCorrection({ options: tests })} over ${m} pair${m === 1 ? '' : 's'}`;
}

/**
 * One pair's result in words, after "is" or "the difference is": "not significant after Holm's
 * correction over 15 pairs (adjusted p = 0.3100, raw p = 0.0400, paired randomization test)".
 * The raw p is given when a correction changed it, so a reader sees what the correction did;
 * Tukey's HSD has one p, its own.
 */
export function pairResult(
  tests: AllPairsTests,
  pair: Pick<PairComparison, 'p' | 'adjustedP' | 'significant'>,
): string {
  const corrected = tests.test !== 'tukey' && tests.correction !== 'none';
  const ps = corrected ? `${is('adjusted p', pair.adjustedP)}, ${is('raw p', pair.p)}` : is('p', pair.adjustedP);
  const test = tests.test === 'tukey' ? '' : `, ${TEST_NAMES[tests.test]}`;
  return `${pair.significant ? '' : 'not '}significant ${correctedOver(tests)} (${ps}${test})`;
}

/** "p = 0.0100", or "p < 0.0001" where fmtP gives "< 0.0001". */
function is(name: string, p: number): string {
  const value = fmtP(p);
  return value.startsWith('<') ? `${name} ${value}` : `${name} = ${value}`;
}

/** The procedure for a legend: "the paired randomization test after Holm's correction over 3 pairs per metric, alpha = 0.05". */
export function procedure(tests: AllPairsTests): string {
  const test = tests.test === 'tukey' ? '' : `the ${TEST_NAMES[tests.test]} `;
  return `${test}${correctedOver(tests)} per metric, alpha = ${tests.alpha}`;
}
