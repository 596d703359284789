import type { Query } from '../corpus/index.js';
import type { OverlapBySource } from '../reports/report-model.js';
import type { TermOverlap } from './overlap.js';
import { sliceQueries } from './slices.js';

/**
 * Mean overlap per value of the queries' `source` tag (and per source and `style` when queries
 * carry one), so a report can set generated questions
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
  const meanOf = (queryIds: readonly string[]) => {
    const values = queryIds.map((id) => overlaps.get(id)!.overlap).filter((o) => !Number.isNaN(o));
    return {
      queries: values.length,
      meanOverlap: values.length === 0 ? NaN : values.reduce((s, o) => s + o, 0) / values.length,
      withoutTerms: queryIds.length - values.length,
    };
  };
  const sourceSlices = sliceQueries(measured, ['source']);
  const sources = sourceSlices.map((slice) => ({ source: slice.value, ...meanOf(slice.queryIds) }));
  if (!measured.some((q) => q.metadata.style !== undefined && q.metadata.style !== null)) return { tokenizer, sources };
  const byId = new Map(measured.map((q) => [q.id, q]));
  const styles = sourceSlices.flatMap((slice) =>
    sliceQueries(
      slice.queryIds.map((id) => byId.get(id)!),
      ['style'],
    ).map((s) => ({ source: slice.value, style: s.value, ...meanOf(s.queryIds) })),
  );
  return { tokenizer, sources, styles };
}
