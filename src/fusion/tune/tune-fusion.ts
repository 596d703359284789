import type { Judgements } from '../../metrics/index.js';
import { compareIdBytes } from '../../ranking/id-order.js';
import type { NamedRun } from '../fuse-runs.js';
import type { ScoredId } from '../ranked-list.js';
import { chooseFoldSettings } from './fold-choices.js';
import { emptyScoreTable, scoreColumn } from './score-table.js';
import type { TuneOptions } from './tune-options.js';
import { cutLists, planTune, scoreRanking } from './tune-plan.js';
import type { TuneResult } from './tune-result.js';
import { summariseTune } from './tune-summary.js';

/** A leg to tune: its run, and when that holds only some of its queries, every query id of its file. */
export interface TuneLeg extends NamedRun {
  queryIds?: readonly string[];
}

/**
 * Tunes the fusion of `legs` by k-fold cross-validation over the answerable queries of `judgements`: the
 * queries are dealt into folds (assignFolds, seeded), each fold is ranked with the setting of
 * the grid (each leg alone included) that the `select` rule picks on the other folds
 * (crossValidate, selectSetting: by default the simplest within one standard error of the best),
 * and the resulting run is scored as `testbed eval` scores a run file. The run is returned, not
 * written: writeRun prints each query's scores with as many digits as keep them apart
 * (score-digits.ts) and fuseLists ranks in trec_eval's order, so the file read back holds these very rankings and `testbed eval` on it
 * prints `heldOut.mean` exactly. Baselines (best single leg, untuned rrf) are scored on the same
 * queries, with bootstrap intervals on the paired per-query differences and paired
 * randomization tests. The setting to deploy is chosen by the same rule on all the judged
 * queries.
 * The runs are held whole here; tuneRunFiles tunes run files the same way, reading them query
 * by query and writing the run as it ranks it. Only the judged queries' lists are read, each
 * cut to `depth`, so a leg may hold just those with its file's other query ids in `queryIds`,
 * which `leftOut` counts.
 * Throws an InputError when no query is judged or there are more folds than judged queries.
 */
export function tuneFusion(legs: readonly TuneLeg[], judgements: Judgements, options: TuneOptions = {}): TuneResult {
  const plan = planTune(
    legs.map((l) => l.name),
    judgements,
    options,
  );
  const lists = new Map(
    plan.queries.map((q) => [
      q,
      cutLists(
        plan,
        legs.map(({ run }) => run.get(q) ?? []),
      ),
    ]),
  );
  const table = emptyScoreTable(plan);
  plan.queries.forEach((q, i) => scoreColumn(plan, table, i, lists.get(q)!));
  const chosen = chooseFoldSettings(plan, table, (q) => lists.get(q)!);
  const tuned = new Float64Array(plan.queries.length);
  const ranked = plan.queries.map((q, i): [string, ScoredId[]] => {
    const ranking = chosen.heldOutRanking(q, lists.get(q)!);
    tuned[i] = scoreRanking(plan, q, ranking);
    return [q, ranking];
  });
  const judged = new Set(plan.queries);
  const leftOut = new Set(
    legs.flatMap(({ run, queryIds }) => [...(queryIds ?? run.keys())].filter((q) => !judged.has(q))),
  ).size;
  return {
    ...summariseTune(plan, table, chosen, tuned, leftOut),
    run: new Map(ranked.sort(([a], [b]) => compareIdBytes(a, b))),
  };
}
