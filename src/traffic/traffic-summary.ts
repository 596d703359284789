import { InputError } from '../errors.js';
import { normalizeQuery } from './query-key.js';
import { countByAction, type DayCount, perDay, type SummaryCap, type TrafficDays, utcDay } from './summary-buckets.js';
import type { DroppedCount, LoggedEvent, LoggedSearch, Traffic } from './types.js';

export type { DayCount, SummaryCap, TrafficDays } from './summary-buckets.js';

export interface SummaryOptions {
  /** Rows in the top-query and zero-hit tables (default 10). */
  top?: number;
  /** Positions in the click-through curve, 1..maxRank (default 10). */
  maxRank?: number;
  /** The `action_name`s that count as a click (default ['click']). */
  clickActions?: readonly string[];
}

/** One normalised query: all the searches whose text folds to it. */
export interface QueryRow {
  /** The most frequent original form (ties: the first in code-unit order). */
  query: string;
  searches: number;
  /** Share of its searches with at least one click; 0 when none. */
  clickThrough: number;
  /** Its searches that showed no hit (hit list logged and empty). */
  zeroHit: number;
}

/** Click-through at one rank position (ordinal 1 is the first hit shown). */
export interface PositionRow {
  ordinal: number;
  /** Searches whose hit list has a document at this ordinal. */
  impressions: number;
  /** Of those, the searches clicked at this ordinal (a search clicked twice there counts once). */
  clicks: number;
  /** clicks / impressions; null without impressions (no estimate, where 0 would read as one). */
  ctr: number | null;
}

export interface TrafficSummary {
  searches: number;
  /** Distinct texts after normalising. */
  distinctQueries: number;
  /** Distinct client ids, over searches and events. */
  clients: number;
  /** Every event counted by its action name, names in code-unit order (at most MAX_ACTION_BUCKETS names: see capped). */
  eventsByAction: Record<string, number>;
  /** Events whose action is a click action. */
  clicks: number;
  /** Every UTC day from the first logged to the last, days without traffic as 0 (at most MAX_DAY_BUCKETS: see capped). */
  perDay: DayCount[];
  /**
   * The days with a dated search or click, and the first and last of them, also when perDay is
   * capped; null when nothing is dated. A log of two weeks last year and today spans a year and
   * a half but has 15 days of traffic: this says the second, perDay's length the first.
   */
  daysWithTraffic: TrafficDays | null;
  /** Searches without a readable timestamp: in every count but perDay. */
  undatedSearches: number;
  topQueries: QueryRow[];
  /** Queries with at least one zero-hit search, by zero-hit searches. */
  zeroHitQueries: QueryRow[];
  byPosition: PositionRow[];
  /** Searches whose log says nothing of what was shown (no hit list): outside byPosition. */
  withoutHitList: number;
  /** Events naming a query_id no logged search has. */
  unmatchedEvents: number;
  /** What the reader could not use, as it reported it. */
  dropped: DroppedCount[];
  /** The fields cut to their bucket limit (summary-buckets.ts), each saying what it left out; empty when none was. */
  capped: SummaryCap[];
}

/** Rows of the top-query and zero-hit tables, unless asked otherwise (GET /traffic's `top`). */
export const DEFAULT_TOP_QUERIES = 10;
/** Positions of the click-through curve, unless asked otherwise (GET /traffic's `max_rank`). */
export const DEFAULT_CTR_POSITIONS = 10;

/**
 * What a traffic log says at a glance, for `GET /traffic` and the home page: how much was
 * searched, what, what found nothing, and how clicks fall off with rank (position bias: what a
 * click judgement has to correct for). Definitions:
 *
 * - searches: the logged searches; distinctQueries: distinct `normalizeQuery(userQuery)` (query-key.ts); clients:
 *   distinct client ids over searches and events; eventsByAction: every event by `action`.
 * - a click is an event whose action is in `clickActions`; a search is clicked when a click names
 *   its query id.
 * - perDay: searches by the UTC day of their timestamp, clicks by the UTC day of the click's own
 *   timestamp (its search's when it has none); every day from the first to the last is listed,
 *   those without traffic as 0; undated searches are counted apart. Over MAX_DAY_BUCKETS days
 *   only days with traffic are listed, the latest MAX_DAY_BUCKETS, and `capped` says so (as
 *   it does when eventsByAction is cut to MAX_ACTION_BUCKETS names). daysWithTraffic counts the
 *   days that have a search or a click (not the span), with the first and the last of them.
 * - topQueries: searches grouped by normalised text, by searches descending, ties by the shown
 *   text; `query` is the group's most frequent original form; clickThrough = clicked searches /
 *   searches; zeroHit = searches whose hit list is logged and empty. zeroHitQueries: the groups
 *   with zeroHit > 0, by zeroHit descending, ties by text.
 * - byPosition, for ordinal 1..maxRank: impressions = searches whose hit list holds an id at that
 *   ordinal (a hole is not shown); clicks = of those, the searches with a click at that ordinal
 *   (counted once each, so ctr is a share); ctr = clicks / impressions, null when there are no
 *   impressions. Searches without a hit list (hitIds undefined) are counted in withoutHitList
 *   and left out of impressions and clicks alike, so a click log without impressions cannot
 *   push a ctr over 1.
 */
