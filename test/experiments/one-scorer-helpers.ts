import path from 'node:path';
import { expect } from 'vitest';
import type { Qrels } from '../../src/corpus/types.js';
import { parseExperimentConfig } from '../../src/experiments/config.js';
import { runExperiment } from '../../src/experiments/runner.js';
import { METRIC_TABLE } from '../../src/metrics/index.js';
import type { ExperimentReport } from '../../src/reports/report-model.js';
import { writeReport } from '../../src/reports/write-report.js';
import type { Run } from '../../src/runs/run.js';
import { readTrecRun } from '../../src/runs/trec-run-reader.js';
import { runCli } from '../helpers/cli.js';

/**
 * Every metric of the metric table as a label: a required cutoff at 5 and 10, an optional one
 * with and without (at 10), none as the bare name. Read from the table, so a new row is covered.
 */
export function everyMetricLabel(): string[] {
  return METRIC_TABLE.flatMap((row): string[] => {
    if (row.cutoff === 'required') return [`${row.name}@5`, `${row.name}@10`];
    if (row.cutoff === 'optional') return [row.name, `${row.name}@10`];
    return [row.name];
  });
}

/**
 * The qrels as published, with each query's first six unjudged documents of `run` judged too:
 * ranks 1, 3, 4 and 6 of them grade 0 (judged not relevant), ranks 2 and 5 grade -1 (pooled, not
 * judged, as trec_eval reads a negative grade). With `regrade`, a binary set gets a second grade:
 * every other relevant document of a query (in byte order of ids) becomes grade 2. The grading
 * is arbitrary: it exists to give every scorer grade-0, negative and graded lines to read.
 */
export function gradedWithHoles(published: Qrels, run: Run, options: { regrade?: boolean } = {}): string {
  const lines = ['query-id\tcorpus-id\tscore'];
  for (const [qid, docs] of published) {
    const grades = new Map(docs);
    if (options.regrade)
      [...docs.keys()].sort().forEach((id, i) => {
        if (i % 2 === 0 && docs.get(id)! > 0) grades.set(id, 2);
      });
    const unjudged = (run.get(qid) ?? []).map((d) => d.id).filter((id) => !docs.has(id));
    unjudged.slice(0, 6).forEach((id, i) => grades.set(id, i === 1 || i === 4 ? -1 : 0));
    for (const [doc, grade] of grades) lines.push(`${qid}\t${doc}\t${grade}`);
  }
  return lines.join('\n') + '\n';
}

/** Two per-query score tables hold the same queries and, for each of `labels`, values within 1e-12. */
export function expectSameScores(
  a: Record<string, Record<string, number>>,
  b: Record<string, Record<string, number>>,
  labels: readonly string[],
  what: string,
): void {
  expect(Object.keys(b).sort(), `${what}: queries`).toEqual(Object.keys(a).sort());
  for (const [qid, scores] of Object.entries(a))
    for (const label of labels) {
      const value = scores[label];
      const other = b[qid]![label];
      expect(value, `${what}: ${qid} ${label}`).toBeTypeOf('number');
      expect(other, `${what}: ${qid} ${label}`).toBeTypeOf('number');
      expect(Math.abs(value! - other!), `${what}: ${qid} ${label} ${value} vs ${other}`).toBeLessThanOrEqual(1e-12);
    }
}

/**
 * Runs a bm25 / dense / hybrid grid (hash embedder) with a tune block over `qrels` at
 * `threshold`, every metric of the table, and writes its report; `dir/cache` is shared between
 * calls, so the index is built once. `bm25Only`: the BM25 configuration alone (the run the
 * grade-0 lines are pooled from).
 */
