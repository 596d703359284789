/**
 * The names of the files a `--log-queries` folder holds: `ubi_queries-YYYY-MM-DD.jsonl` and
 * `ubi_events-YYYY-MM-DD.jsonl`, one of each per UTC day, as OpenSearch names its two UBI
 * indexes. A folder may also hold UBI files named otherwise (a seeded log, an export dropped in):
 * any `ubi_queries*.jsonl` or `ubi_events*.jsonl` counts as part of the log.
 */

/** The two streams of a UBI log: what was searched, and what people did with the results. */
export type LogKind = 'queries' | 'events';

/** The file of `kind` for one UTC day (`YYYY-MM-DD`). */
export function dayFileName(kind: LogKind, day: string): string {
  return `ubi_${kind}-${day}.jsonl`;
}

/** The UTC calendar day of `at` as `YYYY-MM-DD`: the log rotates when it changes. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** Whether `name` is a file of the UBI log of `kind`, whatever its suffix between the prefix and `.jsonl`. */
export function isLogFile(name: string, kind: LogKind): boolean {
  return name.startsWith(`ubi_${kind}`) && name.endsWith('.jsonl');
}

/** Whether `name` is a UBI log file of either kind: what `--seed-traffic` copies and what makes a folder non-empty. */
export function isUbiLogFile(name: string): boolean {
  return isLogFile(name, 'queries') || isLogFile(name, 'events');
}
