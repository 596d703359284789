/** Consecutive failed queries of one remote caller after which the rest of a query set fails fast. */
export const FAIL_AFTER_DEFAULT = 5;
/** The share of a caller's recent queries that may fail before the rest fail fast: more than half. */
export const FAIL_RATE_DEFAULT = 0.5;
/** How many of the most recent finished queries the failure rate is taken over (and the least it may be). */
export const FAIL_WINDOW_DEFAULT = 20;

/** When one caller's breaker opens (each field as the leg or reranker spells it; see remote-call-fields.ts). */
export interface BreakerSettings {
  /** Failed queries in a row; 0: never on this count. */
  failAfter: number;
  /** Trips when more than failRate x failWindow of the last failWindow finished queries failed; 0: never. */
  failRate: number;
  failWindow: number;
}

export const BREAKER_DEFAULTS: BreakerSettings = Object.freeze({
  failAfter: FAIL_AFTER_DEFAULT,
  failRate: FAIL_RATE_DEFAULT,
  failWindow: FAIL_WINDOW_DEFAULT,
});

/**
 * Why a caller's breaker is open: who, the last failure's message, and the count that tripped:
 * `count` failures in a row, or (with `window`) `count` of the last `window` finished queries.
 */
export interface OpenBreaker {
  by: string;
  count: number;
  window?: number;
  last: string;
}

/**
 * Fail-fast over one query set: each remote caller (`leg "os"`, `reranker "tei"`: the name a
 * RemoteError carries) is watched on the queries as they finish, by two rules:
 *
 * - in a row: the queries it failed since the last query that succeeded (a success resets every
 *   count, since each of its remote calls was answered); at failAfter it opens;
 * - by rate: of the last failWindow finished queries (any caller's failure or a success), the
 *   ones it failed; more than failRate x failWindow opens it. This catches an engine failing
 *   most queries but not all in a row (an overloaded cluster answering one in four), which the
 *   first rule would call for every query.
 *
 * Once open, a breaker stays open for the rest of the set: an engine that is down or throttling
 * would otherwise cost timeout x attempts for every query left (hours for a few hundred queries
 * at the defaults), for failures that say nothing new.
 */
export class CircuitBreaker {
  private readonly runs = new Map<string, number>();
  /** The callers that failed the most recent finished queries, oldest first; undefined for a success. */
  private readonly recent: (string | undefined)[] = [];
  private open?: OpenBreaker;

  constructor(private readonly settingsOf: (by: string) => BreakerSettings = () => BREAKER_DEFAULTS) {}

  /** The first breaker that opened, if one has: every query not yet started fails with it. */
  get opened(): OpenBreaker | undefined {
    return this.open;
  }

  succeeded(): void {
    this.runs.clear();
    this.remember(undefined);
  }

  failed(by: string, message: string): void {
    const count = (this.runs.get(by) ?? 0) + 1;
    this.runs.set(by, count);
    this.remember(by);
    if (this.open) return;
    const { failAfter, failRate, failWindow } = this.settingsOf(by);
    if (failAfter > 0 && count >= failAfter) {
      this.open = { by, count, last: message };
      return;
    }
    if (failRate > 0 && this.recent.length >= failWindow) {
      const failures = this.recent.slice(-failWindow).filter((b) => b === by).length;
      if (failures > failRate * failWindow) this.open = { by, count: failures, window: failWindow, last: message };
    }
  }

  private remember(by: string | undefined): void {
    this.recent.push(by);
    // The longest window a caller may ask for bounds what is kept.
    if (this.recent.length > MAX_KEPT) this.recent.shift();
  }
}

/** The longest fail_window accepted (REMOTE_LIMITS reads it): it bounds what a breaker keeps. */
export const MAX_FAIL_WINDOW = 10_000;
const MAX_KEPT = MAX_FAIL_WINDOW;

/** What tripped the breaker, in words: `failed 5 queries in a row` or `failed 12 of the last 20 queries`. */
function tripped(open: OpenBreaker): string {
  return open.window === undefined
    ? `failed ${open.count} queries in a row, so the rest fail fast (set fail_after to change this)`
    : `failed ${open.count} of the last ${open.window} queries, so the rest fail fast (set fail_rate or fail_window to change this)`;
}

/** What a query skipped by an open breaker records as its failure message. */
export function failFastMessage(queryId: string, open: OpenBreaker): string {
  return `${open.by}, query ${queryId}: not called: the engine ${tripped(open)}; the last error: ${open.last}`;
}

/** What a query whose requests were in flight when the breaker opened records: they were cancelled. */
export function cancelledMessage(queryId: string, open: OpenBreaker): string {
  return `${open.by}, query ${queryId}: cancelled in flight: the engine ${tripped(open)}; the last error: ${open.last}`;
}
