import type { Qrels } from '../../corpus/types.js';
import { bootstrapCI } from '../../stats/bootstrap.js';
import { createRng, randomIndex } from '../../stats/prng.js';
import { evaluate, scoreRanking, type Evaluation } from '../../metrics/index.js';
import { compareIdBytes } from '../../ranking/id-order.js';
import { fuseLists, type FuseOptions } from '../fuse-lists.js';
import type { NamedRun } from '../fuse-runs.js';
import type { RankedList, ScoredId } from '../ranked-list.js';
import { crossValidate } from './cross-validate.js';
import { assignFolds } from './folds.js';
import { settingsGrid } from './settings-grid.js';
import { completeTuneOptions, type TuneOptions } from './tune-options.js';
import type { Baseline, TuneResult } from './tune-result.js';

/**
 * Tunes the fusion of `legs` by k-fold cross-validation over the judged queries of `qrels`: the
 * queries are dealt into folds (assignFolds, seeded), each fold is ranked with the setting of
 * the grid that is best on the other folds (crossValidate), and the resulting run is scored
 * with `evaluate`, the function `testbed eval` scores a run file with. The run is returned,
 * not written: writeRun prints every score in its round-trip form and fuseLists ranks in
 * trec_eval's order, so the file read back holds these very rankings and `testbed eval` on it
 * prints `heldOut.mean` exactly. Baselines (best single leg, untuned rrf) are scored on the
 * same queries, with bootstrap intervals on the paired per-query differences.
 * Throws an InputError when no query is judged or there are more folds than judged queries.
 */
export function tuneFusion(legs: readonly NamedRun[], qrels: Qrels, options: TuneOptions = {}): TuneResult {
  const { metric, grid, folds, seed, depth, k } = completeTuneOptions(options);
  // The queries `testbed eval` averages (answerable, byte order); it throws if there are none.
  const queries = evaluate(qrels, new Map(), [metric]).evaluated;
  const settings = settingsGrid(grid, legs.length);
  const cut = (run: NamedRun['run'], q: string) => (run.get(q) ?? []).slice(0, depth);
  const lists = new Map(
    queries.map((q) => [q, legs.map(({ name, run }): RankedList => ({ name, items: cut(run, q) }))]),
  );
  const rank = (q: string, o: FuseOptions): ScoredId[] => fuseLists(lists.get(q)!, o).slice(0, k);
  const scoreOf = (q: string, ranking: readonly ScoredId[]) =>
    scoreRanking(
      ranking.map((d) => d.id),
      qrels.get(q)!,
      [metric],
    )[metric.label]!;

  const rng = createRng(seed);
  const foldQueries = assignFolds(queries, folds, (n) => randomIndex(rng, n));
  const choices = crossValidate(foldQueries, settings.length, (s, q) => scoreOf(q, rank(q, settings[s]!)));
  const ranked = new Map<string, ScoredId[]>();
  for (const choice of choices) for (const q of choice.queries) ranked.set(q, rank(q, settings[choice.setting]!));
  const run = new Map([...ranked].sort(([a], [b]) => compareIdBytes(a, b)));

  const tuned = evaluate(qrels, run, [metric]);
  const valuesOf = (e: Evaluation) => queries.map((q) => e.perQuery.get(q)![metric.label]!);
  const tunedValues = valuesOf(tuned);
  const ci = (xs: number[]) => bootstrapCI(xs, { seed });
  const baseline = (label: string, r: Map<string, ScoredId[]>): Baseline => {
    const values = valuesOf(evaluate(qrels, r, [metric]));
    return { label, mean: mean(values), diff: ci(tunedValues.map((v, i) => v - values[i]!)) };
  };
  const legBaselines = legs.map(({ name, run: leg }) => ({
    name,
    ...baseline(name, new Map(queries.map((q) => [q, cut(leg, q).slice(0, k)]))),
  }));
  const bestLeg = legBaselines.reduce((best, b) => (b.mean > best.mean ? b : best));
  const untunedRrf = baseline(
    `rrf k 60, weights ${legs.map(() => 1).join(',')}`,
    new Map(queries.map((q) => [q, rank(q, { method: 'rrf' })])),
  );
  const judged = new Set(queries);
  const valueFor = new Map(queries.map((q, i) => [q, tunedValues[i]!]));
  return {
    metric,
    folds,
    seed,
    legNames: legs.map((l) => l.name),
    settings,
    choices: choices.map((c) => ({ ...c, heldOutMean: mean(c.queries.map((q) => valueFor.get(q)!)) })),
    queries,
    run,
    heldOut: { ...ci(tunedValues), mean: tuned.mean[metric.label]! },
    bestLeg,
    untunedRrf,
    leftOut: new Set(legs.flatMap(({ run: leg }) => [...leg.keys()].filter((q) => !judged.has(q)))).size,
  };
}

function mean(xs: readonly number[]): number {
  return xs.reduce((a, x) => a + x, 0) / xs.length;
}
