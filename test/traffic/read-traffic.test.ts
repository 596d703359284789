import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import {
  DUPLICATE_EVENT,
  DUPLICATE_QUERY,
  NOT_A_RECORD,
  readTraffic,
  TORN,
  UNKNOWN_QUERY,
} from '../../src/traffic/read-traffic.js';
import type { Traffic, UbiEventRecord, UbiQueryRecord } from '../../src/traffic/types.js';
import { MISSING_FIELD, WRONG_TYPE } from '../../src/traffic/ubi-records.js';
import { tmpDir } from '../helpers/tmp.js';

const UBI_FIXTURE = path.resolve(import.meta.dirname, '../fixtures/ubi');
const root = tmpDir('testbed-traffic-');
let made = 0;

/** A fresh folder holding the given files. */
function folder(files: Record<string, string>): string {
  const dir = path.join(root, `log-${++made}`);
  fs.mkdirSync(dir);
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

const lines = (records: unknown[]) => records.map((r) => JSON.stringify(r) + '\n').join('');

/** Traffic without where each record was read, and without the served index (a UBI export has none). */
function content(t: Traffic) {
  return {
    searches: t.searches.map(({ from: _from, index: _index, servedBy: _servedBy, ...s }) => s),
    events: t.events.map(({ from: _from, ...e }) => e),
    dropped: t.dropped,
  };
}

const PIPELINE = { mode: 'hybrid', k: 10, level: 'doc', pipeline: {} };

// The fixture's log, as this server's writer would have written it (ubi_queries-DATE.jsonl).
const OWN_QUERIES: UbiQueryRecord[] = [
  {
    query_id: '8f1c2a9e-0b7d-4e51-9a33-2c6f1d0e7a10',
    client_id: 'BugsBunny::Firefox@0967084',
    user_query: 'reset password',
    index: 'docs',
    query_attributes: PIPELINE,
    query_response_hit_ids: ['faq-reset', 'error-e1042', '17'],
    timestamp: '2025-03-01T09:15:02Z',
  },
  {
    query_id: '1234-user-5678',
    client_id: 'quepid-nightly-bot',
    user_query: 'Install on Linux',
    index: 'docs',
    query_attributes: PIPELINE,
    query_response_hit_ids: ['install-linux', 'install-mac'],
    timestamp: '2025-03-01T09:20:41+00:00',
  },
  {
    query_id: '00112233-4455-6677-8899-aabbccddeeff',
    client_id: 'BugsBunny::Firefox@0967084',
    user_query: 'harbr pricing',
    index: 'docs',
    query_attributes: PIPELINE,
    query_response_hit_ids: [],
    timestamp: '2025-03-01T09:31:00Z',
  },
];
const OWN_EVENTS: UbiEventRecord[] = [
  {
    action_name: 'impression',
    query_id: '8f1c2a9e-0b7d-4e51-9a33-2c6f1d0e7a10',
    client_id: 'BugsBunny::Firefox@0967084',
    timestamp: '2025-03-01T09:15:03Z',
    event_attributes: { object: { object_id: 'faq-reset' }, position: { ordinal: 1 } },
  },
  {
    action_name: 'click',
    query_id: '8f1c2a9e-0b7d-4e51-9a33-2c6f1d0e7a10',
    client_id: 'BugsBunny::Firefox@0967084',
    timestamp: '2025-03-01T09:15:09Z',
    event_attributes: { object: { object_id: '17' }, position: { ordinal: 3 } },
  },
  {
    action_name: 'click',
    query_id: '1234-user-5678',
    client_id: 'quepid-nightly-bot',
    timestamp: '2025-03-01T09:20:47Z',
    event_attributes: { object: { object_id: 'install-linux' }, position: { ordinal: 1 } },
  },
  {
    action_name: 'watch',
    query_id: '1234-user-5678',
    client_id: 'quepid-nightly-bot',
    timestamp: '2025-03-01T09:21:30Z',
    event_attributes: { object: { object_id: 'install-linux' } },
  },
];

describe('readTraffic: UBI', () => {
  it('reads an OpenSearch UBI export (written from the UBI 1.3.0 schema) as it reads this server’s own log', async () => {
    const own = folder({
      'ubi_queries-2025-03-01.jsonl': lines(OWN_QUERIES),
      'ubi_events-2025-03-01.jsonl': lines(OWN_EVENTS),
    });
    const exported = await readTraffic([UBI_FIXTURE]);
    const ours = await readTraffic([own]);
    expect(content(exported)).toEqual(content(ours));
    expect(exported.dropped).toEqual([]);
    // And what both say, field by field: the integer object_id 17 becomes the string "17".
    expect(exported.searches.map((s) => [s.queryId, s.userQuery, s.hitIds])).toEqual([
      ['8f1c2a9e-0b7d-4e51-9a33-2c6f1d0e7a10', 'reset password', ['faq-reset', 'error-e1042', '17']],
      ['1234-user-5678', 'Install on Linux', ['install-linux', 'install-mac']],
      ['00112233-4455-6677-8899-aabbccddeeff', 'harbr pricing', []],
    ]);
    expect(exported.events.map((e) => [e.action, e.objectId, e.ordinal])).toEqual([
      ['impression', 'faq-reset', 1],
      ['click', '17', 3],
      ['click', 'install-linux', 1],
      ['watch', 'install-linux', undefined],
    ]);
    expect(ours.searches.map((s) => s.index)).toEqual(['docs', 'docs', 'docs']);
    // Our log names what served each search (its query_attributes' mode, the pipeline having no
    // legs here); the export's query_attributes ({page: 1}) say nothing of it.
    expect(ours.searches.map((s) => s.servedBy)).toEqual(['hybrid', 'hybrid', 'hybrid']);
    expect(exported.searches.map((s) => s.servedBy)).toEqual([undefined, undefined, undefined]);
    // Events come from the array file by element, queries from the NDJSON file by line.
    expect(exported.events[1]!.from).toEqual({ file: path.join(UBI_FIXTURE, 'ubi_events.json'), line: 2 });
    expect(exported.searches[2]!.from).toEqual({ file: path.join(UBI_FIXTURE, 'ubi_queries.ndjson'), line: 3 });
  });

  it('reads an OpenSearch search response over the UBI indexes, its _index deciding the kind', async () => {
    const response = {
      took: 3,
      hits: {
        total: { value: 2 },
        hits: [
          // No user_query: still a query, because the index says so (and is then missing a field).
          { _index: 'ubi_queries', _id: 'a', _source: { query_id: 'a', timestamp: '2025-03-01T00:00:00Z' } },
          { _index: 'ubi_queries', _id: 'b', _source: { query_id: 'b', user_query: 'plans' } },
          { _index: 'ubi_events', _id: 'e', _source: { query_id: 'b', action_name: 'click' } },
        ],
      },
    };
    const file = path.join(folder({ 'response.json': JSON.stringify(response, null, 2) }), 'response.json');
    const t = await readTraffic([file]);
    expect(t.searches.map((s) => s.queryId)).toEqual(['b']);
    expect(t.events.map((e) => [e.queryId, e.action])).toEqual([['b', 'click']]);
    expect(t.dropped).toEqual([{ reason: MISSING_FIELD, count: 1, examples: [`${file}:1: no user_query`] }]);
  });

  it('counts wrong types, unknown query ids, duplicates and non-records instead of dropping them silently', async () => {
    const dir = folder({
      'a.jsonl': lines([
        { query_id: 'q1', user_query: 'vpn', query_response_hit_ids: ['d1', 2] },
        { query_id: 'q2', user_query: 42 },
        { query_id: 'q1', user_query: 'vpn again' },
        { action_name: 'click', query_id: 'q1', event_attributes: { position: { ordinal: 1.5 } } },
        { action_name: 'click', query_id: 'nobody', event_attributes: { object: { object_id: 'd1' } } },
        { action_name: 'click', query_id: 'q1', timestamp: 't1', event_attributes: { object: { object_id: 'd1' } } },
        { action_name: 'click', query_id: 'q1', timestamp: 't1', event_attributes: { object: { object_id: 'd1' } } },
        ['not', 'an', 'object'],
      ]),
    });
    const file = path.join(dir, 'a.jsonl');
    const t = await readTraffic([dir]);
    expect(t.searches.map((s) => [s.queryId, s.userQuery, s.hitIds])).toEqual([['q1', 'vpn', ['d1', '2']]]);
    expect(t.events.map((e) => e.from.line)).toEqual([6]);
    expect(t.dropped).toEqual([
      {
        reason: WRONG_TYPE,
        count: 2,
        examples: [
          `${file}:2: user_query must be a string, got number 42`,
          `${file}:4: event_attributes.position.ordinal must be an integer from 1, got number 1.5`,
        ],
      },
      { reason: NOT_A_RECORD, count: 1, examples: [`${file}:8: not a JSON object`] },
      { reason: DUPLICATE_QUERY, count: 1, examples: [`${file}:3: query_id "q1" first read at ${file}:1`] },
      { reason: UNKNOWN_QUERY, count: 1, examples: [`${file}:5: query_id "nobody"`] },
      { reason: DUPLICATE_EVENT, count: 1, examples: [`${file}:7: same as ${file}:6`] },
    ]);
  });

  it('counts a cut-short last line (what a crash leaves) and keeps every line before it', async () => {
    const whole = lines([{ query_id: 'q1', user_query: 'one' }]);
    const dir = folder({ 'ubi_queries-2025-03-02.jsonl': `${whole}\n{"query_id":"q2","user_qu` });
    const t = await readTraffic([dir]);
    expect(t.searches.map((s) => s.queryId)).toEqual(['q1']);
    const file = path.join(dir, 'ubi_queries-2025-03-02.jsonl');
    expect(t.dropped).toEqual([
      { reason: TORN, count: 1, examples: [`${file}:3: cut short: {"query_id":"q2","user_qu`] },
    ]);
  });

  it('skips torn lines anywhere in a file (what a full disk leaves), counting and naming each, and reads the rest', async () => {
    // A write the disk cut short, then the next write starting on a new line after it: the torn
    // line sits in the middle of the day, with whole lines on both sides.
    const dir = folder({
      'ubi_queries-2025-03-02.jsonl':
        `${lines([{ query_id: 'q1', user_query: 'a' }])}{"query_id":"q2","user_qu\n` +
        `${lines([{ query_id: 'q3', user_query: 'b' }])}{"query_id":"q4"\n${lines([{ query_id: 'q5', user_query: 'c' }])}`,
    });
    const file = path.join(dir, 'ubi_queries-2025-03-02.jsonl');
    const t = await readTraffic([dir]);
    expect(t.searches.map((s) => s.queryId)).toEqual(['q1', 'q3', 'q5']);
    expect(t.dropped).toEqual([
      {
        reason: TORN,
        count: 2,
        examples: [`${file}:2: cut short: {"query_id":"q2","user_qu`, `${file}:4: cut short: {"query_id":"q4"`],
      },
    ]);
  });

  it('a line cut inside a character (not UTF-8) is one torn line, not an unreadable file', async () => {
    const dir = folder({});
    const file = path.join(dir, 'ubi_queries-2025-03-03.jsonl');
    const cut = Buffer.from('{"query_id":"q2","user_query":"café', 'utf8');
    // The last byte of "é" (two bytes in UTF-8) never reached the disk.
    const bytes = Buffer.concat([
      Buffer.from(lines([{ query_id: 'q1', user_query: 'one' }])),
      cut.subarray(0, cut.length - 1),
      Buffer.from(`\n${lines([{ query_id: 'q3', user_query: 'three' }])}`),
    ]);
    fs.writeFileSync(file, bytes);
    const t = await readTraffic([file]);
    expect(t.searches.map((s) => s.queryId)).toEqual(['q1', 'q3']);
    expect(t.dropped).toEqual([{ reason: TORN, count: 1, examples: [`${file}:2: cut short: not valid UTF-8`] }]);
  });

  it('refuses a path that does not exist, naming it; reads a folder’s log files in name order, skipping others', async () => {
    const missing = path.join(root, 'no-such-log');
    const err = await readTraffic([missing]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).where.file).toBe(missing);
    const dir = folder({
      'b.ndjson': lines([{ query_id: 'b', user_query: 'b' }]),
      'a.jsonl': lines([{ query_id: 'a', user_query: 'a' }]),
      'notes.txt': 'not a log',
    });
    fs.mkdirSync(path.join(dir, 'sub'));
    fs.writeFileSync(path.join(dir, 'sub', 'c.jsonl'), lines([{ query_id: 'c', user_query: 'c' }]));
    expect((await readTraffic([dir])).searches.map((s) => s.queryId)).toEqual(['a', 'b']);
  });
});

