import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseExperimentConfig } from '../../src/experiments/config.js';
import { runExperiment } from '../../src/experiments/runner.js';
import { writeReport } from '../../src/reports/write-report.js';
import { runCli } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';
import { timeBudget } from '../helpers/time-budget.js';

const DEMO = path.resolve(import.meta.dirname, '../../corpora/demo');
const QRELS = path.join(DEMO, 'qrels', 'test.tsv');
const METRICS = ['ndcg@10', 'recall@20', 'map@100'];

async function evalMeans(run: string): Promise<Record<string, number>> {
  const { code, out, err } = await runCli(['eval', QRELS, run, '--metrics', METRICS.join(','), '--json']);
  expect(code, err).toBe(0);
  return (JSON.parse(out) as { metrics: Record<string, number> }).metrics;
}

// The issue's acceptance case: one grid retriever that is three legs (FTS5 over Porter terms,
// wink BM25 over the same terms, and a dense leg), fused; its report and `testbed eval` on the
// run file the report ships must agree. A run-file leg then fuses that very run with BM25.
describe('an experiment whose retrievers are pipelines', () => {
  it(
    'runs a 3-leg pipeline (fts5 porter + wink + dense), reports it as fused beside the best single leg, and its run file scores the same under testbed eval',
    async () => {
      const dir = tmpDir('pipeline-exp-');
      const output = path.join(dir, 'out');
      const config = parseExperimentConfig(`name: three-legs
corpus: ${DEMO}
level: doc
ks: [5, 20]
context_k: 5
rerank_depth: 20
metrics: [${METRICS.join(', ')}]
output: ${output}
grid:
  chunkers: [doc]
  embedders: ['hash:64']
  tokenizers: [porter]
  retrievers:
    - { name: fts5, mode: bm25, engine: fts5 }
    - { name: wink, mode: bm25, engine: wink }
    - name: three
      legs:
        - { type: lexical, engine: fts5 }
        - { type: lexical, engine: wink, k1: 0.9, b: 0.4 }
        - { type: dense }
      fusion: { method: rrf, rrf_k: 60, weights: { dense: 0.5 } }
`);
      const { report, runs } = await runExperiment(config, { cacheDir: path.join(dir, 'cache') });
      writeReport(output, report, runs);

      const three = report.configs.find((c) => c.name === 'three')!;
      expect(three.kind).toBe('fused');
      expect(three.pipeline!.legs.map((l) => l.name)).toEqual(['fts5', 'wink', 'dense']);
      expect(three.pipeline!.fusion!.weights).toEqual([1, 1, 0.5]);
      // The best single retriever on the same index stands beside the fusion.
      const singles = report.configs.filter((c) => c.kind === 'lexical');
      const best = singles.reduce((a, b) => ((b.means['ndcg@10'] ?? 0) > (a.means['ndcg@10'] ?? 0) ? b : a));
      expect(three.bestSingle?.name).toBe(best.name);
      expect(fs.readFileSync(path.join(output, 'report.md'), 'utf8')).toContain('three');

      for (const c of report.configs) {
        const fromFile = await evalMeans(path.join(output, 'runs', `${c.name}.trec`));
        for (const m of METRICS) expect(fromFile[m], `${c.name} ${m}`).toBeCloseTo(c.means[m]!, 10);
      }

      // A run file as a leg: the three-leg run fused with BM25 by a second experiment.
      const runFile = path.join(output, 'runs', 'three.trec');
      const second = parseExperimentConfig(`name: with-run
corpus: ${DEMO}
level: doc
ks: [5]
metrics: [${METRICS.join(', ')}]
output: ${path.join(dir, 'out2')}
grid:
  chunkers: [doc]
  embedders: ['hash:64']
  tokenizers: [porter]
  retrievers:
    - { name: replay, legs: [{ type: run, file: ${JSON.stringify(runFile)} }] }
    - { name: fused, legs: [{ type: run, name: prod, file: ${JSON.stringify(runFile)} }, { type: lexical, engine: fts5 }], fusion: { method: combsum } }
`);
      const again = await runExperiment(second, { cacheDir: path.join(dir, 'cache') });
      const replay = again.report.configs.find((c) => c.name === 'replay')!;
      expect(replay.kind).toBe('run');
      // A run replayed through a run leg scores what the run file scores: the same list, cut the same way.
      for (const m of METRICS) expect(replay.means[m], m).toBeCloseTo(three.means[m]!, 10);
      const fused = again.report.configs.find((c) => c.name === 'fused')!;
      expect(fused.kind).toBe('fused');
      expect(again.runs.get('fused')!.rankings[Object.keys(fused.perQuery)[0]!]!.length).toBeGreaterThan(0);
    },
    timeBudget(120_000),
  );

  it('refuses a retriever that sets what the experiment owns, or spells a leg wrong, naming the line', () => {
    const yaml = (retriever: string) => `name: t\ncorpus: ${DEMO}\ngrid:\n  retrievers:\n${retriever}`;
    expect(() => parseExperimentConfig(yaml('    - { name: a, mode: bm25, k: 5 }\n'), 'exp.yaml')).toThrow(
      /exp\.yaml:5 \(field "grid\.retrievers\.0\.k"\): k is the experiment's/,
    );
    expect(() =>
      parseExperimentConfig(yaml('    - name: a\n      legs:\n        - { type: lexical, engin: fts5 }\n'), 'exp.yaml'),
    ).toThrow(/exp\.yaml:7 \(field "grid\.retrievers\.0\.legs\.0\.engin"\): unknown parameter "engin"/);
    expect(() => parseExperimentConfig(yaml('    - { name: a }\n'), 'exp.yaml')).toThrow(/needs mode .* or legs/);
  });
});
