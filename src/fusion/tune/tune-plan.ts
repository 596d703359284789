import { createRng, randomIndex } from '../../stats/prng.js';
import { evaluate, scoreQuery, type Judgements } from '../../metrics/index.js';
import { compareFused, fuseLists } from '../fuse-lists.js';
import type { RankedList, ScoredId } from '../ranked-list.js';
import type { Chooser } from './cross-validate.js';
import { assignFolds } from './folds.js';
import { selectSetting } from './select-setting.js';
import { settingsGrid } from './settings-grid.js';
import { simplicityLevels } from './simplicity.js';
import { type CompleteTuneOptions, completeTuneOptions, type TuneOptions } from './tune-options.js';
import { isLegAlone, isTrained, type TrainedSetting, type TuneSetting } from './tune-setting.js';

/** A setting whose ranking of a query depends on that query's lists alone: a leg alone or an untrained fusion. */
export type UntrainedSetting = Exclude<TuneSetting, TrainedSetting>;

/**
 * What a tuning decides before it reads a list: the queries (those `testbed eval` averages),
 * the settings compared, their simplicity, how a setting is chosen, and the folds. Both ways of
 * tuning (tuneFusion over runs held, tuneRunFiles over files read query by query) start here,
 * so they compare the same settings on the same folds.
 */
export interface TunePlan extends CompleteTuneOptions {
  judgements: Judgements;
  legNames: string[];
  /** The judged queries, as `evaluate` lists them (answerable, byte order). */
  queries: string[];
  /** Every setting compared: the untrained ones first (rows 0 .. untrained.length - 1 of the score table), then the trained. */
  settings: TuneSetting[];
  untrained: UntrainedSetting[];
  trained: TrainedSetting[];
  simplicity: number[];
  choose: Chooser;
  /** Each fold's queries (assignFolds, seeded). */
  foldQueries: string[][];
}

/** Throws an InputError when no query is judged or there are more folds than judged queries. */
export function planTune(legNames: readonly string[], judgements: Judgements, options: TuneOptions): TunePlan {
  const complete = completeTuneOptions(options);
  // The queries `testbed eval` averages (answerable, byte order); it throws if there are none.
  const queries = evaluate(judgements, new Map(), [complete.metric]).evaluated;
  const searched = settingsGrid(complete.grid, legNames.length);
  // Untrained settings first (settingsGrid lists the trained ones last already): their table's
  // rows are settings 0 .. untrained.length - 1, and each fold's rows for the trained ones follow.
  const untrained = searched.flatMap((s) => (isTrained(s) ? [] : [s]));
  const trained = searched.flatMap((s) => (isTrained(s) ? [s] : []));
  const settings = [...untrained, ...trained];
  const simplicity = simplicityLevels(settings);
  const rng = createRng(complete.seed);
  return {
    ...complete,
    judgements,
    legNames: [...legNames],
    queries,
    settings,
    untrained,
    trained,
    simplicity,
    choose: (scores) => selectSetting(scores, complete.select, simplicity),
    foldQueries: assignFolds(queries, complete.folds, (n) => randomIndex(rng, n)),
  };
}

/** One query's lists as fused: each leg's documents (best first, a missing query empty) cut to the depth. */
export function cutLists(
  plan: Pick<TunePlan, 'legNames' | 'depth'>,
  docs: readonly (readonly ScoredId[])[],
): RankedList[] {
  return plan.legNames.map((name, l) => ({ name, items: docs[l]!.slice(0, plan.depth) }));
}

/**
 * A query ranked with an untrained setting, its first k documents: a leg alone in trec_eval's
 * order (as a run file of it would be read back), a fusion as fuseLists ranks it.
 */
export function rankUntrained(
  plan: Pick<TunePlan, 'k'>,
  s: UntrainedSetting,
  lists: readonly RankedList[],
): ScoredId[] {
  if (isLegAlone(s)) return [...lists[s.alone]!.items].sort(compareFused).slice(0, plan.k);
  return fuseLists(lists, s).slice(0, plan.k);
}

/** The tuned metric of a ranking of a query, as `testbed eval` scores it. */
export function scoreRanking(
  plan: Pick<TunePlan, 'judgements' | 'metric'>,
  query: string,
  ranking: readonly ScoredId[],
): number {
  return scoreQuery(
    plan.judgements,
    query,
    ranking.map((d) => d.id),
    [plan.metric],
  )[plan.metric.label]!;
}
