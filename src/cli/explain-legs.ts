import type { LegExplanation } from '../legs/leg-definition.js';
import type { Leg } from '../legs/registry.js';
import type { WeightedTerm } from '../retrievers/lexical-index.js';

/** One leg of a pipeline and its account of a query (Searcher.explainLegs). */
export interface ExplainedLeg {
  leg: Leg;
  explanation: LegExplanation;
}

/**
 * What `testbed search --sql` and `--explain` print before the hits: for each leg whose type
 * explains itself (the lexical and expansion legs), the terms it searches for after the index's
 * analysis (stems, stop words dropped), not the words typed; for an expanding leg, the chunks
 * its feedback came from and the weighted query it scored; with `sql`, how it runs (an fts5
 * leg's MATCH expression and the statement bm25TopK runs, the tables postings reads). A pipeline
 * with no such leg gets one line saying so.
 */
export function formatExplainedLegs(legs: readonly ExplainedLeg[], { sql }: { sql: boolean }): string {
  const lines: string[] = [];
  for (const { leg, explanation } of legs) {
    const engine = 'engine' in leg && typeof leg.engine === 'string' ? leg.engine : leg.type;
    lines.push(`-- leg "${leg.name}" (${engine}): terms ${termList(explanation.terms)}`);
    if (explanation.expansion) {
      const { feedback, terms } = explanation.expansion;
      lines.push(
        `-- feedback from ${feedback.length} chunk(s): ${feedback.map((f) => `${f.chunkId} ${round(f.score)}`).join(', ') || '(none)'}`,
      );
      lines.push(`-- expanded query: ${weightedList(terms)}`);
    }
    if (sql) lines.push(...explanation.notes);
  }
  if (lines.length === 0) lines.push('-- this pipeline has no lexical leg: no SQL runs');
  return lines.join('\n') + '\n';
}

const termList = (terms: readonly string[]): string => (terms.length === 0 ? '(none)' : terms.join(', '));

/** Terms with their weights, heaviest first, as `term 0.1234`. */
const weightedList = (terms: readonly WeightedTerm[]): string =>
  terms.length === 0 ? '(none)' : terms.map((t) => `${t.term} ${round(t.weight)}`).join(', ');

/** Four significant digits: enough to compare weights and scores by eye. */
const round = (x: number): string => String(Number(x.toPrecision(4)));
