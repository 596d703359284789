import { formatValue, printsAsZero } from '../../metrics/index.js';
import type { Interval } from '../../stats/bootstrap.js';
import type { TuneSummary } from './tune-result.js';

/** A difference is called significant when its two-sided p is below this. */
export const SIGNIFICANCE_LEVEL = 0.05;

/** Whether p is below SIGNIFICANCE_LEVEL. */
export function isSignificant(p: number): boolean {
  return p < SIGNIFICANCE_LEVEL;
}

/** "p = 0.0190", or "p < 0.0001" when 4 decimals would print 0. */
export function formatP(p: number): string {
  return p < 0.00005 ? 'p < 0.0001' : `p = ${formatValue(p)}`;
}

/** A value with its sign, 4 decimals: "+0.0120", "-0.0069". */
export function signed(x: number): string {
  return (x >= 0 ? '+' : '') + formatValue(x);
}

/** "[-0.0145, -0.0018]". */
export function signedInterval(i: Interval): string {
  return `[${signed(i.low)}, ${signed(i.high)}]`;
}

/**
 * The tuning's outcome in one sentence: the held-out mean against the best single leg, the
 * paired difference with its 95% bootstrap interval, whether the paired randomization test
 * calls it significant (p < SIGNIFICANCE_LEVEL), and what to do:
 *   same score on every query          keep the leg alone (fusion changed nothing measurable)
 *   the same at 4 decimals             keep the leg alone (a tie is never called a gain or a loss)
 *   above, significant                 fusion helps: deploy the setting chosen on all queries
 *   above, not significant             keep the leg alone, or deploy and confirm on more queries
 *   below, significant or not          keep the leg alone
 * The leg is the best on these very queries, which favours it a little; the tuned figure is held out.
 */
export function tuneVerdict(r: Pick<TuneSummary, 'heldOut' | 'bestLeg'>): string {
  const leg = r.bestLeg.name;
  const start = `Tuned fusion scores ${formatValue(r.heldOut.mean)} held out`;
  if (r.bestLeg.sameOnEveryQuery) return `${start}, the same as ${leg} alone on every query: keep ${leg} alone.`;
  const d = r.bestLeg.diff;
  if (printsAsZero(d.mean)) {
    return (
      `${start}, the same as ${leg} alone at 4 decimals (95% CI ${signedInterval(d)}, ` +
      `${formatP(r.bestLeg.p)}, paired randomization test): keep ${leg} alone.`
    );
  }
  const above = d.mean >= 0;
  const significant = isSignificant(r.bestLeg.p);
  const advice = !above
    ? `keep ${leg} alone`
    : significant
      ? 'fusion helps; deploy the setting below'
      : `keep ${leg} alone, or deploy the setting below and confirm the gain on more queries`;
  return (
    `${start}, ${formatValue(Math.abs(d.mean))} ${above ? 'above' : 'below'} ${leg} alone ` +
    `(95% CI ${signedInterval(d)}), ${significant ? 'significant' : 'not significant'} ` +
    `(${formatP(r.bestLeg.p)}, paired randomization test): ${advice}.`
  );
}
