import type { ExperimentReport } from '../../reports/report-model.js';
import { verdict } from '../../reports/verdict.js';

/**
 * The report's opening paragraph: the overall sentence of report.md's Verdict (both come from
 * verdict()), after the sources sentence when there is one, configuration names in <code>. The
 * per-slice and per-hybrid sentences are placed beside the tables they speak of (SliceVerdicts,
 * HybridVerdicts), so the first screen shows the verdict and the configurations table.
 */
export function VerdictSection({ report }: { report: ExperimentReport }) {
  const v = verdict(report);
  if (!v) return null;
  return (
    <section class="verdict" aria-labelledby="verdict-title">
      <h2 id="verdict-title">Verdict</h2>
      <p class="verdict-overall">
        {v.sources ? (
          <>
            <Sentence text={v.sources.sentence} />{' '}
          </>
        ) : null}
        <Sentence text={v.overall.sentence} />
      </p>
    </section>
  );
}

/** Each hybrid against the best single retriever, one sentence each: shown under the configurations table. */
export function HybridVerdicts({ report }: { report: ExperimentReport }) {
  const hybrids = verdict(report)?.hybrids ?? [];
  if (!hybrids.length) return null;
  return (
    <ul class="verdict-hybrids">
      {hybrids.map((h) => (
        <li data-config={h.hybrid}>
          <Sentence text={h.sentence} />
        </li>
      ))}
    </ul>
  );
}

/** Where each slice differs from the overall verdict: shown at the head of the Slices section. */
export function SliceVerdicts({ report }: { report: ExperimentReport }) {
  const v = verdict(report);
  if (!v?.slices.length) return null;
  return (
    <>
      <p class="legend-note">{v.sliceNote}</p>
      <ul class="verdict-slices">
        {v.slices.map((s) => (
          <li data-slice={s.label}>
            <Sentence text={s.sentence} />
          </li>
        ))}
      </ul>
    </>
  );
}

/** A verdict sentence with its `backticked` names as <code> (names never contain a backtick). */
function Sentence({ text }: { text: string }) {
  return <>{text.split('`').map((part, i) => (i % 2 === 1 ? <code>{part}</code> : part))}</>;
}
