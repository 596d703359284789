import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readQrels } from '../../src/corpus/read-qrels.js';
import { METRIC_TABLE } from '../../src/metrics/index.js';
import { readTrecRun } from '../../src/runs/trec-run-reader.js';
import { timeBudget } from '../helpers/time-budget.js';
import { tmpDir } from '../helpers/tmp.js';
import { everyMetricLabel, expectOneScorer, gradedWithHoles, gridExperiment } from './one-scorer-helpers.js';

const DEMO = path.resolve(import.meta.dirname, '../../corpora/demo');

/**
 * One judgement model, one scorer: at thresholds 1 and 2, on qrels holding grade-0 (judged not
 * relevant) and negative (pooled, not judged) lines, every entry point gives every metric of the
 * metric table the same value for every query, to 1e-12: the experiment's report, `testbed
 * eval` and `testbed compare --per-query` on the run files the experiment wrote, and the
 * held-out scores of a tune block and of `testbed tune`. The metric list is read from the
 * table, so a metric added to it is covered here without a new test. The same check runs on two
 * public collections in test/shared-corpora/one-scorer.test.ts.
 */
describe('every command scores a run alike (demo, grade-0 and negative judgements)', () => {
  let dir: string;
  let qrels: string;
  let queries: string;

  beforeAll(async () => {
    dir = tmpDir('one-scorer-');
    // Every third query of the demo (real and synthetic, every type), to keep the file quick: the
    // check is the same on 118 queries as on 353.
    const lines = fs.readFileSync(path.join(DEMO, 'queries.jsonl'), 'utf8').trim().split('\n');
    const kept = lines.filter((_, i) => i % 3 === 0);
    const ids = new Set(kept.map((l) => (JSON.parse(l) as { _id: string })._id));
    queries = path.join(dir, 'queries.jsonl');
    fs.writeFileSync(queries, kept.join('\n') + '\n');
    const all = await readQrels(path.join(DEMO, 'qrels', 'test.tsv'));
    const published = new Map([...all].filter(([qid]) => ids.has(qid)));
    const publishedFile = path.join(dir, 'published.tsv');
    // The published qrels of those queries (no run: no hole filled).
    fs.writeFileSync(publishedFile, gradedWithHoles(published, new Map()));
    // The holes are filled from a BM25 run of the demo, so the grade-0 and negative lines fall on
    // documents the configurations retrieve: bpref, judged@k and nDCG's ideal all read them.
    const first = await gridExperiment(dir, DEMO, publishedFile, 1, 'pool', { bm25Only: true, queries });
    const bm25 = await readTrecRun(path.join(first.output, 'runs', 'bm25.trec'));
    qrels = path.join(dir, 'graded.tsv');
    fs.writeFileSync(qrels, gradedWithHoles(published, bm25));
  }, timeBudget(240_000));

  it('writes qrels with grades -1, 0, 1 and 2, so the check is not vacuous', async () => {
    const grades = new Set([...(await readQrels(qrels)).values()].flatMap((d) => [...d.values()]));
    expect([...grades].sort()).toEqual([-1, 0, 1, 2]);
    const labels = everyMetricLabel();
    expect(labels).toEqual(expect.arrayContaining(['bpref', 'judged@10', 'ndcg@10', 'map', 'map@10', 'hit@5']));
    expect(new Set(labels.map((l) => l.split('@')[0]))).toEqual(new Set(METRIC_TABLE.map((r) => r.name)));
  });

  for (const threshold of [1, 2])
    it(
      `threshold ${threshold}: report = eval = compare = tune, per query and metric`,
      () => expectOneScorer(dir, DEMO, qrels, threshold, queries),
      timeBudget(240_000),
    );
});
