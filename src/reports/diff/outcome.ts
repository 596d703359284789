import { tiesAtPrinted } from '../format.js';

/** How one query (or mean) of a configuration compares with the same query of a reference. */
export type Outcome = 'win' | 'loss' | 'tie';

/** Wins, losses and ties of one configuration against a reference over the queries both scored. */
export interface OutcomeCounts {
  wins: number;
  losses: number;
  ties: number;
}

/**
 * `value` against `reference`: a tie when the two tie at the printed precision (tiesAtPrinted:
 * they print alike or their difference prints as 0.0000), else a win when higher, a loss when
 * lower. So no query is ever counted a win by a difference the report prints as zero.
 */
export function outcomeOf(value: number, reference: number): Outcome {
  if (tiesAtPrinted(value, reference)) return 'tie';
  return value > reference ? 'win' : 'loss';
}

/**
 * Outcomes of `values` against `reference`, query by query, over the queries present (with a
 * finite value) in both: a query one side did not score (a failed remote query) counts nowhere.
 */
export function countOutcomes(
  values: Readonly<Record<string, number | undefined>>,
  reference: Readonly<Record<string, number | undefined>>,
): OutcomeCounts {
  const counts: OutcomeCounts = { wins: 0, losses: 0, ties: 0 };
  for (const [qid, v] of Object.entries(values)) {
    const r = reference[qid];
    if (v === undefined || r === undefined || !Number.isFinite(v) || !Number.isFinite(r)) continue;
    const o = outcomeOf(v, r);
    if (o === 'win') counts.wins++;
    else if (o === 'loss') counts.losses++;
    else counts.ties++;
  }
  return counts;
}

/** One configuration's per-query values of one metric, by query id. */
export function metricColumn(
  perQuery: Readonly<Record<string, Readonly<Record<string, number>>>>,
  metric: string,
): Record<string, number | undefined> {
  return Object.fromEntries(Object.entries(perQuery).map(([qid, values]) => [qid, values[metric]]));
}
