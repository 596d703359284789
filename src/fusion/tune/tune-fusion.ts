import { bootstrapCI } from '../../stats/bootstrap.js';
import { createRng, randomIndex } from '../../stats/prng.js';
import { pairedRandomizationTest } from '../../stats/significance.js';
import { evaluate, scoreQuery, type Evaluation, type Judgements } from '../../metrics/index.js';
import { compareIdBytes } from '../../ranking/id-order.js';
import { compareFused, fuseLists } from '../fuse-lists.js';
import type { NamedRun } from '../fuse-runs.js';
import type { RankedList, ScoredId } from '../ranked-list.js';
import { crossValidate, type Chooser } from './cross-validate.js';
import { assignFolds } from './folds.js';
import { selectSetting } from './select-setting.js';
import { settingsGrid } from './settings-grid.js';
import { simplicityLevels } from './simplicity.js';
import { completeTuneOptions, type TuneOptions } from './tune-options.js';
import type { Baseline, TuneResult } from './tune-result.js';
import { trainedFolds } from './trained-folds.js';
import { isLegAlone, isTrained } from './tune-setting.js';
import { mean } from '../../stats/mean.js';

/** A leg to tune: its run, and when that holds only some of its queries, every query id of its file. */
export interface TuneLeg extends NamedRun {
  queryIds?: readonly string[];
}

/**
 * Tunes the fusion of `legs` by k-fold cross-validation over the answerable queries of `judgements`: the
 * queries are dealt into folds (assignFolds, seeded), each fold is ranked with the setting of
 * the grid (each leg alone included) that the `select` rule picks on the other folds
 * (crossValidate, selectSetting: by default the simplest within one standard error of the best),
 * and the resulting run is scored with `evaluate`, the function `testbed eval` scores a run file
 * with. The run is returned, not written: writeRun prints every score in its round-trip form
 * and fuseLists ranks in trec_eval's order, so the file read back holds these very rankings and
 * `testbed eval` on it prints `heldOut.mean` exactly. Baselines (best single leg, untuned rrf)
 * are scored on the same queries, with bootstrap intervals on the paired per-query differences
 * and paired randomization tests. The setting to deploy is chosen by the same rule on all the
 * judged queries.
 * Only the judged queries' lists are read, each cut to `depth`, so a leg may hold just those
 * (collectJudgedLists, as `testbed tune` reads its files) with its file's other query ids in
 * `queryIds`, which `leftOut` counts.
 * Throws an InputError when no query is judged or there are more folds than judged queries.
 */
