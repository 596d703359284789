import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readQrels } from '../../src/corpus/read-qrels.js';
import { parseExperimentConfig } from '../../src/experiments/config.js';
import { runExperiment } from '../../src/experiments/runner.js';
import { evaluate, parseMetricList } from '../../src/metrics/index.js';
import { writeReport } from '../../src/reports/write-report.js';
import { readTrecRun } from '../../src/runs/trec-run-reader.js';
import { tmpDir } from '../helpers/tmp.js';

const DEMO = path.resolve(import.meta.dirname, '../../corpora/demo');

// The report's numbers must be the ones trec_eval prints for the run files the report ships.
// RRF produces exact ties (ranks 1+3 and 3+1 sum alike); trec_eval breaks them by document id
// descending, so a report that scored them in any other order would disagree at ties.
describe("report metrics = testbed eval (trec_eval) on the report's own run files", () => {
  it('agrees on every query and metric, ties included', async () => {
    const dir = tmpDir('report-eval-');
    const corpus = DEMO;
    const metrics = ['ndcg@3', 'mrr', 'hit@1', 'recall@5', 'precision@1', 'map'];
    const config = parseExperimentConfig(`name: ties
corpus: ${corpus}
level: doc
ks: [1, 5]
context_k: 1
rerank_depth: 5
metrics: [${metrics.join(', ')}]
output: ${path.join(dir, 'out')}
grid:
  chunkers: [doc]
  embedders: ['hash:64']
  retrievers:
    - { name: bm25, mode: bm25 }
    - { name: hybrid, mode: hybrid }
`);
    const { report, runs } = await runExperiment(config, { cacheDir: path.join(dir, 'cache') });
    writeReport(config.output!, report, runs);

    // The fixture is only a meaningful check if a hybrid run has ties.
    const ties = Object.values(runs.get('hybrid')!.scores).reduce(
      (n, s) => n + s.filter((v, i) => i > 0 && v === s[i - 1]).length,
      0,
    );
    expect(ties).toBeGreaterThan(0);

    const qrels = await readQrels(path.join(corpus, 'qrels', 'test.tsv'));
    for (const c of report.configs) {
      const fromFile = evaluate(
        qrels,
        await readTrecRun(path.join(config.output!, 'runs', `${c.name}.trec`)),
        parseMetricList(metrics.join(',')),
      );
      expect(fromFile.evaluated.sort(), c.name).toEqual(Object.keys(c.perQuery).sort());
      for (const m of metrics) {
        for (const [qid, values] of fromFile.perQuery)
          expect(values[m], `${c.name} ${qid} ${m}`).toBe(c.perQuery[qid]![m]);
        expect(fromFile.mean[m], `${c.name} ${m}`).toBe(c.means[m]);
      }
    }
  });
});
