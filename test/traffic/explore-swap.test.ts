import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../src/http/start-server.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import { chooseSwap, exploreAnswer } from '../../src/traffic/explore-swap.js';
import { readTraffic } from '../../src/traffic/read-traffic.js';
import type { UbiQueryRecord } from '../../src/traffic/types.js';
import { searchFromUbi } from '../../src/traffic/ubi-records.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';
import { timeBudget } from '../helpers/time-budget.js';

describe('chooseSwap', () => {
  it('swaps every search at rate 1, an adjacent pair within the hits shown', () => {
    for (let n = 0; n < 200; n++) {
      const swap = chooseSwap(`query-${n}`, 1, 5);
      expect(swap?.method).toBe('swap');
      const [i, j] = swap!.swapped;
      expect(j).toBe(i + 1);
      expect(i).toBeGreaterThanOrEqual(1);
      expect(j).toBeLessThanOrEqual(5);
    }
  });

  it('is decided by the query id alone: the same id, the same swap', () => {
    for (let n = 0; n < 50; n++) expect(chooseSwap(`q${n}`, 0.5, 10)).toEqual(chooseSwap(`q${n}`, 0.5, 10));
  });

  it('explores about the rate of searches: 0.2 of 4,000 within four standard errors', () => {
    const n = 4000;
    const explored = Array.from({ length: n }, (_, i) => chooseSwap(`id-${i}`, 0.2, 10)).filter(Boolean).length;
    expect(Math.abs(explored / n - 0.2)).toBeLessThan(4 * Math.sqrt((0.2 * 0.8) / n));
  });

  it('cannot swap fewer than two hits', () => {
    expect(chooseSwap('one', 1, 1)).toBeUndefined();
    expect(chooseSwap('none', 1, 0)).toBeUndefined();
  });

  it('exchanges the two hits in the answer and keeps rank as the ordinal shown', () => {
    const answer = JSON.stringify({ k: 3, hits: [1, 2, 3].map((rank) => ({ rank, id: `d${rank}` })) });
    const { json, exploration } = exploreAnswer(answer, 'q0', { method: 'swap', rate: 1 });
    const [i] = exploration!.swapped;
    const ids = ['d1', 'd2', 'd3'];
    [ids[i - 1], ids[i]] = [ids[i]!, ids[i - 1]!];
    const hits = (JSON.parse(json) as { hits: { rank: number; id: string }[] }).hits;
    expect(hits.map((h) => h.id)).toEqual(ids);
    expect(hits.map((h) => h.rank)).toEqual([1, 2, 3]);
  });
});

describe('reading exploration from a log record', () => {
  const from = { file: 'ubi_queries.jsonl', line: 7 };
  const read = (exploration: unknown) => searchFromUbi({ user_query: 'q', query_id: 'x', exploration }, from);

  it('gives the search its swap', () => {
    expect(read({ method: 'swap', swapped: [3, 4] })).toMatchObject({
      exploration: { method: 'swap', swapped: [3, 4] },
    });
  });

  it('rejects a swap that is not two adjacent ordinals from 1, or another method', () => {
    for (const bad of [
      { method: 'swap', swapped: [2, 4] },
      { method: 'swap', swapped: [0, 1] },
      { method: 'shuffle' },
      'swap',
    ])
      expect(read(bad), JSON.stringify(bad)).toMatchObject({ reason: 'wrong field type' });
  });
});

describe('testbed serve --explore swap --explore-rate 1', () => {
  let root: string;
  let exploring: { url: string; close(): Promise<void> };
  let plain: { url: string; close(): Promise<void> };
  const logDir = () => path.join(root, 'explored');

  beforeAll(async () => {
    root = tmpDir('explore-swap-');
    const data = path.join(root, 'data');
    fs.mkdirSync(data);
    await buildIndex({
      corpus: TINY_BEIR,
      out: path.join(data, 'tiny.sqlite'),
      chunker: 'structure:40',
      embedder: 'none',
    });
    const common = { dataDir: data, corporaRoot: path.dirname(TINY_BEIR), port: 0, workers: 0 };
    exploring = await startServer({ ...common, logQueries: logDir(), explore: { method: 'swap', rate: 1 } });
    plain = await startServer({ ...common, logQueries: path.join(root, 'plain') });
  }, timeBudget(60_000));
  afterAll(async () => {
    await exploring?.close();
    await plain?.close();
  });

  interface Answer {
    query_id: string;
    hits: { rank: number; id: string }[];
  }
  const ask = async (url: string, q: string): Promise<Answer> => {
    const res = await fetch(`${url}/search/bm25?index=tiny&level=doc&k=5&q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    return (await res.json()) as Answer;
  };

  it('swaps every search, logs the ordinals swapped, and answers in the swapped order', async () => {
    const queries = ['install linux', 'password reset', 'session token expired', 'upload api', 'storage quota'];
    const answers: { explored: Answer; reference: Answer }[] = [];
    for (const q of queries)
      answers.push({ explored: await ask(exploring.url, q), reference: await ask(plain.url, q) });

    const records = fs
      .readdirSync(logDir())
      .filter((f) => f.startsWith('ubi_queries-'))
      .flatMap((f) => fs.readFileSync(path.join(logDir(), f), 'utf8').split('\n').filter(Boolean))
      .map((l) => JSON.parse(l) as UbiQueryRecord);
    const byId = new Map(records.map((r) => [r.query_id, r]));
    let swapped = 0;
    for (const { explored, reference } of answers) {
      const record = byId.get(explored.query_id)!;
      const ids = reference.hits.map((h) => h.id);
      if (ids.length < 2) {
        expect(record.exploration).toBeUndefined();
        continue;
      }
      swapped++;
      const [i, j] = record.exploration!.swapped;
      expect(record.exploration!.method).toBe('swap');
      expect(j).toBe(i + 1);
      // The reference order with ordinals i and i + 1 exchanged is what the caller got and the log says.
      const expected = [...ids];
      [expected[i - 1], expected[j - 1]] = [expected[j - 1]!, expected[i - 1]!];
      expect(explored.hits.map((h) => h.id)).toEqual(expected);
      expect(record.query_response_hit_ids).toEqual(expected);
      expect(explored.hits.map((h) => h.rank)).toEqual(expected.map((_, n) => n + 1));
    }
    expect(swapped).toBeGreaterThanOrEqual(3);

    // Read back: the log reader gives each search its exploration.
    const traffic = await readTraffic([logDir()]);
    for (const s of traffic.searches) expect(s.exploration).toEqual(byId.get(s.queryId)!.exploration);
  });

  it('refuses --explore without a log to record the swaps in', async () => {
    await expect(
      startServer({ dataDir: root, corporaRoot: root, port: 0, workers: 0, explore: { method: 'swap', rate: 1 } }),
    ).rejects.toThrow(/--explore needs --log-queries/);
  });
});
