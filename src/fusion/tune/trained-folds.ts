import { InputError } from '../../errors.js';
import type { Judgements } from '../../metrics/index.js';
import type { NamedRun } from '../fuse-runs.js';
import type { RankedList, ScoredId } from '../ranked-list.js';
import { fuseTrained } from '../trained/fuse-trained.js';
import { trainedMethod } from '../trained/trained-methods.js';
import type { TrainedSetting } from './tune-setting.js';

/** What the trained settings need besides themselves and the folds. */
export interface TrainedFoldData {
  /** The legs, each cut as it is fused: what the models learn from. */
  runs: readonly NamedRun[];
  judgements: Judgements;
  /** A query's lists, as fused (cut to the depth). */
  lists: (query: string) => readonly RankedList[];
  /** Fused documents kept per query. */
  k: number;
  /** The metric of a ranking of a query. */
  score: (query: string, ranking: readonly ScoredId[]) => number;
}

/** The trained settings' scores and rankings inside the cross-validation (trainedFolds). */
export interface TrainedFolds {
  /**
   * Training scores for outer fold f's choice, one row per trained setting over `queries` (the
   * other folds' queries, in that order): each query scored by the model trained on the
   * training queries outside its own fold, an inner cross-validation.
   */
  training(fold: number, queries: readonly string[]): Float64Array[];
  /** One row per trained setting over `queries` (all of them): each query scored by the model trained on the other folds. */
  all(queries: readonly string[]): Float64Array[];
  /** Query q ranked with trained setting t, by the model trained on the judged queries of the other folds. */
  heldOut(setting: number, query: string): ScoredId[];
}

/**
 * The trained methods inside k-fold cross-validation. A model is trained on the judged queries
 * of some folds only (their judgements and leg lists; qrels are cut to those queries, so it
 * cannot read any other), and ranks the queries of a fold it was not trained on:
 *
 * - held out: fold f's queries are ranked by the model trained on the other k - 1 folds;
 * - training score, for fold f's choice: a trained setting cannot be scored, like the grid's
 *   other settings, on the queries it was fitted to, or a model with a probability per rank
 *   and per leg would win the choice by memorising them. So each query of another fold g is
 *   scored by the model trained on the k - 2 folds that are neither f nor g: an inner
 *   cross-validation over the training queries, on the outer folds, so fold f's queries reach
 *   no model that fold f's choice reads. This needs k >= 3.
 * - over all queries (the choice of the setting to deploy): query q of fold g scored by the
 *   model trained without fold g, the held-out score. The model to deploy would train on all
 *   judged queries.
 *
 * The untrained settings' training scores are in sample (nothing is fitted to a query but the
 * choice itself), the trained ones' out of sample: the comparison favours the untrained
 * settings a little, and a trained setting is chosen only when it wins on queries it did not
 * learn from. Models and scores are computed once each, when first needed.
 */
export function trainedFolds(
  settings: readonly TrainedSetting[],
  folds: readonly (readonly string[])[],
  data: TrainedFoldData,
): TrainedFolds {
  if (settings.length > 0 && folds.length < 3)
    throw new InputError(
      `the trained methods (${[...new Set(settings.map((s) => s.trained))].join(', ')}) need at least 3 folds, got ${folds.length}: each training split is cross-validated again over its own folds, and 2 folds leave it one`,
    );
  const foldOf = new Map(folds.flatMap((queries, f) => queries.map((q) => [q, f])));
  const methods = settings.map((s) => trainedMethod(s.trained, s.parameter));
  const models = new Map<string, unknown>();
  // The model of setting t trained on every fold but `without` (one or two folds).
  const model = (t: number, without: readonly number[]) => {
    const key = `${t} ${[...without].sort((a, b) => a - b).join(',')}`;
    if (!models.has(key)) {
      const queries = folds.flatMap((qs, f) => (without.includes(f) ? [] : qs));
      const qrels = new Map(queries.map((q) => [q, data.judgements.grades.get(q)!]));
      const { threshold } = data.judgements;
      models.set(key, methods[t]!.train({ runs: data.runs, qrels, queries, threshold }));
    }
    return models.get(key);
  };
  const fold = (q: string) => foldOf.get(q)!;
  const rank = (t: number, q: string, without: readonly number[]) => {
    const { norm, weights } = settings[t]!;
    return fuseTrained(data.lists(q), methods[t]!, model(t, without), { norm, weights }).slice(0, data.k);
  };
  const heldOutScores = new Map<string, number>();
  const heldOutScore = (t: number, q: string) => {
    const key = `${t} ${q}`;
    if (!heldOutScores.has(key)) heldOutScores.set(key, data.score(q, rank(t, q, [fold(q)])));
    return heldOutScores.get(key)!;
  };
  return {
    training: (f, queries) =>
      settings.map((_, t) => Float64Array.from(queries, (q) => data.score(q, rank(t, q, [f, fold(q)])))),
    all: (queries) => settings.map((_, t) => Float64Array.from(queries, (q) => heldOutScore(t, q))),
    heldOut: (t, q) => rank(t, q, [fold(q)]),
  };
}