export function summarizeTraffic(traffic: Traffic, options: SummaryOptions = {}): TrafficSummary {
  const top = positiveInteger(options.top ?? DEFAULT_TOP_QUERIES, 'top');
  const maxRank = positiveInteger(options.maxRank ?? DEFAULT_CTR_POSITIONS, 'maxRank');
  const clickActions = new Set(options.clickActions ?? ['click']);
  const clicks = traffic.events.filter((e) => clickActions.has(e.action));
  const byId = new Map(traffic.searches.map((s) => [s.queryId, s]));
  const clickedIds = new Set(clicks.map((e) => e.queryId));
  const groups = queryGroups(traffic.searches, clickedIds);
  const rows = [...groups.values()];
  const clientIds = [...traffic.searches, ...traffic.events].map((r) => r.clientId).filter((c) => c !== undefined);
  const actions = countByAction(traffic.events);
  const days = perDay(traffic.searches, clicks, byId);
  return {
    searches: traffic.searches.length,
    distinctQueries: groups.size,
    clients: new Set(clientIds).size,
    eventsByAction: actions.counts,
    clicks: clicks.length,
    perDay: days.rows,
    daysWithTraffic: days.withTraffic,
    undatedSearches: traffic.searches.filter((s) => utcDay(s.timestamp) === undefined).length,
    topQueries: rows.sort((a, b) => b.searches - a.searches || byText(a, b)).slice(0, top),
    zeroHitQueries: rows
      .filter((r) => r.zeroHit > 0)
      .sort((a, b) => b.zeroHit - a.zeroHit || byText(a, b))
      .slice(0, top),
    byPosition: byPosition(traffic.searches, clicks, maxRank),
    withoutHitList: traffic.searches.filter((s) => s.hitIds === undefined).length,
    unmatchedEvents: traffic.events.filter((e) => !byId.has(e.queryId)).length,
    dropped: traffic.dropped,
    capped: [days.cap, actions.cap].filter((cap) => cap !== undefined),
  };
}

function positiveInteger(value: number, field: string): number {
  if (!Number.isSafeInteger(value) || value < 1)
    throw new InputError(`must be a positive integer, got ${value}`, { field });
  return value;
}

const byText = (a: QueryRow, b: QueryRow) => (a.query < b.query ? -1 : a.query > b.query ? 1 : 0);

/** One row per normalised text, its original forms counted to pick the one shown. */
function queryGroups(searches: readonly LoggedSearch[], clickedIds: ReadonlySet<string>): Map<string, QueryRow> {
  const forms = new Map<string, Map<string, number>>();
  const counts = new Map<string, { searches: number; clicked: number; zeroHit: number }>();
  for (const s of searches) {
    const key = normalizeQuery(s.userQuery);
    const seen = forms.get(key) ?? new Map<string, number>();
    seen.set(s.userQuery, (seen.get(s.userQuery) ?? 0) + 1);
    forms.set(key, seen);
    const c = counts.get(key) ?? { searches: 0, clicked: 0, zeroHit: 0 };
    c.searches += 1;
    if (clickedIds.has(s.queryId)) c.clicked += 1;
    if (s.hitIds?.length === 0) c.zeroHit += 1;
    counts.set(key, c);
  }
  const rows = new Map<string, QueryRow>();
  for (const [key, c] of counts) {
    rows.set(key, {
      query: mostFrequent(forms.get(key)!),
      searches: c.searches,
      clickThrough: c.clicked / c.searches,
      zeroHit: c.zeroHit,
    });
  }
  return rows;
}

/** The form typed most often; ties go to the first in code-unit order, so the choice is stable. */
function mostFrequent(forms: ReadonlyMap<string, number>): string {
  let best: [string, number] | undefined;
  for (const [form, n] of forms) {
    if (!best || n > best[1] || (n === best[1] && form < best[0])) best = [form, n];
  }
  return best![0];
}

function byPosition(searches: readonly LoggedSearch[], clicks: readonly LoggedEvent[], maxRank: number): PositionRow[] {
  const clickedAt = new Set(clicks.filter((e) => e.ordinal !== undefined).map((e) => `${e.ordinal}\u0000${e.queryId}`));
  const rows: PositionRow[] = [];
  for (let ordinal = 1; ordinal <= maxRank; ordinal++) {
    let impressions = 0;
    let clicked = 0;
    for (const s of searches) {
      if (s.hitIds?.[ordinal - 1] === undefined) continue;
      impressions += 1;
      if (clickedAt.has(`${ordinal}\u0000${s.queryId}`)) clicked += 1;
    }
    rows.push({ ordinal, impressions, clicks: clicked, ctr: impressions ? clicked / impressions : null });
  }
  return rows;
}
