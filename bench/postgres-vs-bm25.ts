/**
 * PostgreSQL full-text ranking against the testbed's own BM25, on the public collections and the
 * demo corpus: each collection is indexed (one chunk per document, `--embedder none`, the
 * default tokenizer), pushed into PostgreSQL as `testbed push --to postgres` does (the table's
 * text search configuration chosen from the index's languages, as push chooses it; the demo
 * corpus, which is mixed, also with `english`), and every test query is run through the
 * postgres leg (ts_rank_cd, for each normalization asked for, over websearch_to_tsquery's
 * all-words match and over the any-word match, `match: any`) and through
 * the default lexical leg (BM25 over stored postings, k1 0.9, b 0.4), both at document level with
 * k 100 through the Searcher, the path an experiment takes. nDCG@10 and recall@100 as trec_eval
 * computes them; latency per query, wall time of the leg's search (for PostgreSQL: the round trip
 * to the server on 127.0.0.1 and the reading of its rows), median and p95 of a second pass in
 * which the runs take turns query by query, so the shared machine's noise falls on all alike.
 *
 *   scripts/with-postgres.sh npx tsx bench/postgres-vs-bm25.ts
 *     [--corpora scifact,cranfield,medline,cisi,demo] [--normalizations 0,1,2,4] [--matches all,any]
 *     [--corpora-dir DIR]   (default ../shared/corpora beside the repository)
 *
 * Needs TESTBED_PG_URL (scripts/with-postgres.sh starts a throwaway server and sets it).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { beirPaths, readQrels, readQueries } from '../src/corpus/index.js';
import { buildIndex } from '../src/indexing/build-index.js';
import { closePostgresPools } from '../src/legs/postgres/postgres-pools.js';
import { parsePipeline } from '../src/pipeline/resolve-pipeline.js';
import { PostgresTarget } from '../src/push/postgres-target.js';
import { pushIndex } from '../src/push/push-index.js';
import { textSearchConfigFor } from '../src/push/text-search-config.js';
import { Searcher } from '../src/search/searcher.js';
import { createRng, randomIndex } from '../src/stats/prng.js';
import { printHeader } from './lib/command.js';
import { CORPORA_DIR, OUT_DIR, type Gold } from './lib/corpora.js';
import { meanScores, scoreRanking } from './lib/evaluate.js';
import { delta, f4, mdTable, ms } from './lib/markdown.js';
import { latencySummary } from './lib/stats.js';

const DEMO_DIR = path.resolve(import.meta.dirname, '../corpora/demo');
const WARMUP_QUERIES = 20;
const LATENCY_SEED = 25;

const { values } = parseArgs({
  options: {
    corpora: { type: 'string', default: 'scifact,cranfield,medline,cisi,demo' },
    normalizations: { type: 'string', default: '0,1,2,4' },
    matches: { type: 'string', default: 'all,any' },
    'corpora-dir': { type: 'string', default: CORPORA_DIR },
  },
});
const url = process.env.TESTBED_PG_URL;
if (!url) {
  console.error(
    'bench/postgres-vs-bm25.ts needs TESTBED_PG_URL: run it as scripts/with-postgres.sh npx tsx bench/postgres-vs-bm25.ts',
  );
  process.exit(2);
}
const corpora = values.corpora.split(',').filter(Boolean);
const normalizations = values.normalizations.split(',').map(Number);
const matches = values.matches.split(',') as ('all' | 'any')[];

interface Run {
  label: string;
  legs: Record<string, unknown>[];
  ndcg10: number;
  recall100: number;
  ms: number[];
  /** Queries the run returned no document for. */
  empty: number;
}

printHeader('PostgreSQL full-text search (ts_rank_cd) against our BM25', import.meta.url);
const server = await serverVersion(url);
console.log(
  `${server}, on this machine (127.0.0.1, a throwaway cluster: fsync off). Document level, one chunk per document, k 100, every test query. ` +
    'Latency: wall time of one leg search through the Searcher, second pass, the runs taking turns per query in a shuffled order (seeded). No hit: queries the run returned no document for.\n',
);

const summary: { corpus: string; runs: Run[] }[] = [];
try {
  for (const name of corpora) summary.push({ corpus: name, runs: await benchCorpus(name) });
} finally {
  await closePostgresPools();
}
printSummary();

