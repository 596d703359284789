import { type ClickColumns, type ClickRowInput, clickLogTraffic } from './click-rows.js';
import { DroppedTally } from './dropped.js';
import { listLogFiles } from './log-paths.js';
import { readRecordFile } from './record-file.js';
import type { LoggedEvent, LoggedSearch, RecordSource, Traffic } from './types.js';
import { classifyRecord, eventFromUbi, isRejection, searchFromUbi } from './ubi-records.js';

export interface ReadTrafficOptions {
  /** Column names of a plain click log, when they are not the defaults (DEFAULT_CLICK_COLUMNS). */
  columns?: ClickColumns;
}

export const NOT_A_RECORD = 'not a UBI query, UBI event or click row';
/** A line that is not JSON (or a last CSV row cut short): what a crash or a full disk leaves. */
export const TORN = 'torn line (cut short by a crash or a full disk)';
export const UNKNOWN_QUERY = 'event for an unknown query_id';
export const DUPLICATE_QUERY = 'duplicate query_id (first kept)';
export const DUPLICATE_EVENT = 'duplicate event (first kept)';

/**
 * Reads search logs of every kind this project meets into one Traffic: this server's
 * `--log-queries` files, OpenSearch UBI exports (NDJSON, JSON arrays, search responses, with or
 * without `_index`/`_source` wrappers) and plain CSV/JSONL click logs, in any mix, even within
 * one file, since the kind is decided per record. Nothing is dropped silently: every record left
 * out is counted in `dropped` under its reason. A torn line (not JSON, wherever it is in the
 * file: what a crash or a full disk leaves) is counted and named, and the rest of the file read;
 * malformed CSV in the middle of a file is an error.
 * An event is kept only if a query record has its query_id, so click models never see a click
 * on a search they cannot place. The same query_id read twice (an export read along with the
 * log it came from) keeps the first; an event identical in every field to one already read,
 * timestamp included, is the same record read twice and also kept once.
 * Object ids are kept as logged: `matchDocs` (match-docs.ts) maps them to a corpus's documents.
 */
export async function readTraffic(paths: readonly string[], options: ReadTrafficOptions = {}): Promise<Traffic> {
  const dropped = new DroppedTally();
  const searches: LoggedSearch[] = [];
  const events: LoggedEvent[] = [];
  const drop = (reason: string, from: RecordSource, what: string) =>
    dropped.add(reason, `${from.file}:${from.line}: ${what}`);
  for (const file of await listLogFiles(paths)) {
    const { records, torn } = await readRecordFile(file);
    const rows: ClickRowInput[] = [];
    for (const { line, value } of records) {
      const from = { file, line };
      const classified = classifyRecord(value);
      if (classified === undefined) {
        drop(NOT_A_RECORD, from, 'not a JSON object');
        continue;
      }
      const { kind, record } = classified;
      if (kind === 'row') {
        rows.push({ record, from });
        continue;
      }
      const read = kind === 'query' ? searchFromUbi(record, from) : eventFromUbi(record, from);
      if (isRejection(read)) drop(read.reason, from, read.what);
      else if ('userQuery' in read) searches.push(read);
      else events.push(read);
    }
    if (rows.length > 0) {
      const log = clickLogTraffic(file, rows, options.columns);
      searches.push(...log.searches);
      events.push(...log.events);
      for (const { from, rejection } of log.rejected) drop(rejection.reason, from, rejection.what);
    }
    for (const { line, what } of torn) drop(TORN, { file, line }, what);
  }
  const kept = firstOfEachQuery(searches, drop);
  const known = new Set(kept.map((s) => s.queryId));
  const placed = events.filter((e) => {
    if (known.has(e.queryId)) return true;
    drop(UNKNOWN_QUERY, e.from, `query_id ${JSON.stringify(e.queryId)}`);
    return false;
  });
  return { searches: kept, events: firstOfEachEvent(placed, drop), dropped: dropped.list() };
}

type Drop = (reason: string, from: RecordSource, what: string) => void;

function firstOfEachQuery(searches: LoggedSearch[], drop: Drop): LoggedSearch[] {
  const seen = new Map<string, RecordSource>();
  return searches.filter((s) => {
    const first = seen.get(s.queryId);
    if (first === undefined) return (seen.set(s.queryId, s.from), true);
    drop(DUPLICATE_QUERY, s.from, `query_id ${JSON.stringify(s.queryId)} first read at ${first.file}:${first.line}`);
    return false;
  });
}

function firstOfEachEvent(events: LoggedEvent[], drop: Drop): LoggedEvent[] {
  const seen = new Map<string, RecordSource>();
  return events.filter((e) => {
    // Without a timestamp two identical events may well be two clicks: only timed ones are compared.
    if (e.timestamp === undefined) return true;
    const key = JSON.stringify([e.queryId, e.action, e.objectId, e.ordinal, e.clientId, e.timestamp]);
    const first = seen.get(key);
    if (first === undefined) return (seen.set(key, e.from), true);
    drop(DUPLICATE_EVENT, e.from, `same as ${first.file}:${first.line}`);
    return false;
  });
}
