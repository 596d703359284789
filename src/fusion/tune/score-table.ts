import { fuseLists } from '../fuse-lists.js';
import type { RankedList } from '../ranked-list.js';
import { rankUntrained, scoreRanking, type TunePlan } from './tune-plan.js';

/**
 * What the search keeps of the judged queries: one number per untrained setting and query, and
 * untuned rrf's score (a baseline, in the grid or not). That is all the choices and the
 * baselines read, so the lists can be let go of once their query is scored: a few numbers per
 * query and setting, whatever the lists' length.
 */
export interface ScoreTable {
  /** settings[s][i]: untrained setting s (plan.untrained) on query i (plan.queries). */
  settings: Float64Array[];
  /** rrf with k 60 and equal weights on query i. */
  untunedRrf: Float64Array;
}

export function emptyScoreTable(plan: Pick<TunePlan, 'untrained' | 'queries'>): ScoreTable {
  const n = plan.queries.length;
  return { settings: plan.untrained.map(() => new Float64Array(n)), untunedRrf: new Float64Array(n) };
}

/** Fills column i of the table: query plan.queries[i] ranked with every untrained setting and untuned rrf, and scored. */
export function scoreColumn(plan: TunePlan, table: ScoreTable, i: number, lists: readonly RankedList[]): void {
  const q = plan.queries[i]!;
  plan.untrained.forEach((s, row) => {
    table.settings[row]![i] = scoreRanking(plan, q, rankUntrained(plan, s, lists));
  });
  table.untunedRrf[i] = scoreRanking(plan, q, fuseLists(lists, { method: 'rrf' }).slice(0, plan.k));
}
