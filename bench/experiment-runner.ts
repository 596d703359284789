/**
 * Wall time of one experiment, 300 SciFact queries × 6 configurations (bm25 fts5, bm25 wink,
 * dense, hybrid RRF 1/1, hybrid RRF 1/0.25, hybrid score alpha 0.3), run the way
 * `testbed experiment` runs it (runExperiment, then writeReport):
 * - cold: a fresh cache folder (no index, no embedding) and a fresh results folder;
 * - warm: the same again, reusing both (finished cells are resumed, not re-run).
 * Each run is its own child process, so each reports its own peak RSS. Time is split by the
 * runner's progress events: setup, index (build or reuse), retrieval, scoring and analysis
 * (significance tests, failure analysis), report writing.
 *
 *   npx tsx bench/experiment-runner.ts [--embedder use-lite] [--queries 300] [--quick]
 *
 * The cold run with use-lite embeds all 5,183 abstracts (minutes); --quick uses hash:384 and
 * 50 queries for a fast check.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { experimentSchema } from '../src/experiments/config.js';
import type { ExperimentProgress } from '../src/experiments/progress.js';
import { runExperiment } from '../src/experiments/runner.js';
import { writeReport } from '../src/reports/write-report.js';
import { runPhase, sendPhaseResult } from './lib/child.js';
import { printHeader } from './lib/command.js';
import { CORPORA_DIR, loadGold } from './lib/corpora.js';
import { f4, fixed, mdTable } from './lib/markdown.js';
import { mib, peakRssMiB } from './lib/rss.js';

const { values } = parseArgs({
  options: {
    embedder: { type: 'string' },
    queries: { type: 'string' },
    quick: { type: 'boolean', default: false },
    // internal: child-process role
    phase: { type: 'string' },
    dir: { type: 'string' },
  },
});
const embedder = values.embedder ?? (values.quick ? 'hash:384' : 'use-lite');
const nQueries = Number(values.queries ?? (values.quick ? 50 : 300));

interface RunResult {
  seconds: { setup: number; index: number; retrieval: number; scoring: number; report: number; total: number };
  peakRssMiB: number;
  indexReused: boolean;
  configs: { name: string; ndcg10: number; resumed: boolean; p50: number }[];
  queries: number;
}

if (values.phase === 'run') await runChild(values.dir!);
else await main();

async function main(): Promise<void> {
  printHeader(`Experiment runner: ${nQueries} SciFact queries × 6 configurations, cold and warm`, import.meta.url);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-experiment-'));
  try {
    console.log(
      `Embedder \`${embedder}\`, chunker doc, tokenizer unicode61, document level; cache and results in a fresh temporary folder.\n`,
    );
    const cold = await runPhase<RunResult>(import.meta.url, [
      '--phase',
      'run',
      '--dir',
      dir,
      '--embedder',
      embedder,
      '--queries',
      String(nQueries),
    ]);
    const warm = await runPhase<RunResult>(import.meta.url, [
      '--phase',
      'run',
      '--dir',
      dir,
      '--embedder',
      embedder,
      '--queries',
      String(nQueries),
    ]);
    const row = (label: string, r: RunResult) => [
      label,
      fixed(r.seconds.total, 1),
      fixed(r.seconds.setup, 1),
      `${fixed(r.seconds.index, 1)}${r.indexReused ? ' (reused)' : ' (built)'}`,
      fixed(r.seconds.retrieval, 1),
      fixed(r.seconds.scoring, 1),
      fixed(r.seconds.report, 2),
      `${r.configs.filter((c) => c.resumed).length}/${r.configs.length}`,
      mib(r.peakRssMiB),
    ];
    console.log(
      mdTable(
        [
          'run',
          'wall s',
          'setup s',
          'index s',
          'retrieval s',
          'scoring + analysis s',
          'report s',
          'cells resumed',
          'peak RSS',
        ],
        [row('cold', cold), row('warm', warm)],
        'lrrrrrrrr',
      ),
    );
    console.log(
      `\nWarm / cold wall time: ${fixed(warm.seconds.total / cold.seconds.total, 3)}; cold per query and configuration: ${fixed((1000 * cold.seconds.retrieval) / (cold.queries * cold.configs.length), 1)} ms of retrieval.\n`,
    );
    const same = cold.configs.every((c, i) => c.ndcg10 === warm.configs[i]?.ndcg10);
    console.log(
      mdTable(
        ['configuration', 'nDCG@10 (cold)', 'nDCG@10 (warm)', 'p50 ms per query (cold run)'],
        cold.configs.map((c, i) => [c.name, f4(c.ndcg10), f4(warm.configs[i]?.ndcg10), fixed(c.p50, 1)]),
        'lrrr',
      ),
    );
    console.log(`\nWarm scores identical to cold: ${same ? 'yes' : 'NO'}.`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Child: one run of the experiment in `dir` (cache and results kept there between runs). */
