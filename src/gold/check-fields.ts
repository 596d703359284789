import { InputError, type Location } from '../errors.js';
import { describeValue } from '../corpus/describe-value.js';

/** Highest grade accepted; graded gold sets in the wild use 0..3 or 0..4, 10 leaves room. */
export const MAX_GRADE = 10;

/**
 * Longest note kept. A note is a short reason, and a bounded line keeps each append a single
 * small write.
 */
export const MAX_NOTE_LENGTH = 2000;

/** Longest judge name kept: a person's or a model's name, not a description. */
export const MAX_JUDGE_LENGTH = 100;

/** The sources named in the docs; any other short word is accepted too (`source` is open). */
export const KNOWN_SOURCES = ['human', 'expert', 'llm', 'tickets', 'clicks'] as const;

// A source is one short word, so it reads as a label in a table and groups judgements cleanly.
const SOURCE_WORD = /^[A-Za-z][A-Za-z0-9_-]{0,31}$/;

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

/**
 * An optional judge name; blank counts as absent. No tabs or line breaks, because `gold list`
 * prints it in a tab-separated column and agreement tables group by it.
 */
export function checkJudge(value: unknown, where: Location): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new InputError(`judge must be a string, got ${describeValue(value)}`, where);
  if (value.trim() === '') return undefined;
  if (BAD_ID_CHARACTER.test(value) || value.length > MAX_JUDGE_LENGTH) {
    throw new InputError(
      `judge must be a name of at most ${MAX_JUDGE_LENGTH} characters without tabs or line breaks, got ${describeValue(value)}`,
      where,
    );
  }
  return value;
}

/**
 * An optional source: one short word (a letter, then up to 31 letters, digits, - or _), such as
 * human, expert, llm, tickets or clicks. Open-ended so a new kind of judgement needs no code change, but a
 * word, so it groups and prints cleanly. Blank counts as absent.
 */
export function checkSource(value: unknown, where: Location): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new InputError(`source must be a string, got ${describeValue(value)}`, where);
  if (value.trim() === '') return undefined;
  if (!SOURCE_WORD.test(value)) {
    throw new InputError(
      `source must be one short word (a letter, then up to 31 letters, digits, - or _) such as ${KNOWN_SOURCES.join(', ')}, got ${describeValue(value)}`,
      where,
    );
  }
  return value;
}
