import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { InputError, StorageFullError } from '../../src/errors.js';
import { QueryLog } from '../../src/traffic/query-log.js';
import type { UbiEventRecord, UbiQueryRecord } from '../../src/traffic/types.js';
import { type DiskFault, type FullDisk, injectFullDisk, tornLines } from '../helpers/full-disk.js';
import { tmpDir } from '../helpers/tmp.js';

// The server's query log on a full disk: a search's line that cannot be written is counted as
// lost (the search it logs must not fail), an event batch is refused with a StorageFullError,
// and whatever the disk did to the write, the day's file is left with whole lines only.

const root = tmpDir('query-log-full-');
let n = 0;
const NOW = new Date('2024-03-05T10:00:00Z');
const queriesFile = (dir: string) => path.join(dir, 'ubi_queries-2024-03-05.jsonl');
const eventsFile = (dir: string) => path.join(dir, 'ubi_events-2024-03-05.jsonl');

const query = (id: string): UbiQueryRecord => ({
  query_id: id,
  user_query: `query ${id}`,
  index: 'tiny',
  query_attributes: { mode: 'bm25', k: 3, level: 'doc', pipeline: { k: 3 } },
  query_response_hit_ids: ['a', 'b', 'c'],
  timestamp: NOW.toISOString(),
});
const click = (queryId: string, ordinal: number): UbiEventRecord => ({
  action_name: 'click',
  query_id: queryId,
  timestamp: NOW.toISOString(),
  event_attributes: { object: { object_id: `doc-${ordinal}` }, position: { ordinal } },
});
const idsIn = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => (JSON.parse(l) as { query_id: string }).query_id);

let disk: FullDisk | undefined;
const logs: QueryLog[] = [];
async function openLog() {
  const dir = path.join(root, `log-${++n}`);
  const log = await QueryLog.open(dir, { now: () => NOW });
  logs.push(log);
  return { dir, log };
}
afterEach(async () => {
  disk?.restore();
  disk = undefined;
  await Promise.all(logs.splice(0).map((l) => l.close()));
});

describe('QueryLog on a full disk', () => {
  for (const fault of ['enospc', 'short', 'half-then-enospc'] as DiskFault[]) {
    it(`a search whose line meets "${fault}" is counted lost, not an error; the file keeps whole lines only`, async () => {
      const { dir, log } = await openLog();
      await log.writeQuery(query('before'));
      const faults: DiskFault[] = [fault, 'ok'];
      disk = await injectFullDisk(() => faults.shift() ?? 'ok');
      await log.writeQuery(query('lost'));
      await log.writeQuery(query('after'));
      expect(log.lostWrites()).toEqual({ queries: 1, events: 0 });
      expect(log.knows('lost')).toBe(false);
      expect(log.knows('after')).toBe(true);
      expect(tornLines(queriesFile(dir))).toEqual([]);
      expect(idsIn(queriesFile(dir))).toEqual(['before', 'after']);
    });
  }

  it('an event batch that cannot be written is a StorageFullError, counted, with none of it in the file', async () => {
    const { dir, log } = await openLog();
    await log.writeQuery(query('q1'));
    await log.writeEvents([click('q1', 1)]);
    disk = await injectFullDisk(() => 'half-then-enospc');
    const err = await log.writeEvents([click('q1', 2), click('q1', 3)]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageFullError);
    expect(log.lostWrites()).toEqual({ queries: 0, events: 2 });
    disk.restore();
    await log.writeEvents([click('q1', 4)]);
    expect(tornLines(eventsFile(dir))).toEqual([]);
    const ordinals = fs
      .readFileSync(eventsFile(dir), 'utf8')
      .split('\n')
      .filter((l) => l)
      .map((l) => (JSON.parse(l) as UbiEventRecord).event_attributes?.position?.ordinal);
    expect(ordinals).toEqual([1, 4]);
  });
});

describe('QueryLog and symbolic links', () => {
  it("refuses to write a day's file that is a symbolic link, leaving the file it points at alone", async () => {
    const { dir, log } = await openLog();
    const outside = path.join(root, `outside-${n}.txt`);
    fs.writeFileSync(outside, 'not yours\n');
    fs.symlinkSync(outside, eventsFile(dir));
    await log.writeQuery(query('q1'));
    const err = await log.writeEvents([click('q1', 1)]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).message).toMatch(/symbolic link/);
    expect(fs.readFileSync(outside, 'utf8')).toBe('not yours\n');
  });
});
