import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseExperimentConfig } from '../../src/experiments/config.js';
import { planExperiment } from '../../src/experiments/plan.js';
import { runExperiment } from '../../src/experiments/runner.js';
import { addExpertQuery } from '../../src/gold/expert-query.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';
import { relevantDocs } from '../../src/metrics/judgements.js';

const dir = tmpDir('expert-experiment-');
const corpus = path.join(dir, 'tiny');
const config = () =>
  parseExperimentConfig(
    `name: expert\ncorpus: ${corpus}\nks: [5]\noutput: ${path.join(dir, 'out')}\ngrid:\n  embedders: [none]\n  retrievers: [{ name: bm25, mode: bm25 }]\n`,
  );
let answered: string;
let unanswered: string;

beforeAll(async () => {
  fs.cpSync(TINY_BEIR, corpus, { recursive: true });
  const qrels = path.join(corpus, 'qrels', 'test.tsv');
  answered = (
    await addExpertQuery(qrels, {
      text: 'how do I install harbor on macOS',
      judge: 'Ann',
      judgements: [
        { docId: 'install-mac', grade: 2 },
        { docId: 'install-linux', grade: 0 },
      ],
    })
  ).query.id;
  unanswered = (
    await addExpertQuery(qrels, {
      text: 'can harbor sync with dropbox',
      judge: 'Ann',
      judgements: [{ docId: 'plans', grade: 0 }],
    })
  ).query.id;
});

describe('an experiment over a gold set with written questions', () => {
  it('plans them as queries, with the expert’s relevant documents as their gold', async () => {
    const plan = await planExperiment(config());
    expect(plan.queries.map((q) => q.id)).toEqual(['q1', 'q2', 'q3', 'q4', 'q5', answered, unanswered]);
    expect(plan.answerable.has(answered)).toBe(true);
    expect(relevantDocs(plan.judgements, answered)).toEqual(new Map([['install-mac', 2]]));
    // Only grade 0 marked: judged, but nothing answers it, like q5 of the fixture.
    expect(plan.unanswerable).toEqual(['q5', unanswered]);
  });

  it('scores them: recall@5 of the question is whether install-mac is in its top 5', async () => {
    const run = await runExperiment(config(), { cacheDir: path.join(dir, 'cache') });
    expect(run.report.queries).toEqual({ total: 7, answerable: 5, unanswerable: ['q5', unanswered] });
    const top5 = run.runs.get('bm25')!.rankings[answered]!.slice(0, 5);
    const expected = top5.includes('install-mac') ? 1 : 0;
    const bm25 = run.report.configs.find((c) => c.name === 'bm25')!;
    expect(bm25.perQuery[answered]!['recall@5']).toBe(expected);
  });
});
