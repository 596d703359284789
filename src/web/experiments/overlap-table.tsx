import type { ExperimentReport } from '../../reports/report-model.js';
import { fmt } from '../../reports/format.js';
import { DataTable } from './report-charts.js';

/**
 * The page's "Query-document overlap by source", the same figures as report.md's table: how
 * much of each source's questions is made of their relevant documents' own words, beside the
 * real vs synthetic scores it explains.
 */
export function OverlapBySourceTable({ report }: { report: ExperimentReport }) {
  const o = report.overlapBySource;
  if (!o?.sources.length) return null;
  return (
    <>
      <p class="legend-note">
        Share of a query's terms (as the <code>{o.tokenizer}</code> analysis of BM25 gives them) found in its relevant
        documents, averaged per <code>source</code>. Questions written from a passage reuse its words and score near 1,
        which flatters lexical retrieval.
      </p>
      <DataTable
        head={['source', 'queries', 'mean overlap']}
        rows={o.sources.map((s) => [s.source, String(s.queries), fmt(s.meanOverlap)])}
      />
      {o.styles?.length ? (
        <DataTable
          head={['source', 'style', 'queries', 'mean overlap']}
          rows={o.styles.map((s) => [s.source, s.style, String(s.queries), fmt(s.meanOverlap)])}
        />
      ) : null}
    </>
  );
}
