import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHashEmbedder } from '../../src/embedders/hash.js';
import { createRng, randomIndex } from '../../src/stats/prng.js';
import type { UbiQueryRecord } from '../../src/traffic/types.js';
import { runCli } from '../helpers/cli.js';
import { timeBudget } from '../helpers/time-budget.js';
import { tmpDir } from '../helpers/tmp.js';
import { startLoggedServer } from './helpers/logged-server.js';

/**
 * Issue 39's end-to-end check. A real server with --log-queries and --interleave serves the demo
 * corpus; simulated users ask its judged queries through GET /search/interleaved, team draft of
 * BM25 against a deliberately weak dense arm (a 4-dimensional hash embedder: nearly every text
 * collides, so its order is close to arbitrary), and click by a position-based model from the
 * qrels: a hit at ordinal r is examined with probability 1/r and, examined, clicked with 0.7 if
 * the qrels grade it relevant and 0.05 otherwise. The clicks go to POST /events.
 *
 * `testbed interleave --json` over the log must then (1) find BM25's win at p < 0.01 and (2)
 * report exactly the wins and ties this test counts itself from what it saw: the team of each
 * hit it clicked, in the answer it was served.
 */
const DEMO = path.resolve(import.meta.dirname, '../../corpora/demo');
const SEARCHES = 1000;
const K = 10;
const INTERLEAVE = `interleavings:
  - name: bm25-vs-weak
    index: demo
    method: team-draft
    arms: { bm25: bm25, weak: dense }
`;

let url: string;
let logDir: string;
let stop: () => Promise<void>;

beforeAll(async () => {
  const server = await startLoggedServer(tmpDir('interleaving-simulated-'), {
    corpus: DEMO,
    index: 'demo',
    chunker: 'doc',
    embedder: createHashEmbedder(4),
    workers: 1,
    interleave: INTERLEAVE,
  });
  ({ url, logDir } = server);
  stop = server.close;
}, timeBudget(120_000));
afterAll(async () => stop?.());

/** The demo's judged queries: text, and the grade of each judged document. */
function judgedQueries(): { text: string; grades: Map<string, number> }[] {
  const texts = new Map(
    fs
      .readFileSync(path.join(DEMO, 'queries.jsonl'), 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as { _id: string; text: string })
      .map((q) => [q._id, q.text]),
  );
  const grades = new Map<string, Map<string, number>>();
  for (const line of fs.readFileSync(path.join(DEMO, 'qrels/test.tsv'), 'utf8').split('\n').slice(1)) {
    const [query, doc, grade] = line.split('\t');
    if (!query || !doc) continue;
    if (!grades.has(query)) grades.set(query, new Map());
    grades.get(query)!.set(doc, Number(grade));
  }
  return [...grades].map(([id, g]) => ({ text: texts.get(id)!, grades: g }));
}

interface Served {
  queryId: string;
  teams: string[];
  clickedTeams: string[];
}

describe('interleaving through a real server, with simulated users', () => {
  it('finds the weak arm losing at p < 0.01, and `testbed interleave` counts the wins this test counts', async () => {
    const queries = judgedQueries();
    const rng = createRng(39);
    const served: Served[] = [];
    for (let s = 0; s < SEARCHES; s++) {
      const query = queries[randomIndex(rng, queries.length)]!;
      const params = new URLSearchParams({ index: 'demo', q: query.text, k: String(K), level: 'doc' });
      const res = await fetch(`${url}/search/interleaved?${params}`);
      const answer = (await res.json()) as { query_id: string; hits: { id: string; team: string }[] };
      expect(res.status, JSON.stringify(answer)).toBe(200);
      const clicks: { id: string; ordinal: number; team: string }[] = [];
      answer.hits.forEach((hit, i) => {
        const ordinal = i + 1;
        const relevant = (query.grades.get(hit.id) ?? 0) > 0;
        if (rng() < 1 / ordinal && rng() < (relevant ? 0.7 : 0.05)) clicks.push({ ...hit, ordinal });
      });
      served.push({
        queryId: answer.query_id,
        teams: answer.hits.map((h) => h.team),
        clickedTeams: clicks.map((c) => c.team),
      });
      if (clicks.length === 0) continue;
      const events = clicks.map((c) => ({
        action_name: 'click',
        query_id: answer.query_id,
        event_attributes: { object: { object_id: c.id }, position: { ordinal: c.ordinal } },
      }));
      const posted = await fetch(`${url}/events`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(events),
      });
      expect(posted.status, await posted.text()).toBe(202);
    }

    // The log holds what was served: each record's teams are the answer's.
    const logged = new Map<string, UbiQueryRecord>();
    for (const file of fs.readdirSync(logDir).filter((f) => f.startsWith('ubi_queries')))
      for (const line of fs.readFileSync(path.join(logDir, file), 'utf8').split('\n'))
        if (line.trim() !== '') {
          const record = JSON.parse(line) as UbiQueryRecord;
          logged.set(record.query_id, record);
        }
    for (const s of served) expect(logged.get(s.queryId)?.interleaving?.teams).toEqual(s.teams);

    // Team draft's rule, counted here: a search is won by the team with more clicks.
    const count = (s: Served, team: string) => s.clickedTeams.filter((t) => t === team).length;
    const withClicks = served.filter((s) => s.clickedTeams.length > 0);
    const bm25Wins = withClicks.filter((s) => count(s, 'bm25') > count(s, 'weak')).length;
    const weakWins = withClicks.filter((s) => count(s, 'weak') > count(s, 'bm25')).length;
    const ties = withClicks.length - bm25Wins - weakWins;

    const { code, out, err } = await runCli(['interleave', logDir, '--json']);
    expect(code, err).toBe(0);
    const [pair] = JSON.parse(out).interleavings as {
      name: string;
      arms: string[];
      searches: number;
      wins: Record<string, number>;
      ties: number;
      delta: number;
      p: number;
      winner: string | null;
    }[];
    expect(pair).toMatchObject({
      name: 'bm25-vs-weak',
      arms: ['bm25', 'weak'],
      searches: withClicks.length,
      wins: { bm25: bm25Wins, weak: weakWins },
      ties,
      winner: 'bm25',
    });
    expect(pair!.delta).toBeCloseTo((bm25Wins - weakWins) / withClicks.length, 12);
    expect(pair!.p).toBeLessThan(0.01);
  });
});
