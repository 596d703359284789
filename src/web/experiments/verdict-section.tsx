import type { ExperimentReport } from '../../reports/report-model.js';
import { verdict } from '../../reports/verdict.js';

/**
 * The report's opening: the same sentences as report.md's Verdict (both come from verdict()),
 * configuration names in <code>.
 */
export function VerdictSection({ report }: { report: ExperimentReport }) {
  const v = verdict(report);
  if (!v) return null;
  return (
    <section class="verdict" aria-labelledby="verdict-title">
      <h2 id="verdict-title">Verdict</h2>
      {v.sources ? (
        <p class="verdict-sources">
          <Sentence text={v.sources.sentence} />
        </p>
      ) : null}
      <p class="verdict-overall">
        <Sentence text={v.overall.sentence} />
      </p>
      {v.slices.length ? (
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
      ) : null}
      {v.hybrids.length ? (
        <ul class="verdict-hybrids">
          {v.hybrids.map((h) => (
            <li data-config={h.hybrid}>
              <Sentence text={h.sentence} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** A verdict sentence with its `backticked` names as <code> (names never contain a backtick). */
function Sentence({ text }: { text: string }) {
  return <>{text.split('`').map((part, i) => (i % 2 === 1 ? <code>{part}</code> : part))}</>;
}
