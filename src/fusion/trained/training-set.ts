import type { Qrels } from '../../corpus/types.js';
import { InputError } from '../../errors.js';
import { DEFAULT_THRESHOLD } from '../../metrics/index.js';
import { isRelevant } from '../../metrics/relevance.js';
import type { NamedRun } from '../fuse-runs.js';

/**
 * What a trained fusion method learns from: the runs, the judgements, and the queries it may
 * learn on. Inside `testbed tune` those are the queries of the training folds only, so that no
 * query is ranked with a model fitted on it.
 */
export interface TrainingSet {
  runs: readonly NamedRun[];
  qrels: Qrels;
  /** The training queries: each must be judged in `qrels`. */
  queries: readonly string[];
  /** The lowest grade counted relevant (default 1, trec_eval's): the threshold the tuned metric is scored at. */
  threshold?: number;
}

/**
 * One run's hit lists: for each training query, in the order of `queries`, whether the document
 * at each rank of the run is relevant (grade at or above the set's threshold, 1 unless given). A query the run lacks
 * is an empty list. Refuses a query that `qrels` does not judge, naming it.
 */
export function hitLists(set: TrainingSet, run: NamedRun): boolean[][] {
  return set.queries.map((q) => {
    const judged = judgementsOf(set, q);
    return (run.run.get(q) ?? []).map(({ id }) => isRelevant(judged.get(id), set.threshold ?? DEFAULT_THRESHOLD));
  });
}

/** A training query's judgements; refuses a query that `qrels` does not judge, naming it. */
export function judgementsOf({ qrels }: TrainingSet, query: string): ReadonlyMap<string, number> {
  const judged = qrels.get(query);
  if (judged === undefined) throw new InputError(`fusion training: query ${JSON.stringify(query)} has no judgements`);
  return judged;
}

/** Refuses an empty training set: every trained method needs at least one judged query. */
export function checkTrainingSet(set: TrainingSet, method: string): void {
  if (set.queries.length === 0) throw new InputError(`${method} needs at least one judged training query, got none`);
  if (set.runs.length === 0) throw new InputError(`${method} needs at least one run to train on, got none`);
}

/**
 * A trained model: one value (or array) per run, looked up by the leg's name when fusing.
 * Refuses a leg the model was not trained on, naming it.
 */
export function modelOf<T>(model: ReadonlyMap<string, T>, leg: string, method: string): T {
  const m = model.get(leg);
  if (m === undefined)
    throw new InputError(
      `${method}: no model for the run ${JSON.stringify(leg)}; it was trained on ${[...model.keys()].join(', ')}`,
    );
  return m;
}
