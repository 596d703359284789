import { formatValue } from '../../metrics/format-value.js';
import { fmtP } from '../format.js';
import type { CompareRow, CompareTable } from './compare-table.js';
import { describeCorrection, describeTest, pairsPerMetric } from './test-description.js';

/**
 * The table in one paragraph of words: which run is best on the first metric and whom it beats
 * significantly, every significant difference per metric, and how the tests were corrected
 * (the test, alpha, the queries, and the size of each metric's family of comparisons).
 */
export function compareVerdict(t: CompareTable): string {
  return [leader(t), differences(t), method(t)].join(' ');
}

const who = (row: CompareRow) => `${row.name} (${row.letter})`;

/** "On ndcg@10, e (bm25) is best with 0.4512: significantly better than a and b, but not than c (adjusted p = 0.2100)." */
function leader(t: CompareTable): string {
  const metric = t.metrics[0]!;
  const best = t.rows.filter((r) => r.cells[0]!.best);
  const mean = formatValue(best[0]!.cells[0]!.mean);
  if (best.length > 1) return `On ${metric}, ${list(best.map(who))} tie for best with ${mean}.`;
  const top = best[0]!;
  const beaten = top.cells[0]!.beats;
  const others = t.rows.filter((r) => r !== top && !beaten.includes(r.letter));
  const head = `On ${metric}, ${who(top)} is best with ${mean}`;
  if (others.length === 0) return `${head}, significantly better than every other run.`;
  const closest = others.map((r) => adjustedP(t, metric, top.name, r.name));
  const rest = `${list(others.map((r) => r.letter))} (${closest.length > 1 ? 'smallest ' : ''}adjusted p = ${fmtP(Math.min(...closest))})`;
  if (beaten.length === 0) return `${head}, but not significantly better than ${rest}.`;
  return `${head}: significantly better than ${list(beaten)}, but not than ${rest}.`;
}

/** "Significant after Holm's correction: ndcg@10: e > a, e > b; mrr: none." */
function differences(t: CompareTable): string {
  const perMetric = t.metrics.map((metric, m) => {
    const wins = t.rows.flatMap((r) => r.cells[m]!.beats.map((loser) => `${r.letter} > ${loser}`));
    return { metric, wins };
  });
  const how = describeCorrection(t);
  if (perMetric.every((x) => x.wins.length === 0)) return `No difference is significant ${how} on any metric.`;
  return `Significant ${how}: ${perMetric.map((x) => `${x.metric}: ${x.wins.length ? x.wins.join(', ') : 'none'}`).join('; ')}.`;
}

/** The test, alpha, the queries, and what was corrected for. */
function method(t: CompareTable): string {
  const m = pairsPerMetric(t);
  const metrics = t.metrics.length;
  const base = `Tests: ${describeTest(t)}, two-sided, alpha = ${t.options.alpha}, over ${t.queries} queries`;
  const family = `the ${m} pairwise comparison${m === 1 ? '' : 's'} of each metric`;
  const total = metrics > 1 ? ` (${m * metrics} comparisons over the ${metrics} metrics)` : '';
  switch (t.options.test === 'tukey' ? 'tukey' : t.options.correction) {
    case 'tukey':
      return `${base}; Tukey's HSD holds the family-wise error over ${family} itself, so no further correction is applied${total}.`;
    case 'holm':
      return `${base}; ${family} form one family, corrected by Holm's step-down method${total}.`;
    case 'bonferroni':
      return `${base}; ${family} form one family, corrected by Bonferroni (p × ${m})${total}.`;
    default:
      return `${base}; ${family} are not corrected${total}: with no real differences, about ${round(t.options.alpha * m)} per metric would come out significant by chance.`;
  }
}

function adjustedP(t: CompareTable, metric: string, a: string, b: string): number {
  const pair = t.pairs[metric]!.find((p) => (p.a === a && p.b === b) || (p.a === b && p.b === a))!;
  return pair.adjustedP;
}

/** "a", "a and b", "a, b and c". */
function list(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

function round(x: number): string {
  return String(Math.round(x * 100) / 100);
}
