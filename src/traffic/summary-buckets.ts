import type { LoggedEvent, LoggedSearch } from './types.js';

/**
 * The most rows the summary's perDay lists: 1,000 days (under three years of daily rows, about
 * 45 kB). Like Elasticsearch's `search.max_buckets`, a bound on what one aggregation may build,
 * whatever the log holds: two events dated 0001-01-01 and 9999-12-31 once made it list 3.65
 * million days (164 MB, 20 s, 1.3 GB of memory for one GET /traffic).
 */
export const MAX_DAY_BUCKETS = 1000;

/** The most action names eventsByAction lists: action_name is any short string a client sends. */
export const MAX_ACTION_BUCKETS = 100;

/** One UTC day's traffic. */
export interface DayCount {
  day: string;
  searches: number;
  clicks: number;
}

/** The UTC days with a dated search or click: how many, the first and the last (whether or not perDay is capped). */
export interface TrafficDays {
  count: number;
  first: string;
  last: string;
}

/** A field of the summary cut to its bucket limit, and what was left out, so a cut list is never read as whole. */
export interface SummaryCap {
  field: 'perDay' | 'eventsByAction';
  maxBuckets: number;
  /** The rows the field would have had without the limit (perDay: the days from the first to the last). */
  buckets: number;
  /** What the answer holds instead, and what it leaves out. */
  message: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole UTC days from `from` to `to` (YYYY-MM-DD each): 1 from one day to the next. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
}

/** `YYYY-MM-DD` of an ISO timestamp in UTC; undefined when absent or unreadable. */
export function utcDay(timestamp: string | undefined): string | undefined {
  if (timestamp === undefined) return undefined;
  const ms = Date.parse(timestamp);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString().slice(0, 10);
}

/**
 * Searches by the UTC day of their timestamp, clicks by the day of the click's own timestamp (its
 * search's when it has none). Every day from the first to the last is listed, those without
 * traffic as 0, while that is at most `maxBuckets` days. Over it only the days with traffic are
 * listed (never a loop over the span), the latest `maxBuckets` of them, and the cap says so.
 */
export function perDay(
  searches: readonly LoggedSearch[],
  clicks: readonly LoggedEvent[],
  byId: ReadonlyMap<string, LoggedSearch>,
  maxBuckets = MAX_DAY_BUCKETS,
): { rows: DayCount[]; withTraffic: TrafficDays | null; cap?: SummaryCap } {
  const days = new Map<string, DayCount>();
  const at = (day: string) => {
    let d = days.get(day);
    if (!d) days.set(day, (d = { day, searches: 0, clicks: 0 }));
    return d;
  };
  for (const s of searches) {
    const day = utcDay(s.timestamp);
    if (day !== undefined) at(day).searches += 1;
  }
  for (const e of clicks) {
    const day = utcDay(e.timestamp) ?? utcDay(byId.get(e.queryId)?.timestamp);
    if (day !== undefined) at(day).clicks += 1;
  }
  if (days.size === 0) return { rows: [], withTraffic: null };
  const sorted = [...days.keys()].sort();
  const first = sorted[0]!;
  const last = sorted.at(-1)!;
  // Counted before the empty days are filled in: a span is not how much traffic there was.
  const withTraffic = { count: days.size, first, last };
  const span = daysBetween(first, last) + 1;
  if (span <= maxBuckets) {
    for (let ms = Date.parse(first); ms <= Date.parse(last); ms += DAY_MS) at(new Date(ms).toISOString().slice(0, 10));
    return { rows: [...days.values()].sort((a, b) => (a.day < b.day ? -1 : 1)), withTraffic };
  }
  const active = sorted.map((day) => days.get(day)!);
  const rows = active.slice(-maxBuckets);
  const left = active.slice(0, active.length - rows.length);
  const leftOut = left.length
    ? `; the ${left.length} earlier days with traffic (${sum(left, 'searches')} searches, ${sum(left, 'clicks')} clicks) are left out`
    : '';
  return {
    rows,
    withTraffic,
    cap: {
      field: 'perDay',
      maxBuckets,
      buckets: span,
      message: `${span} days from ${first} to ${last}, more than ${maxBuckets}: only days with traffic are listed, the latest ${rows.length}${leftOut}`,
    },
  };
}

/**
 * Every event counted by its action name, names in code-unit order; over `maxBuckets` names,
 * the most frequent `maxBuckets` (ties by name), and the cap says how many were left out.
 */
export function countByAction(
  events: readonly LoggedEvent[],
  maxBuckets = MAX_ACTION_BUCKETS,
): { counts: Record<string, number>; cap?: SummaryCap } {
  const counts = new Map<string, number>();
  for (const e of events) counts.set(e.action, (counts.get(e.action) ?? 0) + 1);
  let kept = [...counts];
  let cap: SummaryCap | undefined;
  if (kept.length > maxBuckets) {
    kept.sort(([a, n], [b, m]) => m - n || (a < b ? -1 : a > b ? 1 : 0));
    const left = kept.slice(maxBuckets);
    kept = kept.slice(0, maxBuckets);
    const leftEvents = left.reduce((total, [, n]) => total + n, 0);
    cap = {
      field: 'eventsByAction',
      maxBuckets,
      buckets: counts.size,
      message: `${counts.size} action names, more than ${maxBuckets}: the ${maxBuckets} most frequent are listed; ${left.length} others (${leftEvents} events) are left out`,
    };
  }
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return { counts: Object.fromEntries(kept), ...(cap && { cap }) };
}

function sum(rows: readonly DayCount[], field: 'searches' | 'clicks'): number {
  return rows.reduce((total, r) => total + r[field], 0);
}
