import { describeValue, isRecord } from '../corpus/describe-value.js';
import type { Exploration, LoggedEvent, LoggedSearch, RecordSource } from './types.js';
import { servedByLabel } from './served-by.js';
import { readInterleaving } from './interleaving-field.js';
import { isEventObjectId, isEventOrdinal, OBJECT_ID_EXPECTED, ORDINAL_EXPECTED } from './event-fields.js';

/** What one record of a log is: a UBI query, a UBI event, or a row of a plain click log. */
export type RecordKind = 'query' | 'event' | 'row';

/** Why a record was left out: the reason it is counted under, and what was wrong with it. */
export interface Rejection {
  reason: string;
  what: string;
}

export const WRONG_TYPE = 'wrong field type';
export const MISSING_FIELD = 'missing field';
/** A search whose interleaving cannot be read: dropped, since crediting it would give its clicks to the wrong arm. */
export const MALFORMED_INTERLEAVING = 'malformed interleaving field';

/**
 * Unwraps an OpenSearch export document (`{"_index", "_source"}`) and says what kind of record
 * it holds. The index name decides when it names a UBI index, since an export says where each
 * document came from; otherwise a `user_query` field makes a query, an `action_name` an event,
 * and any other object is a click-log row. Undefined for a value that is not an object.
 */
export function classifyRecord(value: unknown): { kind: RecordKind; record: Record<string, unknown> } | undefined {
  if (!isRecord(value)) return undefined;
  let record = value;
  let index: unknown;
  if (isRecord(value._source) && ('_index' in value || '_id' in value)) {
    record = value._source;
    index = value._index;
  }
  if (typeof index === 'string' && index.includes('ubi_queries')) return { kind: 'query', record };
  if (typeof index === 'string' && index.includes('ubi_events')) return { kind: 'event', record };
  if ('user_query' in record) return { kind: 'query', record };
  if ('action_name' in record) return { kind: 'event', record };
  return { kind: 'row', record };
}

/**
 * Reads one UBI `ubi_queries` record. The schema requires only `user_query`; a record without a
 * `query_id` still counts as a search (for sampling) under an id made from where it was read,
 * though no event can refer to it.
 */
export function searchFromUbi(record: Record<string, unknown>, from: RecordSource): LoggedSearch | Rejection {
  const userQuery = record.user_query;
  if (userQuery === undefined) return { reason: MISSING_FIELD, what: 'no user_query' };
  if (typeof userQuery !== 'string') return wrongType('user_query', 'a string', userQuery);
  const queryId = optionalId(record, 'query_id');
  if (isRejection(queryId)) return queryId;
  const clientId = optionalString(record, 'client_id');
  if (isRejection(clientId)) return clientId;
  const timestamp = optionalString(record, 'timestamp');
  if (isRejection(timestamp)) return timestamp;
  const index = optionalString(record, 'index');
  if (isRejection(index)) return index;
  const hitIds = optionalHitIds(record.query_response_hit_ids);
  if (isRejection(hitIds)) return hitIds;
  const servedBy = servedByLabel(record.query_attributes);
  const interleaving = readInterleaving(record.interleaving, hitIds?.length);
  if (interleaving !== undefined && 'problem' in interleaving)
    return { reason: MALFORMED_INTERLEAVING, what: interleaving.problem };
  const exploration = optionalExploration(record.exploration);
  if (isRejection(exploration)) return exploration;
  return {
    queryId: queryId ?? `${from.file}#${from.line}`,
    userQuery,
    ...(clientId !== undefined && { clientId }),
    ...(timestamp !== undefined && { timestamp }),
    ...(hitIds !== undefined && { hitIds }),
    ...(index !== undefined && { index }),
    ...(servedBy !== undefined && { servedBy }),
    ...(interleaving !== undefined && { interleaving }),
    ...(exploration !== undefined && { exploration }),
    from,
  };
}

/**
 * Reads one UBI `ubi_events` record. `object_id` may be a string or an integer (the schema
 * allows both) and becomes a string; `position.ordinal` must be an integer. An event needs a
 * `query_id`, since an event that refers to no search says nothing about a query's results.
 */
