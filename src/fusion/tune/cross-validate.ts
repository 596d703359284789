/** What one fold of the cross-validation chose, and on what. */
export interface FoldChoice {
  /** The fold's own queries: ranked with `setting`, never used to choose it. */
  queries: string[];
  /** Index of the chosen setting. */
  setting: number;
  /** Its mean on the other folds' queries (the training queries). */
  trainMean: number;
}

/**
 * k-fold cross-validation of a choice among `settings` candidates: for each fold, the setting
 * with the highest mean score over the queries of the OTHER folds is chosen (ties: the lowest
 * index), and the fold's own queries are later ranked with it. `score(setting, qid)` is
 * evaluated once per pair (a settings × queries table); a fold's own scores never enter its
 * choice, so every held-out score is out of sample.
 */
export function crossValidate(
  folds: readonly string[][],
  settings: number,
  score: (setting: number, qid: string) => number,
): FoldChoice[] {
  const queries = folds.flat();
  const column = new Map(queries.map((q, i) => [q, i]));
  const table = Array.from({ length: settings }, (_, s) => Float64Array.from(queries, (q) => score(s, q)));
  return folds.map((own) => {
    const held = new Set(own);
    const train = queries.filter((q) => !held.has(q));
    let best = 0;
    let bestSum = -Infinity;
    for (let s = 0; s < settings; s++) {
      let sum = 0;
      for (const q of train) sum += table[s]![column.get(q)!]!;
      if (sum > bestSum) [best, bestSum] = [s, sum];
    }
    return { queries: [...own], setting: best, trainMean: bestSum / train.length };
  });
}
