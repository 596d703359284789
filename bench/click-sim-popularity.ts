/**
 * What interleaving measures in the click simulation (issue 39): the true nDCG@10 of each
 * configuration weighted by how often its interleaving run asked each query, against the plain
 * mean over queries that bench/click-sim.ts calls the truth. Reads what a click-sim run left in
 * bench/.out/click-sim (the runs and each interleaving run's log); it runs nothing else.
 *
 *   npx tsx bench/click-sim-popularity.ts [--collections cranfield,cisi] [--corpora DIR]
 *
 * Per interleaving run: Kendall τ-b of its Copeland ordering (recomputed from `testbed interleave
 * --json` on its log) against the plain truth and against the popularity-weighted truth, and the
 * pairs it decided (p < 0.05) against each truth's order.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { beirPaths, readQrels, readQueries } from '../src/corpus/index.js';
import { kendallTauB } from '../src/stats/kendall-tau.js';
import { CONFIGURATIONS } from './lib/click-sim/configurations.js';
import { copeland, creditedPairs, type PairOutcome } from './lib/click-sim/interleaving.js';
import { testbed } from './lib/click-sim/testbed.js';
import { printHeader } from './lib/command.js';
import { CORPORA_DIR, OUT_DIR } from './lib/corpora.js';
import { mdTable } from './lib/markdown.js';

const { values } = parseArgs({
  options: {
    collections: { type: 'string', default: 'cranfield,cisi' },
    corpora: { type: 'string', default: CORPORA_DIR },
  },
});
const WORK = path.join(OUT_DIR, 'click-sim');
const env = { ...process.env, TESTBED_HOME: path.join(WORK, 'cache') };

printHeader('Interleaving against the popularity-weighted truth (issue 39)', import.meta.url);

/** query id -> nDCG@10 of `run` (`testbed eval --per-query`; a query absent from the run scores 0). */
async function perQuery(qrels: string, run: string): Promise<Map<string, number>> {
  const out = await testbed(['eval', qrels, run, '--metrics', 'ndcg@10', '--per-query'], env);
  const scores = new Map<string, number>();
  for (const line of out.split('\n')) {
    const [metric, qid, value] = line.trim().split(/\s+/);
    if (metric === 'ndcg@10' && qid !== undefined && qid !== 'all') scores.set(qid, Number(value));
  }
  return scores;
}

const tau = (a: readonly number[], b: readonly number[]) => {
  const t = kendallTauB(a, b).tau;
  return Number.isNaN(t) ? 'undefined' : t.toFixed(2);
};

const rows: (string | number)[][] = [];
for (const name of values.collections.split(',')) {
  const paths = await beirPaths(path.join(values.corpora, name));
  const qrels = await readQrels(paths.qrels);
  const answerable = (await readQueries(paths.queries)).filter((q) =>
    [...(qrels.get(q.id)?.values() ?? [])].some((g) => g > 0),
  );
  const idOf = new Map<string, string>();
  for (const q of answerable) if (!idOf.has(q.text)) idOf.set(q.text, q.id);
  const dir = path.join(WORK, name);
  const per = new Map<string, Map<string, number>>();
  for (const c of CONFIGURATIONS)
    per.set(c.name, await perQuery(paths.qrels, path.join(dir, 'runs', `${c.name}.trec`)));
  const plain = CONFIGURATIONS.map((c) => {
    const s = per.get(c.name)!;
    return answerable.reduce((sum, q) => sum + (s.get(q.id) ?? 0), 0) / answerable.length;
  });
  for (const run of fs.readdirSync(path.join(dir, 'interleaved')).sort()) {
    const logDir = path.join(dir, 'interleaved', run, 'log');
    const asked = new Map<string, number>();
    for (const file of fs.readdirSync(logDir).filter((f) => f.startsWith('ubi_queries')))
      for (const line of fs.readFileSync(path.join(logDir, file), 'utf8').split('\n').filter(Boolean)) {
        const id = idOf.get((JSON.parse(line) as { user_query: string }).user_query);
        if (id !== undefined) asked.set(id, (asked.get(id) ?? 0) + 1);
      }
    const total = [...asked.values()].reduce((a, b) => a + b, 0);
    const weighted = CONFIGURATIONS.map((c) => {
      const s = per.get(c.name)!;
      return [...asked].reduce((sum, [id, n]) => sum + n * (s.get(id) ?? 0), 0) / total;
    });
    const pairs: PairOutcome[] = await creditedPairs(logDir, env);
    const scores = copeland(CONFIGURATIONS, pairs);
    const cop = CONFIGURATIONS.map((c) => scores.get(c.name)!);
    const index = new Map(CONFIGURATIONS.map((c, i) => [c.name, i]));
    // A decided pair agrees with a truth when its winner is the one that truth scores higher.
    const agree = (truth: readonly number[]) =>
      pairs.filter((p) => {
        if (p.winner === null) return false;
        const loser = p.winner === p.a ? p.b : p.a;
        return truth[index.get(p.winner)!]! > truth[index.get(loser)!]!;
      }).length;
    const decided = pairs.filter((p) => p.winner !== null).length;
    const top = Math.max(...asked.values());
    rows.push([
      name,
      `run ${Number(run) + 1}`,
      `${asked.size}, ${((100 * top) / total).toFixed(0)}%`,
      tau(plain, cop),
      tau(weighted, cop),
      tau(plain, weighted),
      `${agree(plain)} of ${decided}`,
      `${agree(weighted)} of ${decided}`,
    ]);
  }
}
console.log(
  mdTable(
    [
      'collection',
      'interleaving run',
      'queries asked, top query’s share',
      'τ vs plain truth',
      'τ vs weighted truth',
      'τ plain vs weighted truth',
      'decided pairs right, plain',
      'decided pairs right, weighted',
    ],
    rows,
    'll',
  ),
);
