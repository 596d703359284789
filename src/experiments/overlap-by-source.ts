import type { Query } from '../corpus/index.js';
import type { OverlapBySource } from '../reports/report-model.js';
import type { TermOverlap } from './overlap.js';
import { sliceQueries } from './slices.js';

/**
 * Mean overlap per value of the queries' `source` tag, so a report can set generated questions
 * beside real ones: a source whose questions share far more words with their answers than real
 * users' do flatters a lexical retriever. Groups are the `source` slices (sliceQueries: larger
 * first, untagged queries as `(none)`); a query with no term after analysis has no overlap and
 * is counted apart. Undefined when no query carries a `source` tag: there is nothing to set
 * beside anything.
 */
export function overlapBySource(
  queries: readonly Query[],
  overlaps: ReadonlyMap<string, TermOverlap>,
  tokenizer: string,
): OverlapBySource | undefined {
  const measured = queries.filter((q) => overlaps.has(q.id));
  if (!measured.some((q) => q.metadata.source !== undefined && q.metadata.source !== null)) return undefined;
  const sources = sliceQueries(measured, ['source']).map((slice) => {
    const values = slice.queryIds.map((id) => overlaps.get(id)!.overlap).filter((o) => !Number.isNaN(o));
    return {
      source: slice.value,
      queries: values.length,
      meanOverlap: values.length === 0 ? NaN : values.reduce((s, o) => s + o, 0) / values.length,
      withoutTerms: slice.queryIds.length - values.length,
    };
  });
  return { tokenizer, sources };
}
