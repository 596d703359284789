import { InputError } from '../errors.js';
import { testAllPairs } from './all-pairs-tests.js';
import { againstBaseline, bestSingleFor } from './compare.js';
import { analyzeFailures } from './failures.js';
import { failedIds } from './cell-run.js';
import { stableHash } from './grid.js';
import type { ExperimentPlan } from './plan.js';
import type { ConfigResult, ExperimentReport } from '../reports/report-model.js';
import type { OpenIndex } from './retrieve-cells.js';
import { column, type ScoredEntry } from './score-configs.js';
import { pairedSliceGap, sliceQueries } from './slices.js';

/**
 * The analyse stage, across configurations: every pair of configurations tested on the table's
 * metrics (the config's test and correction, each metric one family), each configuration
 * against the baseline (bootstrap interval of the difference, and the pair's corrected test),
 * the best single-leg configuration beside every fused one, the misses of each with their
 * causes, and the gap between real and synthetic queries. Fills in `configs` in place; returns
 * the baseline's name, the all-pairs tests and the real/synthetic gaps.
 */
export function analyse(
  plan: ExperimentPlan,
  configs: ConfigResult[],
  entries: readonly ScoredEntry[],
  indexes: ReadonlyMap<string, OpenIndex>,
  shown: readonly string[],
): {
  baseline: string;
  allPairs: ExperimentReport['allPairs'];
  sourceGap: NonNullable<ExperimentReport['sourceGap']>;
} {
  const { config } = plan;
  const baseline = config.baseline ?? configs[0]!.name;
  const base = configs.find((c) => c.name === baseline);
  if (!base)
    throw new InputError(
      `baseline "${baseline}" is not a configuration of this grid (${configs.map((c) => c.name).join(', ')})`,
      { field: 'baseline' },
    );
  const answerable = plan.queries.filter((q) => plan.answerable.has(q.id));
  const qids = answerable.map((q) => q.id);
  const primary = plan.metrics[0]!.label;
  // Tested on the table's metrics only: each test costs up to 10,000 sign patterns per pair.
  const allPairs = testAllPairs(configs, qids, shown, config.significance, config.seed);
  configs.forEach((c, i) => {
    // Paired over the queries both answered: a query a remote leg failed for has no score to pair.
    const paired =
      c.failedQueries || base.failedQueries ? qids.filter((q) => q in c.perQuery && q in base.perQuery) : qids;
    if (c !== base) c.significance = againstBaseline(c, base, paired, shown, config.seed, allPairs);
    if (c.kind === 'fused') {
      const single = bestSingleFor(c, configs, primary);
      if (single) c.bestSingle = { name: single.name, means: single.means };
    }
    c.failures = failuresOf(plan, entries[i]!, entries, indexes);
  });
  const sourceSlices = sliceQueries(answerable, ['source']);
  const sourceGap = configs.flatMap((c) => {
    const g = pairedSliceGap(column(c.perQuery, primary), sourceSlices);
    return g ? [{ config: c.name, metric: primary, real: g.a, synthetic: g.b, gap: g.gap }] : [];
  });
  return { baseline, allPairs, sourceGap };
}

/** A configuration's misses, told apart with the single lexical and dense runs over the same index. */
function failuresOf(
  plan: ExperimentPlan,
  entry: ScoredEntry,
  entries: readonly ScoredEntry[],
  indexes: ReadonlyMap<string, OpenIndex>,
) {
  const key = stableHash(entry.index);
  const sameIndex = entries.filter(
    (x) =>
      stableHash(x.index) === key ||
      (x.kind === 'lexical' && x.index.chunker === entry.index.chunker && x.index.tokenizer === entry.index.tokenizer),
  );
  const lexical = sameIndex.find((x) => x.kind === 'lexical');
  const dense = sameIndex.find((x) => x.kind === 'dense' && stableHash(x.index) === key);
  const failed = failedIds(entry.run);
  return analyzeFailures({
    run: entry.run,
    // A failed query is listed as failed, not analysed as a miss.
    queries: plan.queries.filter((q) => plan.answerable.has(q.id) && !failed.has(q.id)),
    judgements: plan.judgements,
    contextK: plan.config.context_k,
    rerankDepth: plan.config.rerank_depth,
    reader: indexes.get(key)!.searcher.reader,
    ...(lexical && { lexical: lexical.run }),
    ...(dense && { dense: dense.run }),
  });
}
