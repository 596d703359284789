import type { RankedList, ScoredId } from '../ranked-list.js';
import { crossValidate, type FoldChoice } from './cross-validate.js';
import type { Selection } from './select-setting.js';
import type { ScoreTable } from './score-table.js';
import { trainedFolds } from './trained-folds.js';
import { rankUntrained, scoreRanking, type TunePlan } from './tune-plan.js';

/** What the cross-validation chose, and how a judged query is then ranked. */
export interface FoldChoices {
  choices: FoldChoice[];
  /** The setting to deploy: chosen by the same rule on all the judged queries. */
  deploy: Selection;
  /** Judged query q ranked with its fold's choice (its first k documents), given its lists as fused. */
  heldOutRanking(query: string, lists: readonly RankedList[]): ScoredId[];
}

/**
 * Chooses each fold's setting on the other folds (crossValidate) from the untrained settings'
 * scores in `table`, and the trained settings' scores computed fold by fold (trainedFolds).
 * The trained methods learn from the judged queries' lists, so with any trained setting in the
 * plan `heldLists` must give every judged query's lists (as fused); without one, the choice
 * reads the table alone and no list is needed until the held-out queries are ranked.
 */
export function chooseFoldSettings(
  plan: TunePlan,
  table: ScoreTable,
  heldLists?: (query: string) => readonly RankedList[],
): FoldChoices {
  const { queries, untrained, trained } = plan;
  if (trained.length > 0 && heldLists === undefined)
    throw new Error('chooseFoldSettings: the trained settings need the judged queries’ lists');
  const lists = heldLists ?? (() => []);
  const legRun = (l: number) => new Map(queries.map((q) => [q, lists(q)[l]!.items]));
  const column = new Map(queries.map((q, i) => [q, i]));
  // The trained settings' scores depend on the fold: trained on the other folds' judged queries only.
  const fitted = trainedFolds(trained, plan.foldQueries, {
    runs: trained.length === 0 ? [] : plan.legNames.map((name, l) => ({ name, run: legRun(l) })),
    judgements: plan.judgements,
    lists,
    k: plan.k,
    score: (q, ranking) => scoreRanking(plan, q, ranking),
  });
  const choices = crossValidate(
    plan.foldQueries,
    untrained.length,
    (s, q) => table.settings[s]![column.get(q)!]!,
    plan.choose,
    fitted.training,
  );
  const chosen = new Map(choices.flatMap((c) => c.queries.map((q) => [q, c.setting])));
  return {
    choices,
    deploy: plan.choose([...table.settings, ...fitted.all(queries)]),
    heldOutRanking(q, qLists) {
      const s = chosen.get(q)!;
      return s < untrained.length
        ? rankUntrained(plan, untrained[s]!, qLists)
        : fitted.heldOut(s - untrained.length, q);
    },
  };
}
