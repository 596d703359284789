import type { Judgements } from '../../metrics/index.js';
import { compareIdBytes } from '../../ranking/id-order.js';
import type { RankedList, ScoredId } from '../ranked-list.js';
import { type QueryReader, queryReader, type RunFileIndex } from '../run-file-index.js';
import { chooseFoldSettings } from './fold-choices.js';
import { emptyScoreTable, scoreColumn } from './score-table.js';
import type { TuneOptions } from './tune-options.js';
import { cutLists, planTune, scoreRanking, type TunePlan } from './tune-plan.js';
import type { TuneSummary } from './tune-result.js';
import { summariseTune } from './tune-summary.js';

/**
 * A leg as tuneRunFiles reads it: its name, every query id its file holds, and a reader of one
 * query's documents at a time (asked in byte order of the ids; a query it lacks is empty).
 */
export interface TuneSource {
  name: string;
  queryIds: readonly string[];
  open(): QueryReader;
}

/** An indexed run file as a TuneSource: each pass reads the file again, one query at a time (queryReader). */
export function indexedSource(name: string, index: RunFileIndex): TuneSource {
  return { name, queryIds: [...index.ranges.keys()], open: () => queryReader(index) };
}

/** One query of the cross-validated run, as it is ranked: documents best first, at most k. */
export interface TunedQuery {
  qid: string;
  docs: ScoredId[];
}

/**
 * tuneFusion over legs read query by query: the same plan, choices, run and report, but no run
 * is held. A first pass reads each judged query's lists (cut to the depth), scores every
 * untrained setting and untuned rrf on them (scoreColumn) and lets them go; the folds then
 * choose from that table of numbers; a second pass reads each judged query again, in byte
 * order, ranks it with its fold's choice and hands it to `write` (writeRunQueries), which takes
 * it before the next query is read. Memory is the table (settings x judged queries numbers) and
 * one query's lists, not the files. The trained methods learn from every judged query's lists,
 * so with one in the grid the first pass keeps those lists (cut to the depth) until the end.
 * Throws an InputError when no query is judged or there are more folds than judged queries.
 */
export async function tuneRunFiles(
  legs: readonly TuneSource[],
  judgements: Judgements,
  options: TuneOptions,
  write: (run: AsyncIterable<TunedQuery>) => Promise<unknown>,
): Promise<TuneSummary> {
  const plan = planTune(
    legs.map((l) => l.name),
    judgements,
    options,
  );
  const table = emptyScoreTable(plan);
  const held = plan.trained.length > 0 ? new Map<string, RankedList[]>() : undefined;
  for await (const { i, lists } of judgedLists(legs, plan)) {
    scoreColumn(plan, table, i, lists);
    held?.set(plan.queries[i]!, lists);
  }
  const chosen = chooseFoldSettings(plan, table, held && ((q) => held.get(q)!));
  const tuned = new Float64Array(plan.queries.length);
  async function* ranked(): AsyncGenerator<TunedQuery> {
    for await (const { i, lists } of judgedLists(legs, plan)) {
      const qid = plan.queries[i]!;
      const docs = chosen.heldOutRanking(qid, lists);
      tuned[i] = scoreRanking(plan, qid, docs);
      yield { qid, docs };
    }
  }
  await write(ranked());
  const judged = new Set(plan.queries);
  const leftOut = new Set(legs.flatMap(({ queryIds }) => queryIds.filter((q) => !judged.has(q)))).size;
  return summariseTune(plan, table, chosen, tuned, leftOut);
}

/**
 * One pass over the judged queries in byte order of their ids (the order the readers are asked
 * in, and the order of the run written): each query's index in plan.queries and its lists as
 * fused. The readers are let go of when the pass ends or its consumer stops.
 */
async function* judgedLists(
  legs: readonly TuneSource[],
  plan: TunePlan,
): AsyncGenerator<{ i: number; lists: RankedList[] }> {
  const order = plan.queries.map((_, i) => i).sort((a, b) => compareIdBytes(plan.queries[a]!, plan.queries[b]!));
  const readers = legs.map((leg) => leg.open());
  try {
    for (const i of order) {
      const docs = [];
      for (const reader of readers) docs.push(await reader.read(plan.queries[i]!));
      yield { i, lists: cutLists(plan, docs) };
    }
  } finally {
    await Promise.all(readers.map((r) => r.close()));
  }
}
