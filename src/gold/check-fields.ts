import { InputError, type Location } from '../errors.js';
import { describeValue } from '../corpus/describe-value.js';

/** Highest grade accepted; graded gold sets in the wild use 0..3 or 0..4, 10 leaves room. */
export const MAX_GRADE = 10;

/**
 * Longest note kept. A note is a short reason, and a bounded line keeps each append a single
 * small write.
 */
export const MAX_NOTE_LENGTH = 2000;

// Tabs and line breaks would split a qrels line or an id column; an id made of them is no id.
const BAD_ID_CHARACTER = /[\t\r\n]/;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/;

/** A query or document id: a non-empty string without tabs or line breaks. */
export function checkId(value: unknown, noun: string, where: Location): string {
  if (typeof value !== 'string' || value.trim() === '' || BAD_ID_CHARACTER.test(value)) {
    throw new InputError(
      `${noun} must be a non-empty string without tabs or line breaks, got ${describeValue(value)}`,
      where,
    );
  }
  return value;
}

/** A relevance grade: an integer from 0 to MAX_GRADE. */
export function checkGrade(value: unknown, where: Location): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_GRADE) {
    throw new InputError(`grade must be an integer from 0 to ${MAX_GRADE}, got ${describeValue(value)}`, where);
  }
  return value;
}

/** An optional note; blank counts as absent so an empty `--note ""` stores nothing. */
export function checkNote(value: unknown, where: Location): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new InputError(`note must be a string, got ${describeValue(value)}`, where);
  if (value.length > MAX_NOTE_LENGTH) {
    throw new InputError(`note must be at most ${MAX_NOTE_LENGTH} characters, got ${value.length}`, where);
  }
  return value.trim() === '' ? undefined : value;
}

/** A stored date: ISO 8601 in UTC, as `Date.prototype.toISOString` writes it. */
export function checkStoredDate(value: unknown, where: Location): string {
  if (typeof value !== 'string' || !ISO_UTC.test(value) || Number.isNaN(Date.parse(value))) {
    throw new InputError(
      `date must be an ISO 8601 UTC time like 2025-01-31T12:00:00.000Z, got ${describeValue(value)}`,
      where,
    );
  }
  return value;
}
