import type { SignificanceConfig } from '../reports/experiment-config.js';
import type { AllPairsTests, ConfigResult } from '../reports/report-model.js';
import { compareAllPairs } from '../stats/all-pairs.js';
import { DEFAULT_TRIALS } from '../stats/significance.js';

/**
 * Every pair of configurations on each of `metrics`, paired over `queryIds`, with the
 * experiment's test, correction and alpha: each metric's k(k − 1)/2 pairs are one family
 * (compareAllPairs), so a lead is judged knowing how many comparisons the report made.
 *
 * Configurations with failed queries (a remote leg erred) are left out, as the verdict leaves
 * them out: they have no score to pair on the queries they lost, and their means are over fewer
 * queries. Undefined when fewer than two configurations remain.
 */
export function testAllPairs(
  configs: readonly Pick<ConfigResult, 'name' | 'perQuery' | 'failedQueries'>[],
  queryIds: readonly string[],
  metrics: readonly string[],
  significance: SignificanceConfig,
  seed: number,
): AllPairsTests | undefined {
  const compared = configs.filter((c) => !c.failedQueries);
  if (compared.length < 2) return undefined;
  const options = { ...significance, trials: DEFAULT_TRIALS, seed };
  const pairs = Object.fromEntries(
    metrics.map((m) => {
      const scores = new Map(compared.map((c) => [c.name, queryIds.map((q) => c.perQuery[q]?.[m] ?? 0)]));
      return [m, compareAllPairs(scores, options)];
    }),
  );
  return { ...options, queries: queryIds.length, configs: compared.map((c) => c.name), pairs };
}