export function tuneFusion(legs: readonly TuneLeg[], judgements: Judgements, options: TuneOptions = {}): TuneResult {
  const { metric, grid, folds, seed, depth, k, select } = completeTuneOptions(options);
  // The queries `testbed eval` averages (answerable, byte order); it throws if there are none.
  const queries = evaluate(judgements, new Map(), [metric]).evaluated;
  const searched = settingsGrid(grid, legs.length);
  // Untrained settings first (settingsGrid lists the trained ones last already): their table's
  // rows are settings 0 .. untrained.length - 1, and each fold's rows for the trained ones follow.
  const untrained = searched.flatMap((s) => (isTrained(s) ? [] : [s]));
  const trained = searched.flatMap((s) => (isTrained(s) ? [s] : []));
  const settings = [...untrained, ...trained];
  const cut = (run: NamedRun['run'], q: string) => (run.get(q) ?? []).slice(0, depth);
  const lists = new Map(
    queries.map((q) => [q, legs.map(({ name, run }): RankedList => ({ name, items: cut(run, q) }))]),
  );
  // A leg alone is ranked in trec_eval's order, as a run file of it would be read back.
  const alone = (leg: NamedRun['run'], q: string) => cut(leg, q).sort(compareFused).slice(0, k);
  const rank = (q: string, s: (typeof untrained)[number]): ScoredId[] =>
    isLegAlone(s) ? alone(legs[s.alone]!.run, q) : fuseLists(lists.get(q)!, s).slice(0, k);
  const scoreOf = (q: string, ranking: readonly ScoredId[]) =>
    scoreQuery(
      judgements,
      q,
      ranking.map((d) => d.id),
      [metric],
    )[metric.label]!;

  // The untrained settings × queries table, computed once: the folds and the deployed choice all read it.
  const table = untrained.map((s) => Float64Array.from(queries, (q) => scoreOf(q, rank(q, s))));
  const column = new Map(queries.map((q, i) => [q, i]));
  const simplicity = simplicityLevels(settings);
  const choose: Chooser = (scores) => selectSetting(scores, select, simplicity);
  const rng = createRng(seed);
  const foldQueries = assignFolds(queries, folds, (n) => randomIndex(rng, n));
  // The trained settings' scores depend on the fold: trained on the other folds' judged queries only.
  const fitted = trainedFolds(trained, foldQueries, {
    runs: legs.map(({ name }, l) => ({ name, run: new Map(queries.map((q) => [q, lists.get(q)![l]!.items])) })),
    judgements,
    lists: (q) => lists.get(q)!,
    k,
    score: scoreOf,
  });
  const choices = crossValidate(
    foldQueries,
    untrained.length,
    (s, q) => table[s]![column.get(q)!]!,
    choose,
    fitted.training,
  );
  const heldOutRanking = (q: string, s: number) =>
    s < untrained.length ? rank(q, untrained[s]!) : fitted.heldOut(s - untrained.length, q);
  const ranked = new Map<string, ScoredId[]>();
  for (const choice of choices) for (const q of choice.queries) ranked.set(q, heldOutRanking(q, choice.setting));
  const run = new Map([...ranked].sort(([a], [b]) => compareIdBytes(a, b)));

  const tuned = evaluate(judgements, run, [metric]);
  const valuesOf = (e: Evaluation) => queries.map((q) => e.perQuery.get(q)![metric.label]!);
  const tunedValues = valuesOf(tuned);
  const ci = (xs: number[]) => bootstrapCI(xs, { seed });
  const valuesOfRun = (r: Map<string, ScoredId[]>) => valuesOf(evaluate(judgements, r, [metric]));
  const against = (label: string, values: readonly number[]): Baseline => ({
    label,
    mean: mean(values),
    diff: ci(tunedValues.map((v, i) => v - values[i]!)),
    p: pairedRandomizationTest(tunedValues, values, { seed }).p,
  });
  const legValues = legs.map(({ run: leg }) => valuesOfRun(new Map(queries.map((q) => [q, alone(leg, q)]))));
  const legMeans = legValues.map(mean);
  // The first of equal legs, as the grid's order would pick.
  const best = legMeans.reduce((b, m, i) => (m > legMeans[b]! ? i : b), 0);
  const untunedRrf = against(
    `rrf k 60, weights ${legs.map(() => 1).join(',')}`,
    valuesOfRun(new Map(queries.map((q) => [q, fuseLists(lists.get(q)!, { method: 'rrf' }).slice(0, k)]))),
  );
  const judged = new Set(queries);
  const valueFor = new Map(queries.map((q, i) => [q, tunedValues[i]!]));
  return {
    metric,
    folds,
    seed,
    select,
    legNames: legs.map((l) => l.name),
    settings,
    simplicity,
    choices: choices.map((c) => ({ ...c, heldOutMean: mean(c.queries.map((q) => valueFor.get(q)!)) })),
    deploy: choose([...table, ...fitted.all(queries)]),
    queries,
    run,
    heldOut: { ...ci(tunedValues), mean: tuned.mean[metric.label]! },
    bestLeg: {
      name: legs[best]!.name,
      ...against(legs[best]!.name, legValues[best]!),
      sameOnEveryQuery: tunedValues.every((v, i) => v === legValues[best]![i]),
    },
    untunedRrf,
    leftOut: new Set(
      legs.flatMap(({ run: leg, queryIds }) => [...(queryIds ?? leg.keys())].filter((q) => !judged.has(q))),
    ).size,
  };
}
