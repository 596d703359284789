import { z } from 'zod/v4';
import { InputError } from '../errors.js';
import {
  isEventObjectId,
  isEventOrdinal,
  OBJECT_ID_EXPECTED,
  ORDINAL_EXPECTED,
  SAFE_INTEGER_NOTE,
} from './event-fields.js';
import { checkEventTime } from './event-time-window.js';
import type { UbiEventRecord } from './types.js';

/** Events one POST /events may carry: a page sends a click or a screenful of impressions, not a log. */
export const MAX_EVENTS_PER_REQUEST = 1000;

/**
 * Bytes a POST /events body may hold: room for MAX_EVENTS_PER_REQUEST events of 512 bytes each.
 * A click as a page sends it (a UUID query_id, the document id, its ordinal, client_id and
 * timestamp) takes about 230 bytes of JSON (the demo log's first 1,000 clicks: 228 on average, 249
 * at most), so a full batch fits with more than twice the room. Every other route keeps the app's
 * 64 kB: this one alone takes batches.
 */
export const MAX_EVENTS_BODY_BYTES = MAX_EVENTS_PER_REQUEST * 512;

/** Actions that say something about one shown result, and so must name it and its position. */
export const POSITIONED_ACTIONS: readonly string[] = ['click', 'click_through', 'impression'];

const short = z.string().max(100);

/**
 * A UBI event as the UBI specification's event schema (o19s/ubi, schema 1.3.0,
 * event.schema.json) describes it, with the limits it gives, and stricter in two ways: a
 * `query_id` is required (an event this server cannot tie to a search it answered is of no use
 * to the click models), and a click, click-through or impression must name its object and its
 * 1-based position. The timestamp may be left out (the server's time is written then).
 * `event_attributes`, its `object` and `position` keep whatever other properties they carry, as
 * the schema allows; other top-level properties are not kept.
 */
export const eventSchema = z
  .object({
    action_name: short.min(1).meta({ examples: ['click', 'impression', 'add_to_cart'] }),
    query_id: short.min(1).describe('the query_id of a search response'),
    client_id: short.optional(),
    session_id: short.optional(),
    user_id: short.optional(),
    application: short.optional(),
    timestamp: z
      .string()
      .datetime({ offset: true, local: true })
      .optional()
      .describe('ISO 8601; the server time when absent'),
    message_type: short.optional(),
    message: z.string().max(1024).optional(),
    event_attributes: z
      .object({
        object: z
          .object({
            object_id: z
              .union([z.string().max(256), z.number()])
              .refine(isEventObjectId, `must be ${OBJECT_ID_EXPECTED} (${SAFE_INTEGER_NOTE})`)
              .describe("the hit's id as the search response gave it"),
            object_id_field: short.optional(),
          })
          .passthrough()
          .optional(),
        position: z
          .object({
            ordinal: z
              .number()
              .refine(
                isEventOrdinal,
                `must be ${ORDINAL_EXPECTED}: position.ordinal counts from 1 (the first result); ${SAFE_INTEGER_NOTE}`,
              )
              .optional()
              .describe('1 is the first result shown'),
          })
          .passthrough()
          .optional(),
      })
      .passthrough()
      .optional(),
  })
  .superRefine((event, ctx) => {
    if (!POSITIONED_ACTIONS.includes(event.action_name)) return;
    const attributes = event.event_attributes;
    if (attributes?.object === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['event_attributes', 'object', 'object_id'],
        message: `a ${event.action_name} event needs event_attributes.object.object_id (the result acted on)`,
      });
    if (attributes?.position?.ordinal === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['event_attributes', 'position', 'ordinal'],
        message: `a ${event.action_name} event needs event_attributes.position.ordinal (the result's 1-based position)`,
      });
  })
  .describe(
    'a UBI event (o19s/ubi schema 1.3.0, event.schema.json), query_id required; click, click_through and impression need event_attributes.object.object_id and event_attributes.position.ordinal. Other top-level properties are not kept',
  );

/**
 * The events of a POST /events body: one UBI event object, a JSON array of them, or
 * `{ "events": [...] }` (how some trackers batch). Not yet checked, only unwrapped, so the
 * caller can refuse an oversize batch before looking at any of it.
 */
export function ubiEventList(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  if (typeof body !== 'object' || body === null)
    throw new InputError('expected a UBI event object, an array of them, or {"events": [...]}');
  if ('events' in body && !('action_name' in body)) {
    const { events } = body as { events: unknown };
    if (!Array.isArray(events)) throw new InputError('must be an array of UBI events', { field: 'events' });
    return events;
  }
  return [body];
}

/**
 * Checks every event and returns the records to write, each dated `now` when it has no
 * timestamp. Throws at the first bad event, naming its index in the request and the field, so
 * a batch is written whole or not at all.
 */
export function parseUbiEvents(events: readonly unknown[], now: Date): UbiEventRecord[] {
  return events.map((raw, i) => {
    const parsed = eventSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path.length ? `events[${i}].${issue.path.join('.')}` : `events[${i}]`;
      throw new InputError(issue.message, { field });
    }
    const e = parsed.data;
    if (e.timestamp !== undefined) checkEventTime(e.timestamp, now, `events[${i}].timestamp`);
    return {
      action_name: e.action_name,
      query_id: e.query_id,
      ...(e.client_id !== undefined && { client_id: e.client_id }),
      ...(e.session_id !== undefined && { session_id: e.session_id }),
      ...(e.user_id !== undefined && { user_id: e.user_id }),
      ...(e.application !== undefined && { application: e.application }),
      timestamp: e.timestamp ?? now.toISOString(),
      ...(e.message_type !== undefined && { message_type: e.message_type }),
      ...(e.message !== undefined && { message: e.message }),
      ...(e.event_attributes !== undefined && {
        event_attributes: e.event_attributes as NonNullable<UbiEventRecord['event_attributes']>,
      }),
    };
  });
}
