import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readQrels } from '../../src/corpus/index.js';
import { evaluate, parseMetricList } from '../../src/metrics/index.js';
import { readTrecRun } from '../../src/runs/trec-run-reader.js';
import { judgementsOf } from '../../src/metrics/judgements.js';

/**
 * trec_eval cannot be installed here, so agreement is also checked against a second,
 * independent implementation of the same definitions (bench/independent-eval.py, plain Python,
 * no shared code) on the hand-made fixture with ties, graded judgements and missing queries.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const QRELS = path.join(ROOT, 'test/fixtures/eval/qrels.txt');
const RUN = path.join(ROOT, 'test/fixtures/eval/run.txt');

describe('testbed eval agrees with an independent implementation', () => {
  it('on every metric, to 4 decimals', async () => {
    const python = execFileSync('python3', [path.join(ROOT, 'bench/independent-eval.py'), QRELS, RUN], {
      encoding: 'utf8',
    });
    const expected = Object.fromEntries(
      python
        .trim()
        .split('\n')
        .filter((l) => l.includes('\tall\t'))
        .map((l) => [l.split('\t')[0]!, Number(l.split('\t')[2])]),
    );
    expect(Object.keys(expected)).toHaveLength(20);
    const ours = evaluate(
      judgementsOf(await readQrels(QRELS)),
      await readTrecRun(RUN),
      parseMetricList(Object.keys(expected).join(',')),
    );
    for (const [label, value] of Object.entries(expected))
      expect(ours.mean[label]!.toFixed(4), label).toBe(value.toFixed(4));
  });
});
