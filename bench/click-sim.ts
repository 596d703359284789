/**
 * Clicks against truth (issue 39): simulated users search a real `testbed serve --log-queries`
 * and click by position and true relevance, then each click-based way of ranking configurations
 * is compared with the true ranking (nDCG@10 on the collection's qrels) by Kendall τ.
 *
 *   npx tsx bench/click-sim.ts [--collections cranfield,cisi] [--searches 4000] [--zipf 1]
 *     [--eta 1] [--attractiveness 0.05,0.7] [--min-impressions 10] [--seed 7] [--corpora DIR]
 *     [--explore-rate 0.2] [--interleaved-searches 2000]
 *
 * Per collection (BEIR folder under --corpora): one index (`testbed index --chunker doc
 * --embedder hash:256 --skip-empty`), each configuration's top-10 run (`testbed retrieve`) scored with
 * `testbed eval` against the qrels: the true ordering. Then the best, the middle and the worst
 * configuration in turn serve --searches searches (Zipf query frequencies with --zipf as exponent;
 * clicks from the position-based model: examination (1/rank)^eta, attractiveness by true grade
 * from --attractiveness, grade 0 first), each into a fresh log with `--explore swap
 * --explore-rate R` (so the swap propensities have interventions to use), and every column of
 * lib/click-sim/columns.ts ranks the configurations from that log alone. Beside each logged
 * engine, interleaving: all configurations in one team-draft multileaving on a server of their
 * own (--interleaved-searches searches, click seed --seed plus the logged engine's row 0, 1, 2:
 * three independent runs, since no logged engine takes part), ordered by Copeland over the
 * pairwise preferences of `testbed interleave --json`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { beirPaths, readQrels, readQueries } from '../src/corpus/index.js';
import { MAX_QUERY_CHARS } from '../src/schemas/limits.js';
import { kendallTauB } from '../src/stats/kendall-tau.js';
import { DEFAULT_MIN_IMPRESSIONS } from '../src/traffic/min-impressions.js';
import { keyQuery } from '../src/traffic/query-key.js';
import { COLUMNS, ndcg10 } from './lib/click-sim/columns.js';
import { type InterleavingOutcome, interleaveConfigurations, type PairOutcome } from './lib/click-sim/interleaving.js';
import { CONFIGURATIONS, type Configuration, retrieveFlags, searchQuery } from './lib/click-sim/configurations.js';
import { simulateTraffic, type TrafficCounts } from './lib/click-sim/simulate.js';
import { serveLogging, testbed } from './lib/click-sim/testbed.js';
import { printHeader } from './lib/command.js';
import { CORPORA_DIR, OUT_DIR } from './lib/corpora.js';
import { f4, mdTable } from './lib/markdown.js';

const { values } = parseArgs({
  options: {
    collections: { type: 'string', default: 'cranfield,cisi' },
    searches: { type: 'string', default: '4000' },
    zipf: { type: 'string', default: '1' },
    eta: { type: 'string', default: '1' },
    attractiveness: { type: 'string', default: '0.05,0.7' },
    'min-impressions': { type: 'string', default: String(DEFAULT_MIN_IMPRESSIONS) },
    seed: { type: 'string', default: '7' },
    corpora: { type: 'string', default: CORPORA_DIR },
    'explore-rate': { type: 'string', default: '0.2' },
    'interleaved-searches': { type: 'string', default: '2000' },
  },
});
const number = (flag: string, text: string, min: number): number => {
  const v = Number(text);
  if (!Number.isFinite(v) || v < min) throw new Error(`--${flag} must be a number ≥ ${min}, got "${text}"`);
  return v;
};
const searches = number('searches', values.searches, 1);
const zipf = number('zipf', values.zipf, 0);
const eta = number('eta', values.eta, 0);
const attract = values.attractiveness.split(',').map((a) => number('attractiveness', a, 0));
if (attract.some((a) => a > 1)) throw new Error('--attractiveness values are probabilities, at most 1');
const minImpressions = number('min-impressions', values['min-impressions'], 0);
const seed = number('seed', values.seed, 0);
const exploreRate = number('explore-rate', values['explore-rate'], 0);
if (exploreRate === 0 || exploreRate > 1)
  throw new Error('--explore-rate is a share of searches, above 0 and at most 1');
const interleavedSearches = number('interleaved-searches', values['interleaved-searches'], 1);
const WORK = path.join(OUT_DIR, 'click-sim');
const env = { ...process.env, TESTBED_HOME: path.join(WORK, 'cache') };
const K = 10;
const INTERLEAVING = 'interleaving (Copeland)';

printHeader('Clicks against truth: simulated users on a real server (issue 39)', import.meta.url);
console.log(
  `Users: ${searches} searches per logged engine, query frequencies Zipf(${zipf}) over the collection's queries; ` +
    `clicks position-based: examination (1/rank)^${eta}, attractiveness by true grade ${attract.join(', ')} ` +
    `(grade 0 first; unjudged = 0); seed ${seed}. Click gold keeps pairs with ≥ ${minImpressions} impressions. ` +
    `Logged engines serve with --explore swap --explore-rate ${exploreRate}; interleaving: ${interleavedSearches} ` +
    `searches of a team-draft multileaving of all ${CONFIGURATIONS.length} configurations per logged engine's row.\n`,
);

/** `run` with each query id replaced by the id the traffic commands give its text (`log-…`); a text seen twice keeps its first query. */
function logKeyed(run: string, texts: ReadonlyMap<string, string>, out: string): void {
  const keyOf = new Map<string, string>();
  const used = new Set<string>();
  for (const [id, text] of texts) {
    const key = keyQuery(text).key;
    if (!used.has(key)) keyOf.set(id, key), used.add(key);
  }
  const lines = fs.readFileSync(run, 'utf8').split('\n').filter(Boolean);
  const kept = lines.flatMap((line) => {
    const [qid, ...rest] = line.split(/\s+/);
    const key = keyOf.get(qid!);
    return key === undefined ? [] : [[key, ...rest].join(' ')];
  });
  fs.writeFileSync(out, kept.join('\n') + '\n');
}

