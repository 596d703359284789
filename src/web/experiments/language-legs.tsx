import { isEnglishOnlyEncoder } from '../../embedders/english-only.js';
import { configKind, type ExperimentReport } from '../../reports/report-model.js';
import { DataTable } from './report-charts.js';

const pct = (x: number | undefined) => (x === undefined ? '–' : `${(100 * x).toFixed(0)}%`);

/** The `language=` slices of a report, in the order the report lists them; none when it has no language slices. */
export function languageSlices(report: ExperimentReport): string[] {
  return (report.configs[0]?.legs ?? []).map((l) => l.label).filter((l) => l.startsWith('language='));
}

/**
 * Report.md's "Languages: where a leg is dead" as a table: per language slice, how often each
 * lexical configuration found nothing (a tokenizer that cannot split the script leaves BM25
 * silent, and its hybrid is then dense-only), and for each hybrid which leg ranked its first
 * context_k hits higher. The English-only note uses the check report.md uses, so the two agree.
 * Renders nothing for a report without language slices.
 */
export function LanguageLegs({ report }: { report: ExperimentReport }) {
  const labels = languageSlices(report);
  if (labels.length === 0) return null;
  const lexical = report.configs.filter((c) => configKind(c) === 'lexical');
  const hybrids = report.configs.filter((c) => configKind(c) === 'fused');
  const leg = (c: ExperimentReport['configs'][number], label: string) => c.legs.find((l) => l.label === label);
  const rows = labels.map((label) => [
    label,
    ...lexical.map((c) => pct(leg(c, label)?.zeroHit)),
    ...hybrids.map((c) => {
      const carried = leg(c, label)?.carried;
      return carried ? `${pct(carried.bm25)} / ${pct(carried.dense)} / ${pct(carried.both)}` : '–';
    }),
  ]);
  const head = [
    'slice',
    ...lexical.map((c) => `${c.name} zero-hit`),
    ...hybrids.map((c) => `${c.name} top ${report.contextK}: led by lexical / dense / tie`),
  ];
  const englishOnly = [
    ...new Set(
      report.configs.map((c) => c.index.embedderId).filter((e): e is string => !!e && isEnglishOnlyEncoder(e)),
    ),
  ];
  return (
    <section class="language-legs" aria-label="Languages: where a leg is dead">
      <p class="legend-note">
        Zero-hit: share of the slice's queries for which lexical search returned nothing. For each hybrid, the share of
        its first {report.contextK} hits led by each leg: ranked higher by lexical, higher by dense, or a tie (a hit
        only one leg returned is led by that leg).
      </p>
      <DataTable head={head} rows={rows} />
      {englishOnly.length > 0 && labels.some((l) => l !== 'language=en') ? (
        <p class="note" role="note">
          {englishOnly.join(', ')}{' '}
          {englishOnly.length > 1
            ? 'are English-only encoders: on other languages their'
            : 'is an English-only encoder: on other languages its'}{' '}
          dense scores measure little. Use a multilingual model (e.g.{' '}
          <code>transformers:Xenova/multilingual-e5-small</code>) to compare dense retrieval there.
        </p>
      ) : null}
    </section>
  );
}