async function benchCorpus(name: string): Promise<Run[]> {
  const gold = await loadCollection(name === 'demo' ? DEMO_DIR : path.join(values['corpora-dir'], name));
  const file = path.join(OUT_DIR, 'postgres', `${name}.sqlite`);
  const t0 = performance.now();
  const meta = await buildIndex({ corpus: gold.dir, out: file, chunker: 'doc', embedder: 'none', skipEmpty: true });
  const buildSeconds = (performance.now() - t0) / 1000;
  const chosen = textSearchConfigFor(meta.languages);
  const configs = chosen.config === 'english' ? ['english'] : [chosen.config, 'english'];
  const pushed: string[] = [];
  for (const config of configs) {
    const table = `bench_${name}_${config}`;
    const s = await pushIndex({ file, target: new PostgresTarget(url!, table, config, 600_000), replace: true });
    if (s.chunks !== meta.counts.chunks) throw new Error(`${table}: ${s.chunks} rows for ${meta.counts.chunks} chunks`);
    pushed.push(`\`${table}\` (${config}) ${s.chunks} rows in ${s.seconds.toFixed(1)} s`);
  }

  const runs: Run[] = [
    {
      label: 'testbed BM25 (postings, k1 0.9, b 0.4)',
      legs: [{ type: 'lexical' }],
      ndcg10: 0,
      recall100: 0,
      ms: [],
      empty: 0,
    },
    ...configs.flatMap((config) =>
      matches.flatMap((match) =>
        normalizations.map((normalization) => ({
          label: `PostgreSQL ${config}, match ${match}, normalization ${normalization}`,
          legs: [{ type: 'postgres', url, table: `bench_${name}_${config}`, config, match, normalization }],
          ndcg10: 0,
          recall100: 0,
          ms: [],
          empty: 0,
        })),
      ),
    ),
  ];
  const searcher = new Searcher(name, file, () => Promise.reject(new Error('lexical only')));
  try {
    const parts = await Promise.all(
      runs.map((r) => searcher.prepare(parsePipeline({ legs: r.legs, k: 100, level: 'doc' }))),
    );
    // Pass 1: quality (and a warm cache for pass 2).
    for (const [i, run] of runs.entries()) {
      const rows = [];
      for (const q of gold.queries) {
        const { hits } = await searcher.retrieve(parts[i]!, q.text);
        if (hits.length === 0) run.empty++;
        rows.push(
          scoreRanking(
            hits.map((h) => h.id),
            gold.qrels.get(q.id)!,
          ),
        );
      }
      Object.assign(run, meanScores(rows));
    }
    // Pass 2: latency, the runs taking turns on each query in a shuffled order (seeded): on a
    // loaded machine the first statement after the in-process BM25 waits for its server process
    // to be scheduled again, and a fixed order would charge that to whichever run follows BM25.
    const rng = createRng(LATENCY_SEED);
    for (const [n, q] of gold.queries.entries()) {
      const order = runs.map((_, i) => i);
      for (let j = order.length - 1; j > 0; j--) {
        const r = randomIndex(rng, j + 1);
        [order[j], order[r]] = [order[r]!, order[j]!];
      }
      for (const i of order) {
        const t = performance.now();
        await searcher.retrieve(parts[i]!, q.text);
        if (n >= Math.min(WARMUP_QUERIES, gold.queries.length / 10)) runs[i]!.ms.push(performance.now() - t);
      }
    }
  } finally {
    searcher.close();
  }

  const bm25 = runs[0]!;
  console.log(`### ${name}\n`);
  console.log(
    `${meta.counts.documents} documents (${meta.counts.skippedEmpty} skipped as empty), ${gold.queries.length} queries; ` +
      `tokenizer ${meta.tokenizer}; index built in ${buildSeconds.toFixed(1)} s; pushed ${pushed.join(', ')}; ` +
      `text search configuration by language: ${chosen.config} (${chosen.reason}).\n`,
  );
  console.log(
    mdTable(
      ['run', 'nDCG@10', 'Δ vs BM25', 'recall@100', 'Δ vs BM25', 'no hit', 'median ms', 'p95 ms'],
      runs.map((r) => {
        const l = latencySummary(r.ms);
        return [
          r.label,
          f4(r.ndcg10),
          r === bm25 ? '' : delta(r.ndcg10, bm25.ndcg10),
          f4(r.recall100),
          r === bm25 ? '' : delta(r.recall100, bm25.recall100),
          r.empty,
          ms(l.p50),
          ms(l.p95),
        ];
      }),
    ),
  );
  console.log();
  return runs;
}

function printSummary(): void {
  if (summary.length === 0) return;
  console.log('### All collections: nDCG@10 / recall@100 (median ms)\n');
  const labels = [...new Set(summary.flatMap((s) => s.runs.map((r) => r.label)))];
  console.log(
    mdTable(
      ['run', ...summary.map((s) => s.corpus)],
      labels.map((label) => [
        label,
        ...summary.map((s) => {
          const r = s.runs.find((x) => x.label === label);
          return r ? `${f4(r.ndcg10)} / ${f4(r.recall100)} (${ms(latencySummary(r.ms).p50)})` : '';
        }),
      ]),
    ),
  );
}

/** A BEIR folder's answerable test queries and qrels (bench/lib/corpora.ts's loadGold, for any folder). */
async function loadCollection(dir: string): Promise<Gold> {
  const paths = await beirPaths(dir);
  const qrels = await readQrels(paths.qrels);
  const queries = (await readQueries(paths.queries)).filter((q) =>
    [...(qrels.get(q.id)?.values() ?? [])].some((g) => g > 0),
  );
  return { dir, queries, qrels };
}

async function serverVersion(connectionString: string): Promise<string> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string }>("SELECT current_setting('server_version') AS v");
    return `PostgreSQL ${rows[0]!.v}`;
  } finally {
    await client.end();
  }
}
