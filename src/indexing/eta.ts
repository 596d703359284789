/** Extrapolating from less work than this gives wild estimates, so none is shown before it. */
export const ETA_MIN_ITEMS = 10;
export const ETA_MIN_SECONDS = 2;

export interface Estimate {
  perSecond: number;
  secondsLeft: number;
}

/**
 * Time left of a long job, from the rate since its first completed item rather than since the
 * start: what comes before that item (reading the corpus, loading the model) is paid once, and
 * counted as per-item time it made the first estimate of a large build read "27 hours". No
 * estimate until ETA_MIN_ITEMS more items are done and ETA_MIN_SECONDS have passed since then.
 */
export function etaEstimator(now: () => number = Date.now): (done: number, total: number) => Estimate | undefined {
  let first: { at: number; done: number } | undefined;
  return (done, total) => {
    const at = now();
    if (!first) {
      if (done > 0) first = { at, done };
      return undefined;
    }
    const items = done - first.done;
    const seconds = (at - first.at) / 1000;
    if (items < ETA_MIN_ITEMS || seconds < ETA_MIN_SECONDS) return undefined;
    const perSecond = items / seconds;
    return { perSecond, secondsLeft: Math.max(0, total - done) / perSecond };
  };
}
