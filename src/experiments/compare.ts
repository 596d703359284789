import { bootstrapCI } from '../stats/bootstrap.js';
import { type AllPairsTests, configKind, type ConfigResult, type SignificanceResult } from '../reports/report-model.js';
import { pairedDiffs } from '../stats/significance.js';
import { mean } from '../stats/mean.js';

/**
 * Each metric of `config` against the same metric of `baseline`, paired over `queryIds`: the
 * mean difference and its 95% bootstrap interval, and the pair's raw p, adjusted p and verdict
 * from the report's all-pairs tests. A pair those tests did not include (one of the two has
 * failed queries) keeps its interval and is not marked significant: it was not tested.
 */
export function againstBaseline(
  config: Pick<ConfigResult, 'name' | 'perQuery'>,
  baseline: Pick<ConfigResult, 'name' | 'perQuery'>,
  queryIds: readonly string[],
  metrics: readonly string[],
  seed: number,
  allPairs: AllPairsTests | undefined,
): Record<string, SignificanceResult> {
  const out: Record<string, SignificanceResult> = {};
  for (const m of metrics) {
    const diffs = pairedDiffs(
      queryIds.map((q) => config.perQuery[q]?.[m] ?? 0),
      queryIds.map((q) => baseline.perQuery[q]?.[m] ?? 0),
    );
    const meanDiff = diffs.length ? mean(diffs) : 0;
    const ci = bootstrapCI(diffs, { seed });
    const pair = allPairs?.pairs[m]?.find(
      (p) => (p.a === config.name && p.b === baseline.name) || (p.a === baseline.name && p.b === config.name),
    );
    out[m] = {
      meanDiff,
      ci: [ci.low, ci.high],
      ...(pair && { p: pair.p, adjustedP: pair.adjustedP }),
      significant: pair?.significant ?? false,
    };
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
