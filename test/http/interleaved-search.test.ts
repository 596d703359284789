import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHashEmbedder } from '../../src/embedders/hash.js';
import { startServer } from '../../src/http/start-server.js';
import { interleavesSearch, mergeForSearch } from '../../src/serving/interleavings/query-coins.js';
import type { UbiQueryRecord } from '../../src/traffic/types.js';
import { inputError } from '../helpers/input-error.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';
import { timeBudget } from '../helpers/time-budget.js';
import { startLoggedServer } from './helpers/logged-server.js';

/**
 * Interleaved searches through a real server started with --log-queries and --interleave: the
 * test asks each arm's ranking of the same query from /search/{mode} (so it knows them), then
 * checks the merged list hit by hit against the method's rule, and that the logged record holds
 * the same ids and teams.
 */
const INTERLEAVE = `interleavings:
  - name: td
    index: tiny
    method: team-draft
    arms: { bm25: bm25, dense: dense }
  - name: bal
    index: tiny
    method: balanced
    arms: { bm25: bm25, dense: dense }
  - name: half
    index: tiny
    method: team-draft
    arms: { bm25: bm25, dense: dense }
    share: 0.5
  - name: three
    index: tiny
    method: team-draft-multileave
    arms:
      bm25: bm25
      dense: dense
      fts: { legs: [{ type: lexical, engine: fts5 }] }
`;
const K = 6;
const QUERIES = ["can't log in after password reset", 'harbor port', 'storage quota team plan', 'windows install'];

let url: string;
let stop: () => Promise<void>;
let root: string;
let logDir: string;

beforeAll(async () => {
  root = tmpDir('interleaved-');
  const server = await startLoggedServer(root, {
    corpus: TINY_BEIR,
    index: 'tiny',
    chunker: 'structure:40',
    embedder: createHashEmbedder(64),
    // The arms search on a worker thread, as a served search does by default.
    workers: 1,
    interleave: INTERLEAVE,
  });
  ({ url, logDir } = server);
  stop = server.close;
}, timeBudget(60_000));
afterAll(async () => stop?.());

interface Hit {
  rank: number;
  id: string;
  doc_id: string;
  team?: string;
}
interface Answer {
  query_id: string;
  interleaving: string | null;
  method: string | null;
  arm?: string;
  arms?: string[];
  hits: Hit[];
}

const qs = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();