export function eventFromUbi(record: Record<string, unknown>, from: RecordSource): LoggedEvent | Rejection {
  const action = record.action_name;
  if (action === undefined) return { reason: MISSING_FIELD, what: 'no action_name' };
  if (typeof action !== 'string' || action === '') return wrongType('action_name', 'a non-empty string', action);
  const queryId = optionalId(record, 'query_id');
  if (isRejection(queryId)) return queryId;
  if (queryId === undefined) return { reason: MISSING_FIELD, what: 'no query_id' };
  const clientId = optionalString(record, 'client_id');
  if (isRejection(clientId)) return clientId;
  const timestamp = optionalString(record, 'timestamp');
  if (isRejection(timestamp)) return timestamp;
  const attributes = record.event_attributes ?? {};
  if (!isRecord(attributes)) return wrongType('event_attributes', 'an object', attributes);
  const objectId = eventObjectId(attributes.object);
  if (isRejection(objectId)) return objectId;
  const ordinal = eventOrdinal(attributes.position);
  if (isRejection(ordinal)) return ordinal;
  return {
    queryId,
    action,
    ...(objectId !== undefined && { objectId }),
    ...(ordinal !== undefined && { ordinal }),
    ...(clientId !== undefined && { clientId }),
    ...(timestamp !== undefined && { timestamp }),
    from,
  };
}

export function isRejection(value: unknown): value is Rejection {
  return isRecord(value) && typeof value.reason === 'string' && typeof value.what === 'string';
}

function eventObjectId(object: unknown): string | undefined | Rejection {
  if (object === undefined || object === null) return undefined;
  if (!isRecord(object)) return wrongType('event_attributes.object', 'an object', object);
  const id = object.object_id;
  if (id === undefined) return undefined;
  if (isEventObjectId(id)) return String(id);
  return wrongType('event_attributes.object.object_id', OBJECT_ID_EXPECTED, id);
}

function eventOrdinal(position: unknown): number | undefined | Rejection {
  if (position === undefined || position === null) return undefined;
  if (!isRecord(position)) return wrongType('event_attributes.position', 'an object', position);
  const ordinal = position.ordinal;
  if (ordinal === undefined) return undefined; // an x,y position: allowed, but no rank to use
  if (isEventOrdinal(ordinal)) return ordinal;
  return wrongType('event_attributes.position.ordinal', ORDINAL_EXPECTED, ordinal);
}

function optionalHitIds(value: unknown): (string | undefined)[] | undefined | Rejection {
  if (value === undefined || value === null) return undefined;
  const bad = wrongType('query_response_hit_ids', 'an array of strings', value);
  if (!Array.isArray(value)) return bad;
  const ids: string[] = [];
  for (const item of value) {
    if (typeof item === 'string' && item !== '') ids.push(item);
    else if (Number.isSafeInteger(item)) ids.push(String(item));
    else return bad;
  }
  return ids;
}

/** `exploration: {method: 'swap', swapped: [i, i + 1]}` (1-based adjacent ordinals), as the server logs it. */
function optionalExploration(value: unknown): Exploration | undefined | Rejection {
  if (value === undefined || value === null) return undefined;
  if (!isRecord(value) || value.method !== 'swap')
    return wrongType('exploration', `{"method": "swap", "swapped": [i, i + 1]}`, value);
  const pair = value.swapped;
  const first = Array.isArray(pair) ? pair[0] : undefined;
  if (!Array.isArray(pair) || pair.length !== 2 || !Number.isSafeInteger(first) || first < 1 || pair[1] !== first + 1)
    return wrongType('exploration.swapped', 'two adjacent ordinals [i, i + 1] from 1', pair);
  return { method: 'swap', swapped: [first, first + 1] };
}

function optionalId(record: Record<string, unknown>, field: string): string | undefined | Rejection {
  const value = record[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string' && value !== '') return value;
  return wrongType(field, 'a non-empty string', value);
}

function optionalString(record: Record<string, unknown>, field: string): string | undefined | Rejection {
  const value = record[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  return wrongType(field, 'a string', value);
}

function wrongType(field: string, expected: string, value: unknown): Rejection {
  return { reason: WRONG_TYPE, what: `${field} must be ${expected}, got ${describeValue(value)}` };
}
