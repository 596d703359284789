import type { LoggedEvent, LoggedSearch } from '../../src/traffic/types.js';

let line = 0;

/** A logged search as a reader would give it, with a made-up source line. */
export function search(queryId: string, userQuery: string, extra: Partial<LoggedSearch> = {}): LoggedSearch {
  return { queryId, userQuery, from: { file: 'log.jsonl', line: ++line }, ...extra };
}

/** A logged event as a reader would give it. */
export function event(queryId: string, action: string, extra: Partial<LoggedEvent> = {}): LoggedEvent {
  return { queryId, action, from: { file: 'events.jsonl', line: ++line }, ...extra };
}

/** `count` searches of the same text, ids `<prefix>-1`, `<prefix>-2`, ... */
export function searches(prefix: string, userQuery: string, count: number): LoggedSearch[] {
  return Array.from({ length: count }, (_, i) => search(`${prefix}-${i + 1}`, userQuery));
}