async function get(pathAndQuery: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${url}${pathAndQuery}`);
  return { status: res.status, body: await res.json() };
}

/** Each arm's own ranking of `q`, as the test knows it: the ids /search/{mode} answers. */
async function armLists(q: string): Promise<Record<string, string[]>> {
  const lists: Record<string, string[]> = {};
  for (const mode of ['bm25', 'dense']) {
    const { body } = await get(`/search/${mode}?${qs({ index: 'tiny', q, k: K, level: 'doc' })}`);
    lists[mode] = (body as Answer).hits.map((h) => h.id);
  }
  return lists;
}

async function interleaved(q: string, interleaving: string): Promise<Answer> {
  const { status, body } = await get(
    `/search/interleaved?${qs({ index: 'tiny', q, k: K, level: 'doc', interleaving })}`,
  );
  expect(status, JSON.stringify(body)).toBe(200);
  return body as Answer;
}

function loggedRecords(): UbiQueryRecord[] {
  return fs
    .readdirSync(logDir)
    .filter((f) => f.startsWith('ubi_queries'))
    .flatMap((f) => fs.readFileSync(path.join(logDir, f), 'utf8').split('\n'))
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as UbiQueryRecord);
}

const loggedFor = (queryId: string) => loggedRecords().find((r) => r.query_id === queryId)!;

describe('GET /search/interleaved, team draft', () => {
  it('credits each hit to the arm whose best unshown id it is, the arm behind always picking, and logs the same teams', async () => {
    for (const q of QUERIES) {
      const lists = await armLists(q);
      const answer = await interleaved(q, 'td');
      expect(answer).toMatchObject({ interleaving: 'td', method: 'team-draft', arms: ['bm25', 'dense'] });
      const union = new Set([...lists.bm25!, ...lists.dense!]);
      expect(answer.hits.length).toBe(Math.min(K, union.size));
      const shown: string[] = [];
      const picks: Record<string, number> = { bm25: 0, dense: 0 };
      for (const hit of answer.hits) {
        const team = hit.team!;
        const other = team === 'bm25' ? 'dense' : 'bm25';
        // The team's pick is its best id not yet shown...
        expect(hit.id, `${q}: rank ${hit.rank}`).toBe(lists[team]!.find((id) => !shown.includes(id)));
        // ...and it was its turn: it had no more picks than the other arm, unless that arm had nothing left to add.
        const otherCanPick = lists[other]!.some((id) => !shown.includes(id));
        if (otherCanPick) expect(picks[team]!, `${q}: rank ${hit.rank}`).toBeLessThanOrEqual(picks[other]!);
        picks[team]! += 1;
        shown.push(hit.id);
        expect(hit.rank).toBe(shown.length);
      }
      const record = loggedFor(answer.query_id);
      expect(record.query_response_hit_ids).toEqual(answer.hits.map((h) => h.id));
      expect(record.interleaving).toEqual({
        name: 'td',
        method: 'team-draft',
        arms: ['bm25', 'dense'],
        teams: answer.hits.map((h) => h.team),
      });
      expect(record.query_attributes).toMatchObject({ mode: 'interleaved', k: K, level: 'doc' });
      // The merge is a function of the query_id and the arms' lists: replayed from the log, it is the same.
      const replay = mergeForSearch(
        'team-draft',
        [
          { name: 'bm25', ids: lists.bm25! },
          { name: 'dense', ids: lists.dense! },
        ],
        K,
        answer.query_id,
      );
      expect(replay).toEqual({ ids: record.query_response_hit_ids, teams: record.interleaving!.teams });
    }
  });
});

describe('balanced interleaving over HTTP', () => {
  it("walks both lists the one behind first, and logs each arm's own list beside the teams", async () => {
    for (const q of QUERIES) {
      const lists = await armLists(q);
      const answer = await interleaved(q, 'bal');
      // Whichever arm leads shows the first id: the rest follows from Joachims' rule, rebuilt here.
      const lead = answer.hits[0]!.team!;
      const order = lead === 'bm25' ? ['bm25', 'dense'] : ['dense', 'bm25'];
      const at: Record<string, number> = { bm25: 0, dense: 0 };
      const expected: { id: string; team: string }[] = [];
      while (expected.length < K && (at.bm25! < lists.bm25!.length || at.dense! < lists.dense!.length)) {
        const [a, b] = order as [string, string];
        const aLeft = at[a]! < lists[a]!.length;
        const bLeft = at[b]! < lists[b]!.length;
        const from = !bLeft || (aLeft && at[a]! <= at[b]!) ? a : b;
        const id = lists[from]![at[from]!]!;
        at[from]! += 1;
        if (!expected.some((e) => e.id === id)) expected.push({ id, team: from });
      }
      expect(answer.hits.map((h) => ({ id: h.id, team: h.team }))).toEqual(expected);
      expect(loggedFor(answer.query_id).interleaving).toEqual({
        name: 'bal',
        method: 'balanced',
        arms: ['bm25', 'dense'],
        teams: expected.map((e) => e.team),
        arm_hit_ids: lists,
      });
    }
  });
});

describe('team-draft multileaving over HTTP', () => {
  it('credits each hit to one of the three arms, as its best unshown id, the turn always an arm with the fewest picks among those that can still add one', async () => {
    for (const q of QUERIES) {
      const lists = await armLists(q);
      const { body } = await get(
        `/search?${qs({ index: 'tiny', q, k: K, level: 'doc', legs: '[{"type":"lexical","engine":"fts5"}]' })}`,
      );
      lists.fts = (body as Answer).hits.map((h) => h.id);
      const answer = await interleaved(q, 'three');
      expect(answer.arms).toEqual(['bm25', 'dense', 'fts']);
      const shown: string[] = [];
      const picks: Record<string, number> = { bm25: 0, dense: 0, fts: 0 };
      for (const hit of answer.hits) {
        expect(hit.id, `${q}: rank ${hit.rank}`).toBe(lists[hit.team!]!.find((id) => !shown.includes(id)));
        // The turn is an arm's with the fewest picks among those that still have something to add.
        const able = Object.keys(picks).filter((arm) => lists[arm]!.some((id) => !shown.includes(id)));
        expect(picks[hit.team!]).toBe(Math.min(...able.map((arm) => picks[arm]!)));
        picks[hit.team!]! += 1;
        shown.push(hit.id);
      }
      expect(loggedFor(answer.query_id).interleaving).toEqual({
        name: 'three',
        method: 'team-draft-multileave',
        arms: ['bm25', 'dense', 'fts'],
        teams: answer.hits.map((h) => h.team),
      });
    }
  });
});

describe('share', () => {
  it('interleaves the searches its seeded draw picks and answers the rest with the first arm, logged as its search', async () => {
    const q = 'harbor port';
    const lists = await armLists(q);
    const seen = { merged: 0, alone: 0 };
    // Each search is a fair draw: 40 of them all alike would happen once in 2^39.
    for (let i = 0; i < 40 && (seen.merged === 0 || seen.alone === 0); i++) {
      const answer = await interleaved(q, 'half');
      const record = loggedFor(answer.query_id);
      expect(answer.interleaving !== null).toBe(interleavesSearch(answer.query_id, 0.5));
      if (answer.interleaving === null) {
        seen.alone++;
        expect(answer).toMatchObject({ method: null, arm: 'bm25' });
        expect(answer.hits.map((h) => h.id)).toEqual(lists.bm25);
        expect(answer.hits.every((h) => h.team === undefined)).toBe(true);
        expect(record.interleaving).toBeUndefined();
        expect(record.query_attributes.mode).toBe('bm25');
      } else {
        seen.merged++;
        expect(record.interleaving!.teams).toEqual(answer.hits.map((h) => h.team));
      }
    }
    expect(seen.merged).toBeGreaterThan(0);
    expect(seen.alone).toBeGreaterThan(0);
  });
});

describe('POST /search with "interleaving"', () => {
  it('answers as GET /search/interleaved does, with the X-Query-Id of the logged record', async () => {
    const res = await fetch(`${url}/search`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Client-Id': 'client-7' },
      body: JSON.stringify({ index: 'tiny', q: 'harbor port', k: K, level: 'doc', interleaving: 'td' }),
    });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as Answer;
    expect(res.headers.get('X-Query-Id')).toBe(answer.query_id);
    expect(Object.keys(answer)[0]).toBe('query_id');
    expect(answer.interleaving).toBe('td');
    const record = loggedFor(answer.query_id);
    expect(record.client_id).toBe('client-7');
    expect(record.interleaving!.teams).toEqual(answer.hits.map((h) => h.team));
  });
});

describe('refusals', () => {
  const expectError = async (pathAndQuery: string, status: number, message: RegExp) => {
    const res = await get(pathAndQuery);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect((res.body as { error: { message: string } }).error.message).toMatch(message);
  };

  it('an unknown interleaving is a 404, an index without one or with several and no name a 400', async () => {
    await expectError(
      `/search/interleaved?${qs({ index: 'tiny', q: 'x', interleaving: 'nope' })}`,
      404,
      /no interleaving named "nope"/,
    );
    await expectError(
      `/search/interleaved?${qs({ index: 'other', q: 'x' })}`,
      400,
      /index "other" has no interleaving/,
    );
    await expectError(
      `/search/interleaved?${qs({ index: 'tiny', q: 'x' })}`,
      400,
      /index "tiny" has several interleavings \(td, bal, half, three\)/,
    );
  });

  it("a pipeline parameter is a 400 (the arms' pipelines are the file's), and so is a bad k", async () => {
    await expectError(
      `/search/interleaved?${qs({ index: 'tiny', q: 'x', interleaving: 'td', mode: 'bm25' })}`,
      400,
      /drop mode/,
    );
    await expectError(`/search/interleaved?${qs({ index: 'tiny', q: 'x', interleaving: 'td', k: 0 })}`, 400, /k/);
    await expectError(`/search/bm25?${qs({ index: 'tiny', q: 'x', interleaving: 'td' })}`, 400, /interleaving/);
  });
});

describe('starting a server with --interleave', () => {
  it('needs --log-queries, and names the line of a mistake in the file', async () => {
    const file = path.join(root, 'bad.yaml');
    fs.writeFileSync(file, INTERLEAVE.replace('method: balanced', 'method: balance'));
    const base = { dataDir: path.join(root, 'data'), corporaRoot: path.dirname(TINY_BEIR), port: 0, workers: 0 };
    expect((await inputError(startServer({ ...base, interleave: file }))).message).toMatch(
      /--interleave needs --log-queries DIR/,
    );
    const err = await inputError(startServer({ ...base, interleave: file, logQueries: path.join(root, 'log2') }));
    // Line 8: the second interleaving's method (line 1 is interleavings:, 2-5 the first one).
    expect(err.where).toMatchObject({ file, line: 8, field: 'interleavings.1.method' });
  });
});
