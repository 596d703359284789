import { describeValue } from '../corpus/describe-value.js';
import type { LoggedEvent, LoggedSearch, RecordSource } from './types.js';
import { MISSING_FIELD, type Rejection, WRONG_TYPE } from './ubi-records.js';

/** The fields of a plain click log row. */
export type ClickField = 'query' | 'doc' | 'position' | 'timestamp' | 'session' | 'clicked';

/** Column names to use instead of the defaults, one per field. */
export type ClickColumns = Partial<Record<ClickField, string>>;

/** The names each field is looked for under, first found wins, unless ClickColumns names one. */
export const DEFAULT_CLICK_COLUMNS: Readonly<Record<ClickField, readonly string[]>> = {
  query: ['query'],
  doc: ['doc', 'doc_id', 'url'],
  position: ['position'],
  timestamp: ['timestamp'],
  session: ['session', 'session_id', 'client_id'],
  clicked: ['clicked'],
};

/** One row of a click log, as read, with where it came from. */
export interface ClickRowInput {
  record: Record<string, unknown>;
  from: RecordSource;
}

/** The searches and clicks a click log describes, and the rows it could not use. */
export interface ClickLog {
  searches: LoggedSearch[];
  events: LoggedEvent[];
  rejected: { from: RecordSource; rejection: Rejection }[];
}

interface Row {
  query: string;
  doc: string;
  position?: number;
  timestamp?: string;
  session?: string;
  clicked?: boolean;
  from: RecordSource;
}

const INTEGER = /^\s*\d+\s*$/;
const TRUE = new Set(['1', 'true', 'yes']);
const FALSE = new Set(['0', 'false', 'no']);

/**
 * Turns the rows of one plain click log (one row per result shown or clicked) into searches and
 * click events. A click log has no query ids, so rows with the same session, query text and
 * timestamp are taken as one search, whose id is the file and line of its first row (stable
 * across reads). With a `clicked` column each row is an impression at its position and the
 * clicked ones are also clicks, so the search knows what it showed; without one every row is a
 * click and what was shown stays unknown (`hitIds` undefined), which the click models must see.
 */
export function clickLogTraffic(file: string, inputs: readonly ClickRowInput[], columns: ClickColumns = {}): ClickLog {
  const rejected: ClickLog['rejected'] = [];
  const groups = new Map<string, Row[]>();
  for (const { record, from } of inputs) {
    const row = readRow(record, columns);
    if ('reason' in row) {
      rejected.push({ from, rejection: row });
      continue;
    }
    const key = JSON.stringify([row.session ?? null, row.query, row.timestamp ?? null]);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [{ ...row, from }]);
    else group.push({ ...row, from });
  }
  const searches: LoggedSearch[] = [];
  const events: LoggedEvent[] = [];
  for (const rows of groups.values()) {
    const first = rows[0]!;
    const search: LoggedSearch = {
      queryId: `${file}#${first.from.line}`,
      userQuery: first.query,
      ...(first.session !== undefined && { clientId: first.session }),
      ...(first.timestamp !== undefined && { timestamp: first.timestamp }),
      from: first.from,
    };
    const impressions = rows.some((r) => r.clicked !== undefined);
    const kept = impressions ? placeImpressions(search, rows, rejected) : rows;
    searches.push(search);
    for (const row of kept) {
      if (impressions && row.clicked !== true) continue;
      events.push({
        queryId: search.queryId,
        action: 'click',
        objectId: row.doc,
        ...(row.position !== undefined && { ordinal: row.position }),
        ...(row.session !== undefined && { clientId: row.session }),
        ...(row.timestamp !== undefined && { timestamp: row.timestamp }),
        from: row.from,
      });
    }
  }
  return { searches, events, rejected };
}

/** Fills `search.hitIds` from rows that each say what was shown where; returns the rows placed. */
function placeImpressions(search: LoggedSearch, rows: Row[], rejected: ClickLog['rejected']): Row[] {
  const placed: Row[] = [];
  const hitIds: (string | undefined)[] = [];
  for (const row of rows) {
    if (row.position === undefined) {
      rejected.push({ from: row.from, rejection: { reason: MISSING_FIELD, what: 'no position for a shown result' } });
    } else if (hitIds[row.position - 1] !== undefined && hitIds[row.position - 1] !== row.doc) {
      const what = `position ${row.position} already shows ${JSON.stringify(hitIds[row.position - 1])}`;
      rejected.push({ from: row.from, rejection: { reason: 'position shown twice', what } });
    } else {
      hitIds[row.position - 1] = row.doc;
      placed.push(row);
    }
  }
  // Spread so skipped positions are real `undefined` elements, not sparse-array holes.
  search.hitIds = Array.from({ length: hitIds.length }, (_, i) => hitIds[i]);
  return placed;
}

function readRow(record: Record<string, unknown>, columns: ClickColumns): Omit<Row, 'from'> | Rejection {
  const pick = (field: ClickField): [string, unknown] => {
    const names = columns[field] !== undefined ? [columns[field]] : DEFAULT_CLICK_COLUMNS[field];
    const name = names.find((n) => Object.hasOwn(record, n)) ?? names[0]!;
    const value = record[name];
    return [name, value === '' || value === null ? undefined : value];
  };
  const [queryName, query] = pick('query');
  if (query === undefined) return { reason: MISSING_FIELD, what: `no ${queryName}` };
  if (typeof query !== 'string') return wrongType(queryName, 'a string', query);
  const [docName, doc] = pick('doc');
  if (doc === undefined) return { reason: MISSING_FIELD, what: `no ${docName}` };
  const docId = idText(doc);
  if (docId === undefined) return wrongType(docName, 'a string or an integer', doc);
  const [positionName, rawPosition] = pick('position');
  const position = rawPosition === undefined ? undefined : positiveInteger(rawPosition);
  if (position === null) return wrongType(positionName, 'an integer from 1', rawPosition);
  const [timestampName, rawTimestamp] = pick('timestamp');
  const timestamp = rawTimestamp === undefined ? undefined : idText(rawTimestamp);
  if (rawTimestamp !== undefined && timestamp === undefined)
    return wrongType(timestampName, 'a string or a number', rawTimestamp);
  const [sessionName, rawSession] = pick('session');
  const session = rawSession === undefined ? undefined : idText(rawSession);
  if (rawSession !== undefined && session === undefined)
    return wrongType(sessionName, 'a string or an integer', rawSession);
  const [clickedName, rawClicked] = pick('clicked');
  const clicked = rawClicked === undefined ? undefined : flag(rawClicked);
  if (clicked === null) return wrongType(clickedName, '1/0 or true/false', rawClicked);
  return {
    query,
    doc: docId,
    ...(position !== undefined && { position }),
    ...(timestamp !== undefined && { timestamp }),
    ...(session !== undefined && { session }),
    ...(clicked !== undefined && { clicked }),
  };
}

function idText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

function positiveInteger(value: unknown): number | null {
  const n = typeof value === 'string' && INTEGER.test(value) ? Number(value) : value;
  return Number.isSafeInteger(n) && (n as number) >= 1 ? (n as number) : null;
}

function flag(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  const text = String(value).trim().toLowerCase();
  if (TRUE.has(text)) return true;
  if (FALSE.has(text)) return false;
  return null;
}

function wrongType(field: string, expected: string, value: unknown): Rejection {
  return { reason: WRONG_TYPE, what: `${field} must be ${expected}, got ${describeValue(value)}` };
}
