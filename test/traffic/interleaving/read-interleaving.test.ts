import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTraffic, UNKNOWN_QUERY } from '../../../src/traffic/read-traffic.js';
import { MALFORMED_INTERLEAVING } from '../../../src/traffic/ubi-records.js';
import { tmpDir } from '../../helpers/tmp.js';
import { click, interleavedSearch, writeLog } from './interleaved-log.js';

const root = tmpDir('testbed-read-interleaving-');
const TD = { name: 'bm25-vs-dense', method: 'team-draft', arms: ['bm25', 'dense'] };

describe('reading the interleaving of a logged search', () => {
  it('keeps the name, method, arms, teams and arm lists, camel-cased', async () => {
    const balanced = { name: 'bal', method: 'balanced', arms: ['x', 'y'], armHitIds: { x: ['a', 'b'], y: ['b'] } };
    const dir = writeLog(
      path.join(root, 'good'),
      [
        interleavedSearch('q1', TD, [
          ['a', 'bm25'],
          ['b', 'dense'],
        ]),
        interleavedSearch('q2', balanced, [
          ['a', 'x'],
          ['b', 'y'],
        ]),
        { query_id: 'plain', user_query: 'not interleaved', query_response_hit_ids: ['a'] },
      ],
      [],
    );
    const traffic = await readTraffic([dir]);
    expect(traffic.dropped).toEqual([]);
    expect(traffic.searches.map((s) => s.interleaving)).toEqual([
      { name: 'bm25-vs-dense', method: 'team-draft', arms: ['bm25', 'dense'], teams: ['bm25', 'dense'] },
      { name: 'bal', method: 'balanced', arms: ['x', 'y'], teams: ['x', 'y'], armHitIds: { x: ['a', 'b'], y: ['b'] } },
      undefined,
    ]);
  });

  it('drops and counts a search whose interleaving is malformed, naming file and line, and reads on', async () => {
    const good = interleavedSearch('ok', TD, [['a', 'bm25']]);
    const bad = (id: string, change: (i: Record<string, unknown>) => void) => {
      const record = interleavedSearch(id, TD, [
        ['a', 'bm25'],
        ['b', 'dense'],
      ]);
      change(record.interleaving as Record<string, unknown>);
      return record;
    };
    const searches = [
      good,
      bad('method', (i) => (i.method = 'coin-flip')),
      bad('team', (i) => (i.teams = ['bm25', 'sparse'])),
      bad('length', (i) => (i.teams = ['bm25'])),
      bad('one-arm', (i) => (i.arms = ['bm25'])),
      bad('repeat', (i) => (i.arms = ['bm25', 'bm25'])),
      bad('lists', (i) => (i.arm_hit_ids = { sparse: ['a'] })),
      bad('list-type', (i) => (i.arm_hit_ids = { bm25: 'a' })),
      bad('name', (i) => (i.name = 7)),
      { query_id: 'not-object', user_query: 'x', query_response_hit_ids: [], interleaving: 'team-draft' },
      {
        query_id: 'no-hits',
        user_query: 'x',
        interleaving: { name: 'n', method: 'team-draft', arms: ['a', 'b'], teams: [] },
      },
    ];
    const dir = writeLog(path.join(root, 'bad'), searches, [click('team', 'a')]);
    const traffic = await readTraffic([dir]);
    expect(traffic.searches.map((s) => s.queryId)).toEqual(['ok']);
    const file = path.join(dir, 'ubi_queries-2026-01-02.jsonl');
    const malformed = traffic.dropped.find((d) => d.reason === MALFORMED_INTERLEAVING);
    expect(malformed?.count).toBe(searches.length - 1);
    expect(malformed?.examples.map((e) => e.slice(0, e.indexOf(': ')))).toEqual(
      searches.slice(1, 11).map((_, i) => `${file}:${i + 2}`),
    );
    expect(malformed?.examples[0]).toMatch(/interleaving\.method must be one of team-draft, balanced/);
    expect(malformed?.examples[2]).toMatch(/interleaving\.teams has 1 entries for 2 query_response_hit_ids/);
    // The click of a dropped search has no search to go to: counted as such, not credited.
    expect(traffic.dropped.find((d) => d.reason === UNKNOWN_QUERY)?.count).toBe(1);
  });
});
