import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { servedTrafficOf, summarizeServedTraffic } from '../../src/serving/traffic-summary/served-traffic.js';
import type { SummaryOptions } from '../../src/traffic/traffic-summary.js';
import { tmpDir } from '../helpers/tmp.js';

const search = (id: string, q: string) =>
  JSON.stringify({
    query_id: id,
    user_query: q,
    query_response_hit_ids: ['a', 'b'],
    timestamp: '2025-01-02T03:04:05Z',
  }) + '\n';

describe('summarizeServedTraffic over a server log folder', () => {
  it('reads the log again only when its files have changed, or other options are asked for', async () => {
    const dir = tmpDir('served-traffic-');
    const file = path.join(dir, 'ubi_queries-2025-01-02.jsonl');
    fs.writeFileSync(file, search('a', 'reset password'));
    const served = servedTrafficOf(dir);
    // Each build of the summary reads the log once (in a worker thread).
    let loads = 0;
    const counted = { ...served, summarize: (options: SummaryOptions) => (loads++, served.summarize!(options)) };

    const first = await summarizeServedTraffic(counted);
    expect(first.searches).toBe(1);
    expect(await summarizeServedTraffic(counted)).toBe(first);
    expect(loads).toBe(1);

    // An append (what the server does at every search) changes the file's size: read again.
    fs.appendFileSync(file, search('b', 'Reset  Password'));
    const second = await summarizeServedTraffic(counted);
    expect(loads).toBe(2);
    expect([second.searches, second.distinctQueries]).toEqual([2, 1]);

    // A new day's file is seen too; and a summary with other options is not the cached one.
    fs.writeFileSync(path.join(dir, 'ubi_queries-2025-01-03.jsonl'), search('c', 'E1042'));
    expect((await summarizeServedTraffic(counted)).distinctQueries).toBe(2);
    expect(loads).toBe(3);
    expect((await summarizeServedTraffic(counted, { top: 1 })).topQueries).toHaveLength(1);
    expect(loads).toBe(4);
    await served.close?.();
  });
});
