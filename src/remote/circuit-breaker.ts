/** Consecutive failed queries of one remote caller after which the rest of a query set fails fast. */
export const FAIL_AFTER_DEFAULT = 5;

/** Why a caller's breaker is open: who, after how many failures in a row, and the last one's message. */
export interface OpenBreaker {
  by: string;
  count: number;
  last: string;
}

/**
 * Fail-fast over one query set: each remote caller (`leg "os"`, `reranker "tei"`: the name a
 * RemoteError carries) counts the queries it failed in a row, in the order they finish; a query
 * that succeeds resets every count, since each of its remote calls was answered. Once a caller's
 * count reaches its threshold (FAIL_AFTER_DEFAULT unless the caller's `fail_after` says
 * otherwise; 0 never opens) its breaker stays open for the rest of the set: an engine that is
 * down or throttling everything would otherwise cost timeout x attempts for every query left
 * (hours for a few hundred queries at the defaults), for failures that say nothing new.
 */
export class CircuitBreaker {
  private readonly runs = new Map<string, number>();
  private open?: OpenBreaker;

  constructor(private readonly thresholdOf: (by: string) => number = () => FAIL_AFTER_DEFAULT) {}

  /** The first breaker that opened, if one has: every query not yet started fails with it. */
  get opened(): OpenBreaker | undefined {
    return this.open;
  }

  succeeded(): void {
    this.runs.clear();
  }

  failed(by: string, message: string): void {
    const count = (this.runs.get(by) ?? 0) + 1;
    this.runs.set(by, count);
    const threshold = this.thresholdOf(by);
    if (!this.open && threshold > 0 && count >= threshold) this.open = { by, count, last: message };
  }
}

/** What a query skipped by an open breaker records as its failure message. */
export function failFastMessage(queryId: string, open: OpenBreaker): string {
  return `${open.by}, query ${queryId}: not called: the engine failed ${open.count} queries in a row, so the rest fail fast (set fail_after to change this); the last error: ${open.last}`;
}
