import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'vitest';
import { beirPaths, readQrels } from '../../src/corpus/index.js';
import { readTrecRun } from '../../src/runs/trec-run-reader.js';
import { expectOneScorer, gradedWithHoles, gridExperiment } from '../experiments/one-scorer-helpers.js';
import { SHARED_CORPORA } from '../helpers/shared-corpora.js';
import { timeBudget } from '../helpers/time-budget.js';
import { tmpDir } from '../helpers/tmp.js';

/**
 * test/experiments/one-scorer.test.ts on two public collections: SciFact and Medline, their
 * binary qrels given a second grade and grade-0 and negative lines on BM25's first unjudged
 * documents (gradedWithHoles: arbitrary grades that exercise the scorers, not a quality figure).
 * At thresholds 1 and 2 the experiment's report, eval, compare and tune agree to 1e-12.
 */
for (const name of ['scifact', 'medline'])
  describe(`every command scores a run alike (${name})`, () => {
    const corpus = path.join(SHARED_CORPORA, name);
    const dir = tmpDir(`one-scorer-${name}-`);
    const qrels = path.join(dir, 'graded.tsv');

    it(
      'thresholds 1 and 2: report = eval = compare = tune, per query and metric',
      async () => {
        const published = (await beirPaths(corpus)).qrels;
        const first = await gridExperiment(dir, corpus, published, 1, 'pool', { bm25Only: true });
        const bm25 = await readTrecRun(path.join(first.output, 'runs', 'bm25.trec'));
        fs.writeFileSync(qrels, gradedWithHoles(await readQrels(published), bm25, { regrade: true }));
        for (const threshold of [1, 2]) await expectOneScorer(dir, corpus, qrels, threshold);
      },
      timeBudget(900_000),
    );
  });
