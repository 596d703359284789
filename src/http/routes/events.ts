import { Hono } from 'hono';
import { ConflictError, InputError, NotFoundError } from '../../errors.js';
import type { QueryLog } from '../../traffic/query-log.js';
import { MAX_EVENTS_PER_REQUEST, parseUbiEvents, ubiEventList } from '../../traffic/ubi-events.js';
import { errorResponse, jsonError } from '../errors.js';
import { readJsonBody } from '../json-body.js';
import { documented } from '../openapi/documented.js';
import { EVENT_OPERATIONS } from './event-operations.js';

/**
 * `POST /events`: UBI events (clicks, impressions, any `action_name`) about searches this server
 * answered, written to its query log (`testbed serve --log-queries DIR`). The body is one event,
 * an array, or `{"events": [...]}`, at most MAX_EVENTS_PER_REQUEST. Every event is checked
 * (schema: traffic/ubi-events.ts; its query_id must be one the log knows) before any is
 * written, and then all go in one write: a request is recorded whole or not at all. 202
 * `{accepted: N}`. The app's guards apply as to every write: body size, Origin, JSON media
 * type, and the token when the server has one.
 */
export function eventRoutes(queryLog: QueryLog | undefined): Hono {
  const app = new Hono();
  app.post('/', documented(EVENT_OPERATIONS.recordEvents), async (c) => {
    if (!queryLog)
      throw new ConflictError('this server does not record events: start it with --log-queries DIR to record them');
    const body = await readJsonBody(c.req.raw);
    const list = ubiEventList(body);
    if (list.length > MAX_EVENTS_PER_REQUEST)
      return jsonError(
        c,
        413,
        'too_large',
        `${list.length} events in one request; at most ${MAX_EVENTS_PER_REQUEST}: send them in several`,
      );
    if (list.length === 0) throw new InputError('no events in the request');
    const events = parseUbiEvents(list, queryLog.now());
    const unknown = events.findIndex((e) => !queryLog.knows(e.query_id));
    if (unknown >= 0)
      throw new NotFoundError(
        `events[${unknown}]: unknown query_id ${JSON.stringify(events[unknown]!.query_id)}: not a search this server has logged (use the query_id of a search response)`,
      );
    await queryLog.writeEvents(events);
    return c.json({ accepted: events.length }, 202);
  });
  app.onError((err, c) => errorResponse(err, c));
  return app;
}