export async function gridExperiment(
  dir: string,
  corpus: string,
  qrels: string,
  threshold: number,
  name: string,
  options: { bm25Only?: boolean; queries?: string } = {},
): Promise<{ report: ExperimentReport; output: string }> {
  const output = path.join(dir, name);
  const config = parseExperimentConfig(`name: ${name}
corpus: ${corpus}
qrels: ${qrels}
${options.queries ? `queries: ${options.queries}` : ''}
level: doc
ks: [5, 10]
context_k: 5
rerank_depth: 20
relevance_threshold: ${threshold}
metrics: [${everyMetricLabel().join(', ')}]
# The t test: the randomization test's 10,000 sign patterns per pair and metric would cost minutes here.
significance: { test: t }
output: ${output}
grid:
  chunkers: [doc]
  embedders: ['hash:64']
  retrievers:
    - { name: bm25, mode: bm25 }
${
  options.bm25Only
    ? ''
    : `    - { name: dense, mode: dense }
    - { name: hybrid, mode: hybrid }
tune:
  - { name: tuned, legs: [bm25, dense], metric: bpref, folds: 4, methods: [rrf, wsum] }
`
}`);
  const { report, runs } = await runExperiment(config, { cacheDir: path.join(dir, 'cache') });
  writeReport(output, report, runs);
  return { report, output };
}

/**
 * One experiment at `threshold`, then every entry point over the run files it wrote: the
 * report's per-query values = `testbed eval --per-query` = `testbed compare --per-query`, the
 * tune block's held-out mean = the report's mean of its metric, and `testbed tune`'s held-out
 * mean = eval of the run it wrote, each to 1e-12.
 */
export async function expectOneScorer(
  dir: string,
  corpus: string,
  qrels: string,
  threshold: number,
  queries?: string,
): Promise<void> {
  const labels = everyMetricLabel();
  const { report, output } = await gridExperiment(dir, corpus, qrels, threshold, `t${threshold}`, {
    ...(queries && { queries }),
  });
  const names = report.configs.map((c) => c.name);
  expect(names).toEqual(['bm25', 'dense', 'hybrid', 'tuned']);
  const runFile = (name: string) => path.join(output, 'runs', `${name}.trec`);
  // RRF makes exact ties (ranks 1+3 and 3+1 sum alike): the scorers must break them alike too.
  const hybrid = await readTrecRun(runFile('hybrid'));
  const ties = [...hybrid.values()].reduce(
    (n, docs) => n + docs.filter((d, i) => i > 0 && d.score === docs[i - 1]!.score).length,
    0,
  );
  expect(ties).toBeGreaterThan(0);
  const common = ['--threshold', String(threshold), '--metrics', labels.join(',')];

  for (const c of report.configs) {
    const evaluated = await runCli(['eval', qrels, runFile(c.name), ...common, '--json', '--per-query']);
    expect(evaluated.code, evaluated.err).toBe(0);
    const json = JSON.parse(evaluated.out) as { per_query: Record<string, Record<string, number>> };
    expectSameScores(c.perQuery, json.per_query, labels, `${c.name}: report vs eval`);
  }

  const compared = await runCli([
    'compare',
    ...names.map(runFile),
    '--qrels',
    qrels,
    ...common,
    '--names',
    names.join(','),
    '--format',
    'json',
    '--per-query',
  ]);
  expect(compared.code, compared.err).toBe(0);
  const perRun = (JSON.parse(compared.out) as { per_query: Record<string, Record<string, Record<string, number>>> })
    .per_query;
  for (const c of report.configs) expectSameScores(c.perQuery, perRun[c.name]!, labels, `${c.name}: report vs compare`);

  const tuned = report.configs.find((c) => c.name === 'tuned')!;
  expect(Math.abs(tuned.tuning!.heldOut.mean - tuned.means.bpref!)).toBeLessThanOrEqual(1e-12);

  for (const metric of ['bpref', 'ndcg@10', 'judged@10']) {
    const out = path.join(dir, `tuned-t${threshold}-${metric}.trec`);
    const t = await runCli([
      'tune',
      runFile('bm25'),
      runFile('dense'),
      '--qrels',
      qrels,
      '--threshold',
      String(threshold),
      '--metric',
      metric,
      // The tune block's methods: the whole default grid would cost minutes and test nothing more.
      '--methods',
      'rrf,wsum',
      '--out',
      out,
      '--json',
    ]);
    expect(t.code, t.err).toBe(0);
    const heldOut = (JSON.parse(t.out) as { held_out: { mean: number } }).held_out.mean;
    const e = await runCli(['eval', qrels, out, '--threshold', String(threshold), '--metrics', metric, '--json']);
    const evalMean = (JSON.parse(e.out) as { metrics: Record<string, number> }).metrics[metric]!;
    expect(Math.abs(heldOut - evalMean), `tune ${metric}`).toBeLessThanOrEqual(1e-12);
  }
}
