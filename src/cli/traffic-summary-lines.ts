import type { BandBounds } from '../traffic/bands.js';
import type { PositionCtr } from '../traffic/click-models.js';
import type { PositionCurve } from '../traffic/examination-curve.js';
import type { MaskCounts } from '../traffic/mask-pii.js';
import type { DroppedCount } from '../traffic/types.js';

/** What reading left out, a line per reason with its first examples: nothing is dropped unsaid. */
export function formatDropped(dropped: readonly DroppedCount[]): string[] {
  return dropped.flatMap((d) => [
    `not used: ${d.count} ${d.reason}${d.examples.length ? `, e.g.:` : ''}`,
    ...d.examples.map((e) => `  ${e}`),
  ]);
}

/** How much personal data was masked before counting, or that it was kept. */
export function formatMasked(masked: MaskCounts, kept: boolean): string {
  if (kept) return 'personal data kept as typed (--keep-pii)';
  return `masked: ${masked.email} e-mail address(es), ${masked.phone} phone number(s), ${masked.number} long digit run(s) (--keep-pii keeps them)`;
}

/** Head, torso and tail with their bounds, as the sampling summary prints them. */
export function formatBands(bands: readonly BandBounds[]): string[] {
  return bands.map((b) => {
    const range =
      b.minFrequency === undefined
        ? 'no queries'
        : `${b.queries} queries, asked ${b.minFrequency === b.maxFrequency ? b.minFrequency : `${b.minFrequency}-${b.maxFrequency}`} times each`;
    return `  ${b.band.padEnd(5)}  ${range}, ${(b.share * 100).toFixed(1)}% of searches`;
  });
}

/** The position click-through curve a click model used, one ordinal a line. */
export function formatCtrCurve(curve: readonly PositionCtr[]): string[] {
  return curve.map((p) => {
    const ordinal = String(p.ordinal).padStart(2);
    if (p.impressions === 0) return `  ${ordinal}  -       (nothing shown there)`;
    return `  ${ordinal}  ${p.ctr.toFixed(4)}  (${p.clicks} clicks / ${p.impressions} impressions)`;
  });
}

/** An examination curve, one ordinal a line with what backs it. */
export function formatPositionCurve(curve: PositionCurve): string[] {
  return curve.points.map((p) => {
    const ordinal = String(p.ordinal).padStart(2);
    return `  ${ordinal}  ${p.value.toFixed(4)}  (${p.detail})`;
  });
}