describe('readTraffic: plain click logs', () => {
  it('with a clicked column, each row is an impression at its position and clicked rows are clicks too', async () => {
    const csv = [
      'session,query,doc,position,timestamp,clicked',
      's1,"reset, password",faq-reset,1,2025-03-01T10:00:00Z,0',
      's1,"reset, password","doc ""quoted""",3,2025-03-01T10:00:00Z,1',
      's2,"two',
      'lines",d9,1,2025-03-01T11:00:00Z,true',
      's1,"reset, password",error-e1042,2,2025-03-01T10:00:00Z,false',
      's1,vpn,d7,1,,maybe',
    ].join('\r\n');
    const dir = folder({ 'clicks.csv': `${csv}\r\n` });
    const file = path.join(dir, 'clicks.csv');
    const t = await readTraffic([dir]);
    expect(t.searches).toEqual([
      {
        queryId: `${file}#2`,
        userQuery: 'reset, password',
        clientId: 's1',
        timestamp: '2025-03-01T10:00:00Z',
        hitIds: ['faq-reset', 'error-e1042', 'doc "quoted"'],
        from: { file, line: 2 },
      },
      {
        queryId: `${file}#4`,
        userQuery: 'two\r\nlines',
        clientId: 's2',
        timestamp: '2025-03-01T11:00:00Z',
        hitIds: ['d9'],
        from: { file, line: 4 },
      },
    ]);
    expect(t.events.map((e) => [e.queryId, e.action, e.objectId, e.ordinal, e.from.line])).toEqual([
      [`${file}#2`, 'click', 'doc "quoted"', 3, 3],
      [`${file}#4`, 'click', 'd9', 1, 4],
    ]);
    expect(t.dropped).toEqual([
      { reason: WRONG_TYPE, count: 1, examples: [`${file}:7: clicked must be 1/0 or true/false, got string "maybe"`] },
    ]);
  });

  it('without a clicked column every row is a click and what was shown stays unknown', async () => {
    const dir = folder({
      'clicks.jsonl': lines([
        { session_id: 7, query: 'plans', doc_id: 'plans', position: 2, timestamp: 't' },
        { session_id: 7, query: 'plans', url: 'https://x/pricing', position: 1, timestamp: 't' },
        { session_id: 8, query: 'plans', doc_id: 'plans', timestamp: 't' },
        { session_id: 8, doc_id: 'plans' },
      ]),
    });
    const file = path.join(dir, 'clicks.jsonl');
    const t = await readTraffic([dir]);
    expect(t.searches.map((s) => [s.queryId, s.clientId, s.hitIds])).toEqual([
      [`${file}#1`, '7', undefined],
      [`${file}#3`, '8', undefined],
    ]);
    expect(t.events.map((e) => [e.queryId, e.objectId, e.ordinal])).toEqual([
      [`${file}#1`, 'plans', 2],
      [`${file}#1`, 'https://x/pricing', 1],
      [`${file}#3`, 'plans', undefined],
    ]);
    expect(t.dropped).toEqual([{ reason: MISSING_FIELD, count: 1, examples: [`${file}:4: no query`] }]);
  });

  it('takes column names from the options, and counts a CSV row cut short at the end', async () => {
    const dir = folder({ 'log.csv': 'q,page,rank\nvpn,vpn-setup,1\nvpn,"vpn-tr' });
    const file = path.join(dir, 'log.csv');
    const t = await readTraffic([file], { columns: { query: 'q', doc: 'page', position: 'rank' } });
    expect(t.events.map((e) => [e.objectId, e.ordinal])).toEqual([['vpn-setup', 1]]);
    expect(t.dropped).toEqual([
      { reason: TORN, count: 1, examples: [`${file}:3: cut short: a quoted field is never closed`] },
    ]);
  });

  it('refuses a short CSV row in the middle of a file', async () => {
    const dir = folder({ 'log.csv': 'query,doc\nvpn\nvpn,d1\n' });
    const err = await readTraffic([dir]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).where).toEqual({ file: path.join(dir, 'log.csv'), line: 2 });
  });
});
