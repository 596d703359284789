import fs from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryLog } from '../../src/traffic/query-log.js';
import type { UbiEventRecord, UbiQueryRecord } from '../../src/traffic/types.js';
import { tmpDir } from '../helpers/tmp.js';
import { timeBudget } from '../helpers/time-budget.js';

const root = tmpDir('query-log-');
let n = 0;
const freshDir = () => path.join(root, `log-${++n}`);

const query = (id: string, at = '2024-03-05T10:00:00.000Z'): UbiQueryRecord => ({
  query_id: id,
  user_query: `query ${id}`,
  index: 'tiny',
  query_attributes: { mode: 'bm25', k: 3, level: 'doc', pipeline: { k: 3 } },
  query_response_hit_ids: ['a', 'b', 'c'],
  timestamp: at,
});
const click = (queryId: string, ordinal: number): UbiEventRecord => ({
  action_name: 'click',
  query_id: queryId,
  timestamp: '2024-03-05T10:00:01.000Z',
  event_attributes: { object: { object_id: `doc-${ordinal}` }, position: { ordinal } },
});

const linesOf = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as unknown);

const opened: QueryLog[] = [];
async function openLog(dir: string, options: Parameters<typeof QueryLog.open>[1] = {}) {
  const log = await QueryLog.open(dir, options);
  opened.push(log);
  return log;
}
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(opened.splice(0).map((l) => l.close()));
});

