import { selectSetting, type Selection } from './select-setting.js';

/** What one fold of the cross-validation chose, and on what. */
export interface FoldChoice extends Selection {
  /** The fold's own queries: ranked with `setting`, never used to choose it. */
  queries: string[];
  /** The chosen setting's mean on the other folds' queries (the training queries). */
  trainMean: number;
}

/** Chooses a setting from its scores on the training queries (scores[s][i]: setting s, query i). */
export type Chooser = (scores: readonly Float64Array[]) => Selection;

/** The highest training mean, the lowest index on ties. */
export const chooseBest: Chooser = (scores) => selectSetting(scores, 'best', []);

/**
 * Training scores of settings whose score on a query depends on the fold (the trained methods,
 * trained-folds.ts): for fold f, one row per such setting over `queries`, the training queries
 * in the order given.
 */
export type FoldRows = (fold: number, queries: readonly string[]) => Float64Array[];

/**
 * k-fold cross-validation of a choice among `settings` candidates: for each fold, `choose`
 * picks a setting from the scores on the queries of the OTHER folds (by default the highest
 * mean, ties to the lowest index), and the fold's own queries are later ranked with it.
 * `score(setting, qid)` is evaluated once per pair (a settings × queries table); a fold's own
 * scores never enter its choice, so every held-out score is out of sample. `foldRows`, when
 * given, adds candidates after the table's, numbered from `settings` on, whose training scores
 * are computed for each fold (FoldRows).
 */
export function crossValidate(
  folds: readonly string[][],
  settings: number,
  score: (setting: number, qid: string) => number,
  choose: Chooser = chooseBest,
  foldRows: FoldRows = () => [],
): FoldChoice[] {
  const queries = folds.flat();
  const table = Array.from({ length: settings }, (_, s) => Float64Array.from(queries, (q) => score(s, q)));
  return folds.map((own, f) => {
    const held = new Set(own);
    const train = queries.flatMap((q, i) => (held.has(q) ? [] : [i]));
    const rows = table.map((row) => Float64Array.from(train, (i) => row[i]!));
    const selection = choose([
      ...rows,
      ...foldRows(
        f,
        train.map((i) => queries[i]!),
      ),
    ]);
    return { queries: [...own], trainMean: selection.means[selection.setting]!, ...selection };
  });
}
