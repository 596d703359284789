import { InputError } from '../errors.js';
import { describeValue, isRecord } from './describe-value.js';

/** Where a record came from; every field error names it. */
export interface RecordAt {
  file: string;
  line: number;
}

type Json = Record<string, unknown>;

/**
 * Reads a record's id from `_id` (BEIR) or `id`. Numbers become strings because some BEIR sets
 * store ids as numbers while qrels always carry them as text.
 */
export function requireId(record: Json, at: RecordAt): string {
  const field = '_id' in record ? '_id' : 'id' in record ? 'id' : undefined;
  if (field === undefined) throw new InputError('missing "_id" (or "id")', { ...at, field: '_id' });
  const raw = record[field];
  const id = typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : raw;
  if (typeof id !== 'string' || id.trim() === '') {
    throw new InputError(`expected a non-empty string or a number, got ${describeValue(raw)}`, { ...at, field });
  }
  return id;
}

/** Reads a required text field; it is returned untrimmed because offsets will point into it. */
export function requireText(record: Json, field: string, at: RecordAt): string {
  const value = record[field];
  if (typeof value !== 'string' || value.trim() === '') {
    const got = value === undefined ? 'it is missing' : `got ${describeValue(value)}`;
    throw new InputError(`expected a non-empty string, ${got}`, { ...at, field });
  }
  return value;
}

/** Reads an optional string field; absent or null gives `fallback`. */
export function optionalString(record: Json, field: string, at: RecordAt, fallback = ''): string {
  const value = record[field];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'string')
    throw new InputError(`expected a string, got ${describeValue(value)}`, { ...at, field });
  return value;
}

/** Reads an optional JSON object field; absent or null gives undefined. */
export function optionalRecord(record: Json, field: string, at: RecordAt): Json | undefined {
  const value = record[field];
  if (value === undefined || value === null) return undefined;
  if (!isRecord(value)) throw new InputError(`expected an object, got ${describeValue(value)}`, { ...at, field });
  return value;
}

/** Reads an optional array of non-empty strings; the message names the bad element's index. */
export function optionalStringList(record: Json, field: string, at: RecordAt): string[] | undefined {
  const value = record[field];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value))
    throw new InputError(`expected an array of strings, got ${describeValue(value)}`, { ...at, field });
  value.forEach((item: unknown, i) => {
    if (typeof item !== 'string' || item.trim() === '') {
      throw new InputError(`item ${i} must be a non-empty string, got ${describeValue(item)}`, { ...at, field });
    }
  });
  return value as string[];
}