describe('QueryLog', () => {
  it('appends query records and events as JSON lines to the files of the UTC day of the write', async () => {
    const dir = freshDir();
    const log = await openLog(dir, { now: () => new Date('2024-03-05T10:00:00Z') });
    await log.writeQuery(query('q1'));
    await log.writeQuery(query('q2'));
    await log.writeEvents([click('q1', 1), click('q2', 3)]);
    expect(fs.readdirSync(dir).sort()).toEqual(['ubi_events-2024-03-05.jsonl', 'ubi_queries-2024-03-05.jsonl']);
    expect(linesOf(path.join(dir, 'ubi_queries-2024-03-05.jsonl'))).toEqual([query('q1'), query('q2')]);
    expect(linesOf(path.join(dir, 'ubi_events-2024-03-05.jsonl'))).toEqual([click('q1', 1), click('q2', 3)]);
    expect(log.knows('q1')).toBe(true);
    expect(log.knows('q3')).toBe(false);
  });

  it('rotates at UTC midnight: a record written after it goes to the next day file', async () => {
    const dir = freshDir();
    let now = new Date('2024-03-05T23:59:59.900Z');
    const log = await openLog(dir, { now: () => now });
    await log.writeQuery(query('before'));
    await log.writeEvents([click('before', 1)]);
    now = new Date('2024-03-06T00:00:00.100Z');
    await log.writeQuery(query('after'));
    await log.writeEvents([click('after', 2)]);
    expect(linesOf(path.join(dir, 'ubi_queries-2024-03-05.jsonl'))).toEqual([query('before')]);
    expect(linesOf(path.join(dir, 'ubi_queries-2024-03-06.jsonl'))).toEqual([query('after')]);
    expect(linesOf(path.join(dir, 'ubi_events-2024-03-05.jsonl'))).toEqual([click('before', 1)]);
    expect(linesOf(path.join(dir, 'ubi_events-2024-03-06.jsonl'))).toEqual([click('after', 2)]);
  });

  it("writes a request's events in one write call on the file", async () => {
    const dir = freshDir();
    const log = await openLog(dir);
    await log.writeQuery(query('q1'));
    // Every FileHandle shares one prototype: take it from a handle of our own.
    const probe = await open(path.join(root, 'probe'), 'w');
    const write = vi.spyOn(Object.getPrototypeOf(probe) as { write: () => unknown }, 'write');
    await probe.close();
    await log.writeEvents([click('q1', 1), click('q1', 2), click('q1', 3)]);
    expect(write).toHaveBeenCalledTimes(1);
    const [day] = fs.readdirSync(dir).filter((f) => f.startsWith('ubi_events'));
    expect(linesOf(path.join(dir, day!))).toHaveLength(3);
  });

  it('concurrent writes each land whole on a line of their own', async () => {
    const dir = freshDir();
    const log = await openLog(dir, { now: () => new Date('2024-03-05T10:00:00Z') });
    const ids = Array.from({ length: 200 }, (_, i) => `q${i}`);
    await Promise.all(ids.map((id) => log.writeQuery(query(id))));
    const written = linesOf(path.join(dir, 'ubi_queries-2024-03-05.jsonl')) as UbiQueryRecord[];
    expect(written.map((r) => r.query_id)).toEqual(ids);
  });

  it('a file cut short mid-line (a crash) gets a newline before the next record, so both stay readable', async () => {
    const dir = freshDir();
    fs.mkdirSync(dir);
    const file = path.join(dir, 'ubi_queries-2024-03-05.jsonl');
    const whole = JSON.stringify(query('old'));
    fs.writeFileSync(file, `${whole}\n${whole.slice(0, 25)}`);
    const log = await openLog(dir, { now: () => new Date('2024-03-05T12:00:00Z') });
    await log.writeQuery(query('new'));
    expect(fs.readFileSync(file, 'utf8')).toBe(`${whole}\n${whole.slice(0, 25)}\n${JSON.stringify(query('new'))}\n`);
  });

  it("learns the query ids of the folder's query files at start, skipping a truncated last line", async () => {
    const dir = freshDir();
    fs.mkdirSync(dir);
    const a = JSON.stringify(query('from-monday'));
    const b = JSON.stringify(query('cut-short'));
    fs.writeFileSync(path.join(dir, 'ubi_queries-2024-03-04.jsonl'), `${a}\n\n${b.slice(0, b.length - 3)}`);
    fs.writeFileSync(path.join(dir, 'ubi_queries-seeded.jsonl'), `${JSON.stringify(query('seeded'))}\n`);
    // Not a query file: its query ids are not searches.
    fs.writeFileSync(path.join(dir, 'ubi_events-2024-03-04.jsonl'), `${JSON.stringify(click('an-event', 1))}\n`);
    const log = await openLog(dir);
    expect(log.knows('from-monday')).toBe(true);
    expect(log.knows('seeded')).toBe(true);
    expect(log.knows('cut-short')).toBe(false);
    expect(log.knows('an-event')).toBe(false);
  });

  it('remembers at most maxKnownIds query ids, forgetting the oldest first', async () => {
    const dir = freshDir();
    fs.mkdirSync(dir);
    // Files in day order: the 3rd's ids are the most recent of those read at start.
    fs.writeFileSync(path.join(dir, 'ubi_queries-2024-03-03.jsonl'), `${JSON.stringify(query('oldest'))}\n`);
    fs.writeFileSync(path.join(dir, 'ubi_queries-2024-03-04.jsonl'), `${JSON.stringify(query('middle'))}\n`);
    const log = await openLog(dir, { maxKnownIds: 2 });
    expect([log.knows('oldest'), log.knows('middle')]).toEqual([true, true]);
    await log.writeQuery(query('newest'));
    expect([log.knows('oldest'), log.knows('middle'), log.knows('newest')]).toEqual([false, true, true]);
  });

  it('fsyncs written files within syncEveryMs, and on close; refuses writes after close', async () => {
    const dir = freshDir();
    const log = await openLog(dir, { syncEveryMs: 500 });
    const probe = await open(path.join(root, 'probe'), 'w');
    const sync = vi.spyOn(Object.getPrototypeOf(probe) as { sync: () => Promise<void> }, 'sync');
    await probe.close();
    await log.writeQuery(query('q1'));
    await log.writeQuery(query('q2'));
    expect(sync).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(sync).toHaveBeenCalledTimes(1), { timeout: timeBudget(5000) });
    await log.writeEvents([click('q1', 1)]);
    await log.close();
    // The events file, written since the last timer, is synced by close (the queries file was not written again).
    expect(sync).toHaveBeenCalledTimes(2);
    await expect(log.writeQuery(query('late'))).rejects.toThrow(/closed/);
  });
});
