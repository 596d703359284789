import { evaluateScored } from '../../metrics/evaluate.js';
import { bootstrapCI } from '../../stats/bootstrap.js';
import { mean } from '../../stats/mean.js';
import { pairedRandomizationTest } from '../../stats/significance.js';
import type { FoldChoices } from './fold-choices.js';
import type { ScoreTable } from './score-table.js';
import type { TunePlan } from './tune-plan.js';
import type { Baseline, TuneSummary } from './tune-result.js';
import { isLegAlone } from './tune-setting.js';

/**
 * The report of a tuning from numbers alone: `tuned[i]`, the cross-validated run's score on
 * plan.queries[i], and the table, whose leg-alone rows are the legs' own scores and whose
 * untuned rrf column is that baseline's. The held-out mean is evaluate's (evaluateScored sums
 * the same queries in the same order), so it is what `testbed eval` prints for the written run.
 * `leftOut` counts the legs' queries not tuned (not judged, or nothing relevant).
 */
export function summariseTune(
  plan: TunePlan,
  table: ScoreTable,
  chosen: FoldChoices,
  tuned: Float64Array,
  leftOut: number,
): TuneSummary {
  const { queries, metric, seed, legNames } = plan;
  const tunedValues = Array.from(tuned);
  const ci = (xs: number[]) => bootstrapCI(xs, { seed });
  const against = (label: string, values: readonly number[]): Baseline => ({
    label,
    mean: mean(values),
    diff: ci(tunedValues.map((v, i) => v - values[i]!)),
    p: pairedRandomizationTest(tunedValues, values, { seed }).p,
  });
  // Each leg alone is a setting of every grid: its row is the leg's scores.
  const legValues = legNames.map((_, l) =>
    Array.from(table.settings[plan.untrained.findIndex((s) => isLegAlone(s) && s.alone === l)]!),
  );
  const legMeans = legValues.map(mean);
  // The first of equal legs, as the grid's order would pick.
  const best = legMeans.reduce((b, m, i) => (m > legMeans[b]! ? i : b), 0);
  const untunedRrf = against(`rrf k 60, weights ${legNames.map(() => 1).join(',')}`, Array.from(table.untunedRrf));
  const valueFor = new Map(queries.map((q, i) => [q, tunedValues[i]!]));
  const heldOutMean = evaluateScored(plan.judgements, [metric], {}, (q) => ({ [metric.label]: valueFor.get(q)! })).mean[
    metric.label
  ]!;
  return {
    metric,
    folds: plan.folds,
    seed,
    select: plan.select,
    legNames,
    settings: plan.settings,
    simplicity: plan.simplicity,
    choices: chosen.choices.map((c) => ({ ...c, heldOutMean: mean(c.queries.map((q) => valueFor.get(q)!)) })),
    deploy: chosen.deploy,
    queries,
    heldOut: { ...ci(tunedValues), mean: heldOutMean },
    bestLeg: {
      name: legNames[best]!,
      ...against(legNames[best]!, legValues[best]!),
      sameOnEveryQuery: tunedValues.every((v, i) => v === legValues[best]![i]),
    },
    untunedRrf,
    leftOut,
  };
}
