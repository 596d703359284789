import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseExperimentConfig } from '../../src/experiments/config.js';
import { runExperiment } from '../../src/experiments/runner.js';
import { timeBudget } from '../helpers/time-budget.js';
import { tmpDir } from '../helpers/tmp.js';

/**
 * The three-document case: d1 graded 1, d2 graded 0, d3 unjudged, and BM25 ranks d2
 * (the query's word three times in four) above d1 (once in seven) and leaves d3 out. The report
 * must read the grade-0 line as trec_eval does:
 *
 *   bpref     = (1/R) Σ (1 − min(n_r, R) / min(N, R)) with R = 1, N = 1, n_d1 = 1  =  1 − 1/1 = 0
 *   judged@10 = judged documents in the top 10 / documents there                  =  2/2 = 1
 *
 * (a report that dropped the grade-0 line said 1 and 1/2).
 */
describe('an experiment reads grade-0 judgements', () => {
  it('bpref 0 and judged@10 1 on the three-document case', { timeout: timeBudget(60_000) }, async () => {
    const dir = tmpDir('grade-zero-');
    const corpus = path.join(dir, 'tiny');
    fs.mkdirSync(path.join(corpus, 'qrels'), { recursive: true });
    const docs = [
      { _id: 'd1', title: '', text: 'alpha with six other words here' },
      { _id: 'd2', title: '', text: 'alpha alpha alpha beta' },
      { _id: 'd3', title: '', text: 'gamma delta' },
    ];
    fs.writeFileSync(path.join(corpus, 'corpus.jsonl'), docs.map((d) => JSON.stringify(d)).join('\n') + '\n');
    fs.writeFileSync(path.join(corpus, 'queries.jsonl'), JSON.stringify({ _id: 'q1', text: 'alpha' }) + '\n');
    fs.writeFileSync(path.join(corpus, 'qrels', 'test.tsv'), 'query-id\tcorpus-id\tscore\nq1\td1\t1\nq1\td2\t0\n');
    const config = parseExperimentConfig(`name: zero
corpus: ${corpus}
level: doc
ks: [10]
context_k: 10
rerank_depth: 10
metrics: [bpref, judged@10]
output: ${path.join(dir, 'out')}
grid:
  chunkers: [doc]
  embedders: [none]
  retrievers:
    - { name: bm25, mode: bm25 }
`);
    const { report, runs } = await runExperiment(config, { cacheDir: path.join(dir, 'cache') });
    expect(runs.get('bm25')!.rankings.q1).toEqual(['d2', 'd1']);
    const bm25 = report.configs[0]!;
    expect(bm25.means.bpref).toBe(1 - 1 / 1);
    expect(bm25.means['judged@10']).toBe(2 / 2);
    expect(bm25.judged?.mean).toBe(2 / 2);
  });
});
