import type { NormRow } from './norm-table.js';
import type { RankedLeg } from './ranked-list.js';

/**
 * The legs of one query after a normalisation: a row that reads one list at a time normalises
 * each leg's scores on its own (ids and order kept), a row that reads all the lists
 * (`normaliseQuery`, Borda's) gets them together and may complete each with documents it lacked.
 * The legs are the ones a method combines (weight > 0), so a list switched off by weight 0 adds
 * no candidate to a normalisation that counts them.
 */
export function normaliseLegs(row: NormRow, legs: readonly RankedLeg[]): RankedLeg[] {
  if (row.normaliseQuery) return row.normaliseQuery(legs);
  return legs.map((leg) => ({ ...leg, scores: row.normalise(leg.scores) }));
}