const tauRows: (string | number)[][] = [];
for (const name of values.collections.split(',')) {
  const corpus = path.join(values.corpora, name);
  const paths = await beirPaths(corpus);
  const qrels = await readQrels(paths.qrels);
  const queries = (await readQueries(paths.queries)).filter((q) =>
    [...(qrels.get(q.id)?.values() ?? [])].some((g) => g > 0),
  );
  const dir = path.join(WORK, name);
  fs.rmSync(path.join(dir, 'logged'), { recursive: true, force: true });
  const data = path.join(dir, 'data');
  const index = path.join(data, `${name}.sqlite`);
  if (!fs.existsSync(index))
    await testbed(['index', corpus, '--out', index, '--chunker', 'doc', '--embedder', 'hash:256', '--skip-empty'], env);

  // The truth: every configuration's run on the collection's own queries and qrels.
  const runs = path.join(dir, 'runs');
  fs.mkdirSync(runs, { recursive: true });
  const texts = new Map(queries.map((q) => [q.id, q.text]));
  const truth = new Map<string, number>();
  const keyedRuns = new Map<string, string>();
  for (const c of CONFIGURATIONS) {
    const run = path.join(runs, `${c.name}.trec`);
    await testbed(
      [
        'retrieve',
        index,
        '--queries',
        paths.queries,
        '--run',
        run,
        '--k',
        String(K),
        '--level',
        'doc',
        ...retrieveFlags(c),
      ],
      env,
    );
    truth.set(c.name, await ndcg10(paths.qrels, run, env));
    const keyed = path.join(runs, `${c.name}.log-keys.trec`);
    logKeyed(run, texts, keyed);
    keyedRuns.set(c.name, keyed);
  }
  // Users ask what a search box takes: a query over the server's limit (one of CISI's) is scored in the truth but never asked.
  const typeable = queries.filter((q) => q.text.length <= MAX_QUERY_CHARS);
  const byTruth = [...CONFIGURATIONS].sort((a, b) => truth.get(b.name)! - truth.get(a.name)!);
  const loggedEngines: [string, Configuration][] = [
    ['best', byTruth[0]!],
    ['middle', byTruth[Math.floor(byTruth.length / 2)]!],
    ['worst', byTruth[byTruth.length - 1]!],
  ];

  const perColumn = new Map<string, Map<string, number>>(); // "logged/column" -> scores
  const interleavings: InterleavingOutcome[] = [];
  for (const [run, [role, logged]] of loggedEngines.entries()) {
    const logDir = path.join(dir, 'logged', logged.name, 'log');
    const server = await serveLogging(data, logDir, env, ['--explore', 'swap', '--explore-rate', String(exploreRate)]);
    let counts: TrafficCounts;
    try {
      counts = await simulateTraffic({
        url: server.url,
        searchPath: (q) => `/search/${logged.mode}?${searchQuery(logged, name, q, K)}`,
        queries: typeable,
        qrels,
        searches,
        zipfExponent: zipf,
        clickModel: { eta, attractiveness: attract },
        seed,
      });
    } finally {
      await server.stop();
    }
    console.log(
      `${name}, ${logged.name} logged (${role}): ${counts.searches} searches, ${counts.clicks} clicks, ` +
        `${counts.queriesAsked} of ${queries.length} queries asked` +
        (typeable.length < queries.length
          ? ` (${queries.length - typeable.length} over ${MAX_QUERY_CHARS} characters never)`
          : ''),
    );
    const row: (string | number)[] = [name, `${logged.name} (${role})`];
    for (const column of COLUMNS) {
      const work = path.join(dir, 'logged', logged.name, column.name.replace(/\W+/g, '-'));
      fs.mkdirSync(work, { recursive: true });
      const scores = await column.score({
        logDir,
        work,
        configurations: CONFIGURATIONS,
        logKeyedRuns: keyedRuns,
        minImpressions,
        env,
      });
      perColumn.set(`${logged.name}/${column.name}`, scores);
      row.push(tauCell(truth, scores));
    }
    // Interleaving: traffic of its own, the logged engine first among the arms (as a team would
    // list its production engine), the click seed moved by the run so the three runs are independent.
    const interleaved = await interleaveConfigurations({
      dataDir: data,
      index: name,
      configurations: [logged, ...CONFIGURATIONS.filter((c) => c !== logged)],
      work: path.join(dir, 'interleaved', String(run)),
      queries: typeable,
      qrels,
      searches: interleavedSearches,
      zipfExponent: zipf,
      clickModel: { eta, attractiveness: attract },
      seed: seed + run,
      env,
    });
    interleavings.push(interleaved);
    perColumn.set(`${logged.name}/${INTERLEAVING}`, interleaved.scores);
    console.log(
      `${name}, interleaving run ${run + 1} (seed ${seed + run}): ${interleaved.traffic.searches} searches, ` +
        `${interleaved.traffic.clicks} clicks; ${interleaved.pairs.filter((p) => p.winner !== null).length} of ` +
        `${interleaved.pairs.length} pairs decided at p < 0.05`,
    );
    row.push(tauCell(truth, interleaved.scores));
    tauRows.push(row);
  }

  // Per logged engine: each column's score of each configuration (nDCG@10 on click gold, IPS
  // clicks per search, Copeland score), in the true order, so a reader sees where an ordering breaks.
  for (const [role, l] of loggedEngines) {
    console.log(`\n### ${name}, ${l.name} logged (${role}): scores per configuration, in true order\n`);
    console.log(
      mdTable(
        ['configuration', 'true nDCG@10', ...COLUMNS.map((c) => c.name), INTERLEAVING],
        byTruth.map((c) => [
          c.name,
          f4(truth.get(c.name)),
          ...[...COLUMNS.map((col) => col.name), INTERLEAVING].map((col) =>
            f4(perColumn.get(`${l.name}/${col}`)!.get(c.name)),
          ),
        ]),
      ),
    );
  }
  // Per pair: the true gap and what each interleaving run made of it.
  console.log(`\n### ${name}: interleaving per pair (Δ, sign test p, searches with clicks for the pair)\n`);
  const pairKey = (a: string, b: string) => [a, b].sort().join(' / ');
  const pairsOf = interleavings.map((il) => new Map(il.pairs.map((p) => [pairKey(p.a, p.b), p])));
  const pairRows: string[][] = [];
  for (let i = 0; i < byTruth.length; i++)
    for (let j = i + 1; j < byTruth.length; j++) {
      const [a, b] = [byTruth[i]!.name, byTruth[j]!.name]; // a truly better than b
      pairRows.push([
        `${a} > ${b}`,
        (truth.get(a)! - truth.get(b)!).toFixed(4),
        ...pairsOf.map((m) => pairCell(m.get(pairKey(a, b)), a)),
      ]);
    }
  console.log(
    mdTable(
      ['pair (true order)', 'true ΔnDCG@10', ...loggedEngines.map((_, r) => `run ${r + 1} (seed ${seed + r})`)],
      pairRows,
      'lrlll',
    ),
  );
  console.log('');
}