async function runChild(dir: string): Promise<void> {
  const corpus = path.join(CORPORA_DIR, 'scifact');
  // A capped run needs its own queries and qrels files (every qrels query must be a query).
  const gold = await loadGold('scifact');
  const capped = nQueries < gold.queries.length;
  const queriesFile = path.join(dir, 'queries.jsonl');
  const qrelsFile = path.join(dir, 'qrels.tsv');
  if (capped && !fs.existsSync(qrelsFile)) {
    const kept = gold.queries.slice(0, nQueries);
    fs.writeFileSync(queriesFile, kept.map((q) => JSON.stringify({ _id: q.id, text: q.text })).join('\n') + '\n');
    const lines = kept.flatMap((q) => [...gold.qrels.get(q.id)!].map(([doc, grade]) => `${q.id}\t${doc}\t${grade}`));
    fs.writeFileSync(qrelsFile, ['query-id\tcorpus-id\tscore', ...lines].join('\n') + '\n');
  }
  const config = experimentSchema.parse({
    name: 'bench-experiment-runner',
    corpus,
    ...(capped && { queries: queriesFile, qrels: qrelsFile }),
    level: 'doc',
    output: path.join(dir, 'results'),
    baseline: 'bm25',
    grid: {
      chunkers: ['doc'],
      embedders: [embedder],
      tokenizers: ['unicode61'],
      retrievers: [
        { name: 'bm25', mode: 'bm25', engine: 'fts5' },
        { name: 'bm25-wink', mode: 'bm25', engine: 'wink', k1: 0.9, b: 0.4 },
        { name: 'dense', mode: 'dense' },
        { name: 'hybrid-rrf', mode: 'hybrid', fusion: 'rrf', rrf_k: 60, weights: [1, 1], depth: 100 },
        { name: 'hybrid-rrf-weighted', mode: 'hybrid', fusion: 'rrf', rrf_k: 60, weights: [1, 0.25], depth: 100 },
        { name: 'hybrid-score', mode: 'hybrid', fusion: 'score', alpha: 0.3, norm: 'minmax', depth: 100 },
      ],
    },
  });
  const t0 = performance.now();
  const marks: Partial<Record<ExperimentProgress['phase'], number>> = {};
  const { report, runs } = await runExperiment(config, {
    cacheDir: path.join(dir, 'cache'),
    onProgress: (p) => (marks[p.phase] ??= performance.now()),
    onNotice: (m) => console.error(m),
  });
  const tRun = performance.now();
  writeReport(config.output!, report, runs);
  const tEnd = performance.now();
  const at = (phase: ExperimentProgress['phase']) => marks[phase] ?? tRun;
  const s = (a: number, b: number) => (b - a) / 1000;
  sendPhaseResult({
    seconds: {
      setup: s(t0, at('indexing')),
      index: s(at('indexing'), at('retrieving')),
      retrieval: s(at('retrieving'), at('scoring')),
      scoring: s(at('scoring'), tRun),
      report: s(tRun, tEnd),
      total: s(t0, tEnd),
    },
    peakRssMiB: peakRssMiB(),
    indexReused: report.configs[0]!.index.reused,
    configs: report.configs.map((c) => ({
      name: c.name,
      ndcg10: c.means['ndcg@10'] ?? Number.NaN,
      resumed: c.resumed,
      p50: c.latency.p50,
    })),
    queries: report.queries.answerable,
  } satisfies RunResult);
}
