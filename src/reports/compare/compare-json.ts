import type { CompareTable } from './compare-table.js';
import { compareVerdict } from './compare-verdict.js';
import { pairsPerMetric } from './test-description.js';

/**
 * The comparison as JSON: the settings, each run's mean, best flag and beaten runs (letters and
 * names) per metric, every pair's raw and adjusted p per metric, the verdict, and each run's
 * per-query values when the table holds them (`compare --per-query`).
 */
export function renderCompareJson(t: CompareTable): string {
  const nameOf = new Map(t.rows.map((r) => [r.letter, r.name]));
  const { test, correction, alpha } = t.options;
  const out = {
    test,
    correction: test === 'tukey' ? 'tukey-hsd' : correction,
    alpha,
    queries: t.queries,
    comparisons_per_metric: pairsPerMetric(t),
    metrics: t.metrics,
    runs: t.rows.map((r) => ({
      letter: r.letter,
      name: r.name,
      metrics: Object.fromEntries(
        r.cells.map((c, m) => [
          t.metrics[m]!,
          { mean: c.mean, best: c.best, beats: c.beats, beats_runs: c.beats.map((l) => nameOf.get(l)!) },
        ]),
      ),
    })),
    pairs: Object.fromEntries(
      t.metrics.map((m) => [
        m,
        t.pairs[m]!.map((p) => ({
          a: p.a,
          b: p.b,
          mean_diff: p.meanDiff,
          p: p.p,
          adjusted_p: p.adjustedP,
          significant: p.significant,
        })),
      ]),
    ),
    verdict: compareVerdict(t),
    ...(t.perQuery && { per_query: t.perQuery }),
  };
  return JSON.stringify(out, null, 2) + '\n';
}
