import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseExperimentConfig } from '../../src/experiments/config.js';
import { runExperiment } from '../../src/experiments/runner.js';
import type { ExperimentReport } from '../../src/reports/report-model.js';
import { writeReport } from '../../src/reports/write-report.js';
import { runCli } from '../helpers/cli.js';
import { timeBudget } from '../helpers/time-budget.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

/**
 * The same BM25 configuration run twice over the tiny fixture, before and after the gold set
 * grew: a person added one judgement and regraded another, an LLM added two. The system did not
 * change, so `testbed diff` must put every move of B − A on the judgements: B's runs re-scored
 * with A's judgements give A's means exactly (system change 0), and A's runs with B's give B's.
 */
describe('testbed diff between reports scored with different judgements', () => {
  let dir: string;
  let reports: { a: ExperimentReport; b: ExperimentReport };

  const experiment = async (corpus: string, name: string) => {
    const output = path.join(dir, name);
    const config = parseExperimentConfig(`name: ${name}
corpus: ${corpus}
level: doc
metrics: [ndcg@10, recall@5, bpref]
output: ${output}
grid:
  chunkers: [doc]
  embedders: [none]
  retrievers:
    - { name: bm25, mode: bm25 }
`);
    const run = await runExperiment(config, { cacheDir: path.join(dir, 'cache') });
    writeReport(output, run.report, run.runs, run.judgements);
    return run.report;
  };

  beforeAll(async () => {
    dir = tmpDir('testbed-diff-judgements-');
    const corpus = path.join(dir, 'tiny');
    fs.cpSync(TINY_BEIR, corpus, { recursive: true });
    const a = await experiment(corpus, 'before');
    const qrels = path.join(corpus, 'qrels', 'test.tsv');
    const add = async (...argv: string[]) => expect((await runCli(['gold', 'add', qrels, ...argv])).code).toBe(0);
    await add('q1', 'install-linux', '--grade', '1', '--source', 'human');
    await add('q1', 'error-e1042', '--grade', '2', '--source', 'human'); // was 1: regraded
    await add('q2', 'auth-failures', '--grade', '1', '--source', 'llm', '--judge', 'qwen2.5:7b');
    await add('q3', 'install-mac', '--grade', '0', '--source', 'llm', '--judge', 'qwen2.5:7b');
    const b = await experiment(corpus, 'after');
    reports = { a, b };
  }, timeBudget(120_000));

  it('says so, with the pairs added, removed and regraded by source, and the re-scored figures', async () => {
    const r = await runCli(['diff', path.join(dir, 'before'), path.join(dir, 'after')]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain(
      'A and B were scored against different judgements: pairs added 3 (human 1, llm 2), removed 0, regraded 1 (human 1).',
    );
    expect(r.err).toContain(
      'warning: A and B were scored against different judgements (3 pairs added, 0 removed, 1 regraded)',
    );
    const d = JSON.parse((await runCli(['diff', path.join(dir, 'before'), path.join(dir, 'after'), '--json'])).out);
    expect(d.judgements.kind).toBe('changed');
    const [bm25] = d.judgements.rescored as {
      name: string;
      bWithA: Record<string, number>;
      aWithB: Record<string, number>;
    }[];
    const a = reports.a.configs[0]!.means;
    const b = reports.b.configs[0]!.means;
    // The same runs under the same judgements score the same: nothing is left for the system.
    for (const m of ['ndcg@10', 'recall@5', 'bpref']) {
      expect(bm25!.bWithA[m], m).toBeCloseTo(a[m]!, 12);
      expect(bm25!.aWithB[m], m).toBeCloseTo(b[m]!, 12);
    }
    // And the judgements did move a figure, or the check above would be empty.
    expect(b['ndcg@10']).not.toBe(a['ndcg@10']);
  });

  it('a report diffed with itself was scored against the same judgements', async () => {
    const r = await runCli(['diff', path.join(dir, 'after'), path.join(dir, 'after')]);
    const pairs =
      fs
        .readFileSync(path.join(dir, 'after', 'qrels.tsv'), 'utf8')
        .trim()
        .split('\n').length - 1;
    expect(r.out).toContain(`Judgements: A and B were scored against the same ${pairs} judgements.`);
  });

  it('a report saved without its judgements: whether they changed cannot be told', async () => {
    fs.cpSync(path.join(dir, 'before'), path.join(dir, 'old'), { recursive: true });
    fs.rmSync(path.join(dir, 'old', 'qrels.tsv'));
    const r = await runCli(['diff', path.join(dir, 'old'), path.join(dir, 'after')]);
    expect(r.out).toContain(
      'Judgements: A was saved before reports recorded the judgements they were scored with, so whether the qrels changed cannot be told.',
    );
  });
});
