import type { Traffic } from '../../../src/traffic/types.js';
import type { ServedTraffic } from '../../../src/serving/traffic-summary/served-traffic.js';

const from = (line: number) => ({ file: 'ubi_queries-2024-05-01.jsonl', line });

/**
 * Four searches on 1 and 3 May 2024: "reset password" three times (once capitalised), clicked at
 * 2 (t1) and 1 (t2); "lost invoice" once, finding nothing. By hand: 4 searches, 2 distinct
 * queries, days 1, 2 (empty) and 3 May, click-through of "reset password" 2/3; at positions 1
 * and 2 three searches each showed a hit and one was clicked there.
 */
export function smallTraffic(): Traffic {
  return {
    searches: [
      {
        queryId: 't1',
        userQuery: 'Reset password',
        timestamp: '2024-05-01T10:00:00Z',
        hitIds: ['a', 'b'],
        from: from(1),
      },
      {
        queryId: 't2',
        userQuery: 'reset password',
        timestamp: '2024-05-03T10:00:00Z',
        hitIds: ['a', 'b'],
        from: from(2),
      },
      {
        queryId: 't3',
        userQuery: 'reset password',
        timestamp: '2024-05-03T11:00:00Z',
        hitIds: ['a', 'b'],
        from: from(3),
      },
      { queryId: 't4', userQuery: 'lost invoice', timestamp: '2024-05-03T12:00:00Z', hitIds: [], from: from(4) },
    ],
    events: [
      { queryId: 't1', action: 'click', objectId: 'b', ordinal: 2, from: from(1) },
      { queryId: 't2', action: 'click', objectId: 'a', ordinal: 1, from: from(2) },
    ],
    dropped: [],
  };
}

/** The log as a server serves it, with a loader that counts its calls (the route reads at each request). */
export function servedTraffic(traffic: () => Traffic = smallTraffic): ServedTraffic & { loads: number } {
  const served = {
    dir: 'logs',
    loads: 0,
    load: async () => {
      served.loads += 1;
      return traffic();
    },
  };
  return served;
}
