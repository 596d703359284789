import { InputError } from '../errors.js';

/** The earliest time an event may carry: older than any log this server could have written. */
export const EARLIEST_EVENT_TIME = '2000-01-01T00:00:00Z';

/** How far past the server's clock an event may be dated: a client's clock may run a little ahead, not a year. */
export const MAX_EVENT_CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

/**
 * Refuses an event timestamp outside [2000-01-01, now + 1 day], naming `field`. Two events dated
 * 0001-01-01 and 9999-12-31 once made the traffic summary list every day between them (3.65
 * million rows, 164 MB, 20 s with the server blocked): a date no real client sends is refused
 * where it comes in. Readers still take any date (a log written elsewhere is what it is); the
 * summary caps its day rows for those (traffic-summary.ts).
 */
export function checkEventTime(timestamp: string, now: Date, field: string): void {
  const ms = Date.parse(timestamp);
  const latest = new Date(now.getTime() + MAX_EVENT_CLOCK_SKEW_MS);
  if (Number.isNaN(ms) || ms < Date.parse(EARLIEST_EVENT_TIME) || ms > latest.getTime())
    throw new InputError(
      `must be between ${EARLIEST_EVENT_TIME} and ${latest.toISOString()} (the server's clock plus one day), got ${JSON.stringify(timestamp.slice(0, 40))}`,
      { field },
    );
}
