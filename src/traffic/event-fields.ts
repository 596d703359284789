/**
 * What every reader of a UBI event takes in its numeric fields (ubi-records.ts), and so what
 * POST /events lets in (ubi-events.ts): one definition for both, so an event the server accepts
 * is never dropped afterwards by the readers (`object_id: 1e308` used to be written, then
 * dropped by every reader as "must be a string or an integer").
 *
 * Integers must be safe (at most 2^53 - 1 in size): a larger one is not held exactly by a
 * JavaScript number, so two different ids could read as one.
 */

/** What an object_id must be, for messages (the readers' words: an integer is a safe one). */
export const OBJECT_ID_EXPECTED = 'a string or an integer';

/** What a position.ordinal must be, for messages. */
export const ORDINAL_EXPECTED = 'an integer from 1';

/** Said after either when refusing a number: what "integer" means here. */
export const SAFE_INTEGER_NOTE = 'integers at most 2^53 - 1 in size, which every reader holds exactly';

/** `event_attributes.object.object_id`: a non-empty string, or a safe integer. */
export function isEventObjectId(value: unknown): value is string | number {
  return (typeof value === 'string' && value !== '') || Number.isSafeInteger(value);
}

/** `event_attributes.position.ordinal`: a 1-based rank, a safe integer. */
export function isEventOrdinal(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 1;
}