console.log(`### Kendall τ against the true ordering of the ${CONFIGURATIONS.length} configurations\n`);
console.log(
  mdTable(
    ['collection', 'logged engine (true rank)', ...COLUMNS.map((c) => c.name), `${INTERLEAVING}, run beside it`],
    tauRows,
    'll',
  ),
);

/** Kendall's τ-b of a column's scores against the true nDCG@10, as a table cell. */
function tauCell(truth: ReadonlyMap<string, number>, scores: ReadonlyMap<string, number>): string {
  const names = CONFIGURATIONS.map((c) => c.name);
  const tau = kendallTauB(
    names.map((n) => truth.get(n)!),
    names.map((n) => scores.get(n)!),
  );
  return Number.isNaN(tau.tau) ? `undefined (${tau.undefinedReason})` : tau.tau.toFixed(2);
}

/**
 * One interleaving run's verdict on a pair, signed for the truly better `better`: Δ in its favour
 * (negative: users preferred the worse one), p, the searches with clicks it had, and either
 * "decided" (p < 0.05, the winner named when it is the truly worse) or the searches the sign
 * test's sample size says are still needed at that Δ.
 */
function pairCell(p: PairOutcome | undefined, better: string): string {
  if (p === undefined || p.delta === null) return 'no clicks';
  const delta = p.a === better ? p.delta : -p.delta;
  const head = `${delta >= 0 ? '+' : ''}${delta.toFixed(3)}, p ${p.p === null ? '–' : p.p < 0.001 ? '<0.001' : p.p.toFixed(3)}, ${p.searches}`;
  if (p.winner !== null) return `${head}: decided${p.winner === better ? '' : ` for ${p.winner} (wrong)`}`;
  return p.moreNeeded === null ? `${head}: Δ 0, cannot tell` : `${head}: +${p.moreNeeded} needed`;
}
