import { describe, expect, it } from 'vitest';
import { MAX_EVENTS_PER_REQUEST, parseUbiEvents, ubiEventList } from '../../src/traffic/ubi-events.js';

const NOW = new Date('2024-03-05T10:00:00Z');
const click = {
  action_name: 'click',
  query_id: 'q1',
  event_attributes: { object: { object_id: 'd1' }, position: { ordinal: 2 } },
};

/** The message parseUbiEvents refuses `events` with. */
function refusal(events: unknown[]): string {
  try {
    parseUbiEvents(events, NOW);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('accepted');
}

describe('ubiEventList', () => {
  it('takes one event, an array, or {events: [...]}', () => {
    expect(ubiEventList(click)).toEqual([click]);
    expect(ubiEventList([click, click])).toEqual([click, click]);
    expect(ubiEventList({ events: [click] })).toEqual([click]);
    expect(() => ubiEventList({ events: 'x' })).toThrow(/events.*array/);
    expect(() => ubiEventList('click')).toThrow(/UBI event object/);
    expect(MAX_EVENTS_PER_REQUEST).toBe(1000);
  });
});

describe('parseUbiEvents', () => {
  it('keeps the UBI fields as sent, and dates an event without a timestamp with the server time', () => {
    const full = {
      ...click,
      client_id: 'web-7',
      session_id: 's1',
      user_id: 'u1',
      application: 'primary-search',
      timestamp: '2018-11-13T20:20:39+00:00',
      message_type: 'CONVERSION',
      message: 'clicked',
      event_attributes: {
        ...click.event_attributes,
        dwell_ms: 1200,
        object: { object_id: 42, object_id_field: 'sku' },
      },
    };
    expect(parseUbiEvents([full], NOW)).toEqual([full]);
    expect(parseUbiEvents([click], NOW)).toEqual([{ ...click, timestamp: NOW.toISOString() }]);
    // Any action; one that names no result needs no object or position.
    expect(parseUbiEvents([{ action_name: 'add_to_cart', query_id: 'q1' }], NOW)).toHaveLength(1);
    // A local time (no offset) is a date-time ISO 8601 allows, as the UBI examples show.
    expect(parseUbiEvents([{ ...click, timestamp: '2018-11-13T20:20:39' }], NOW)[0]!.timestamp).toBe(
      '2018-11-13T20:20:39',
    );
  });

  it('refuses wrong types and sizes, naming the event and the field', () => {
    const at = (attrs: object) => ({ ...click, event_attributes: attrs });
    expect(refusal([at({ object: { object_id: 'd1' }, position: { ordinal: '3' } })])).toMatch(
      /events\[0\]\.event_attributes\.position\.ordinal/,
    );
    expect(refusal([at({ object: { object_id: 'd1' }, position: { ordinal: 0 } })])).toMatch(/counts from 1/);
    expect(refusal([at({ object: { object_id: { id: 1 } }, position: { ordinal: 1 } })])).toMatch(
      /events\[0\]\.event_attributes\.object\.object_id/,
    );
    expect(refusal([at({ object: { object_id: 'x'.repeat(257) }, position: { ordinal: 1 } })])).toMatch(/object_id/);
    expect(refusal([{ ...click, action_name: 'x'.repeat(500) }])).toMatch(/events\[0\]\.action_name/);
    expect(refusal([{ ...click, message: 'x'.repeat(1025) }])).toMatch(/events\[0\]\.message/);
    expect(refusal([{ ...click, timestamp: 'yesterday' }])).toMatch(/events\[0\]\.timestamp/);
    const { query_id: _, ...noQuery } = click;
    expect(refusal([noQuery])).toMatch(/events\[0\]\.query_id/);
    expect(refusal([click, click, 'click'])).toMatch(/events\[2\]/);
  });

  it('a click, click_through or impression must name its object and its position', () => {
    for (const action_name of ['click', 'click_through', 'impression']) {
      expect(refusal([{ action_name, query_id: 'q1', event_attributes: { position: { ordinal: 1 } } }])).toMatch(
        /event_attributes\.object\.object_id/,
      );
      expect(refusal([{ action_name, query_id: 'q1', event_attributes: { object: { object_id: 'd' } } }])).toMatch(
        /event_attributes\.position\.ordinal/,
      );
    }
  });
});
