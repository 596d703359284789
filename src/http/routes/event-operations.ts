import { z } from 'zod/v4';
import { eventSchema, MAX_EVENTS_PER_REQUEST } from '../../traffic/ubi-events.js';
import { answerSchema, requestComponent, requestSchema } from '../openapi/components.js';
import { error, json, jsonBody, type Operation, tokenErrors, tokenNeeded } from '../openapi/operation-parts.js';

// The schema each event is checked with (traffic/ubi-events.ts), named for the document.
requestComponent('UbiEvent', eventSchema);

/** The forms of a batch ubiEventList unwraps (traffic/ubi-events.ts), each event then checked by eventSchema. */
const batch = z.array(eventSchema).min(1).max(MAX_EVENTS_PER_REQUEST);
// ubiEventList reads `events` and leaves any other field of the wrapper alone.
const eventsBody = z.union([eventSchema, batch, z.looseObject({ events: batch })]);

/** The OpenAPI operation of POST /events (routes/events.ts). */
export const EVENT_OPERATIONS = {
  recordEvents: {
    operationId: 'recordEvents',
    tags: ['search'],
    summary: 'Record UBI events (clicks, impressions, any action_name) about searches this server answered',
    description:
      `One UbiEvent, an array of them, or {"events": [...]}, at most ${MAX_EVENTS_PER_REQUEST}, each naming the query_id of a search response. ` +
      'Written to the query log of a server started with --log-queries DIR (DIR/ubi_events-YYYY-MM-DD.jsonl). Every event is checked before any is written, and then all are written at once: a request is recorded whole or not at all. A missing timestamp is the time the server received it.',
    ...tokenNeeded,
    requestBody: jsonBody(requestSchema(eventsBody)),
    responses: {
      '202': json(answerSchema(z.object({ accepted: z.number().int() })), 'written: how many events'),
      '400': error('a malformed event (the message names its index, events[i], and the field), or no events'),
      '404': error('an event names a query_id this server has not logged'),
      '409': error('the server does not log queries: start it with --log-queries DIR'),
      '413': error(`body over 64 kB, or more than ${MAX_EVENTS_PER_REQUEST} events`),
      '507': error('the log could not be written (a full disk): none of the events was recorded'),
      ...tokenErrors,
    },
  },
} satisfies Record<string, Operation>;
