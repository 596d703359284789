/**
 * Clicks against truth (issue 39): simulated users search a real `testbed serve --log-queries`
 * and click by position and true relevance, then each click-based way of ranking configurations
 * is compared with the true ranking (nDCG@10 on the collection's qrels) by Kendall τ.
 *
 *   npx tsx bench/click-sim.ts [--collections cranfield,cisi] [--searches 4000] [--zipf 1]
 *     [--eta 1] [--attractiveness 0.05,0.7] [--min-impressions 10] [--seed 7] [--corpora DIR]
 *
 * Per collection (BEIR folder under --corpora): one index (`testbed index --chunker doc
 * --embedder hash:256 --skip-empty`), each configuration's top-10 run (`testbed retrieve`) scored with
 * `testbed eval` against the qrels: the true ordering. Then the best, the middle and the worst
 * configuration in turn serve --searches searches (Zipf query frequencies with --zipf as exponent;
 * clicks from the position-based model: examination (1/rank)^eta, attractiveness by true grade
 * from --attractiveness, grade 0 first), each into a fresh log, and every column of
 * lib/click-sim/columns.ts ranks the configurations from that log alone.
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
const WORK = path.join(OUT_DIR, 'click-sim');
const env = { ...process.env, TESTBED_HOME: path.join(WORK, 'cache') };
const K = 10;

printHeader('Clicks against truth: simulated users on a real server (issue 39)', import.meta.url);
console.log(
  `Users: ${searches} searches per logged engine, query frequencies Zipf(${zipf}) over the collection's queries; ` +
    `clicks position-based: examination (1/rank)^${eta}, attractiveness by true grade ${attract.join(', ')} ` +
    `(grade 0 first; unjudged = 0); seed ${seed}. Click gold keeps pairs with ≥ ${minImpressions} impressions.\n`,
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
  for (const [role, logged] of loggedEngines) {
    const logDir = path.join(dir, 'logged', logged.name, 'log');
    const server = await serveLogging(data, logDir, env);
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
      const names = CONFIGURATIONS.map((c) => c.name);
      const tau = kendallTauB(
        names.map((n) => truth.get(n)!),
        names.map((n) => scores.get(n)!),
      );
      row.push(Number.isNaN(tau.tau) ? `undefined (${tau.undefinedReason})` : tau.tau.toFixed(2));
    }
    tauRows.push(row);
  }

  console.log(`\n### ${name}: nDCG@10 of each configuration, true and on each logged engine's click gold\n`);
  const headers = [
    'configuration',
    'true',
    ...loggedEngines.flatMap(([, l]) => COLUMNS.map((col) => `${col.name}, ${l.name} logged`)),
  ];
  console.log(
    mdTable(
      headers,
      byTruth.map((c) => [
        c.name,
        f4(truth.get(c.name)),
        ...loggedEngines.flatMap(([, l]) =>
          COLUMNS.map((col) => f4(perColumn.get(`${l.name}/${col.name}`)!.get(c.name))),
        ),
      ]),
    ),
  );
  console.log('');
}

console.log(`### Kendall τ against the true ordering of the ${CONFIGURATIONS.length} configurations\n`);
console.log(mdTable(['collection', 'logged engine', ...COLUMNS.map((c) => c.name)], tauRows));
