import { bootstrapCI } from '../stats/bootstrap.js';
import { configKind, type ConfigResult, type SignificanceResult } from '../reports/report-model.js';
import { pairedDiffs, pairedRandomizationTest } from '../stats/significance.js';

export const SIGNIFICANCE_LEVEL = 0.05;

/**
 * Each metric of `config` against the same metric of `baseline`, paired by query: the paired
 * randomization test's p and the 95% bootstrap interval of the mean difference. Marked
 * significant when p < 0.05.
 */
export function compareToBaseline(
  config: Pick<ConfigResult, 'perQuery'>,
  baseline: Pick<ConfigResult, 'perQuery'>,
  queryIds: readonly string[],
  metrics: readonly string[],
  seed: number,
): Record<string, SignificanceResult> {
  const out: Record<string, SignificanceResult> = {};
  for (const m of metrics) {
    const a = queryIds.map((q) => config.perQuery[q]?.[m] ?? 0);
    const b = queryIds.map((q) => baseline.perQuery[q]?.[m] ?? 0);
    const { meanDiff, p } = pairedRandomizationTest(a, b, { seed });
    const ci = bootstrapCI(pairedDiffs(a, b), { seed });
    out[m] = { meanDiff, p, ci: [ci.low, ci.high], significant: p < SIGNIFICANCE_LEVEL };
  }
  return out;
}

/**
 * The best single-leg configuration on the same index as a fused one, by the primary metric: the
 * comparison that says whether fusion earned its cost (a weak leg can make it worse).
 */
export function bestSingleFor(
  hybrid: ConfigResult,
  all: readonly ConfigResult[],
  primary: string,
): ConfigResult | undefined {
  const sameIndex = (c: ConfigResult) =>
    c.index.chunker === hybrid.index.chunker &&
    c.index.tokenizer === hybrid.index.tokenizer &&
    (configKind(c) !== 'dense' || c.index.embedder === hybrid.index.embedder);
  return all
    .filter((c) => configKind(c) !== 'fused' && sameIndex(c) && !c.failedQueries)
    .reduce<ConfigResult | undefined>(
      (best, c) => (!best || (c.means[primary] ?? -Infinity) > (best.means[primary] ?? -Infinity) ? c : best),
      undefined,
    );
}
