import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readQrels } from '../../src/corpus/index.js';
import { bpref, evaluate, parseMetricList } from '../../src/metrics/index.js';
import { readTrecRun } from '../../src/runs/trec-run-reader.js';
import { judgementsOf } from '../../src/metrics/judgements.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const fixture = (name: string) => path.join(ROOT, 'test/fixtures/bpref', name);

describe('bpref', () => {
  it('worked example: skips unjudged and "pooled, not judged" documents, caps the non-relevant count at R', () => {
    // R = 3 (r1 r2 r3), N = 4 (n1..n4; p1 is graded -1: pooled, not judged, so neither).
    const judged = new Map([
      ['r1', 1],
      ['r2', 2],
      ['r3', 1],
      ['n1', 0],
      ['n2', 0],
      ['n3', 0],
      ['n4', 0],
      ['p1', -1],
    ]);
    const ranking = ['u1', 'n1', 'r1', 'p1', 'n2', 'n3', 'u2', 'n4', 'r2'];
    // r1 has n1 above it: 1 - min(1, 3)/min(4, 3) = 2/3. r2 has n1..n4 above: 1 - min(4, 3)/3 = 0. r3 is not retrieved.
    expect(bpref(ranking, judged, undefined, 1)).toBeCloseTo((2 / 3 + 0) / 3, 12);
    // Unjudged documents change nothing: the same ranking without them scores the same.
    expect(bpref(['n1', 'r1', 'n2', 'n3', 'n4', 'r2'], judged, undefined, 1)).toBeCloseTo(2 / 9, 12);
  });

  it('a relevant document with no judged non-relevant one above adds 1, also when N is 0', () => {
    const judged = new Map([
      ['r1', 1],
      ['r2', 1],
    ]);
    // N = 0: min(N, R) would be 0, but no non-relevant document can be above either relevant one.
    expect(bpref(['x', 'r1', 'y', 'r2'], judged, undefined, 1)).toBe(1);
    // Half the relevant documents retrieved, none below a non-relevant one: 1/2.
    expect(bpref(['r1'], judged, undefined, 1)).toBe(0.5);
  });

  it('follows the threshold: grades below it are judged non-relevant, R and N both move', () => {
    const judged = new Map([
      ['a', 2],
      ['b', 1],
      ['c', 0],
    ]);
    // Threshold 2: R = 1 (a), N = 2 (b, c). b is above a: 1 - min(1, 1)/min(2, 1) = 0.
    expect(bpref(['b', 'a'], judged, undefined, 2)).toBe(0);
    // Threshold 1: R = 2 (a, b), N = 1 (c). Nothing non-relevant above either: (1 + 1)/2.
    expect(bpref(['b', 'a'], judged, undefined, 1)).toBe(1);
    expect(bpref([], new Map([['c', 0]]), undefined, 1)).toBe(0);
  });

  it('equals the independent evaluator per query, on runs with unjudged documents', async () => {
    for (const dir of ['bpref', 'eval']) {
      const qrels = path.join(ROOT, 'test/fixtures', dir, 'qrels.txt');
      const run = path.join(ROOT, 'test/fixtures', dir, 'run.txt');
      const python = execFileSync(
        'python3',
        [path.join(ROOT, 'bench/independent-eval.py'), qrels, run, '--per-query'],
        {
          encoding: 'utf8',
        },
      );
      const expected = python
        .trim()
        .split('\n')
        .map((l) => l.split('\t'))
        .filter(([name, qid]) => name === 'bpref' && qid !== 'all');
      expect(expected.length).toBeGreaterThan(2);
      const ours = evaluate(judgementsOf(await readQrels(qrels)), await readTrecRun(run), parseMetricList('bpref'));
      expect(ours.evaluated).toEqual(expected.map(([, qid]) => qid));
      for (const [, qid, value] of expected) expect(ours.perQuery.get(qid!)!.bpref!.toFixed(4), qid).toBe(value);
    }
  });

  it('the bpref fixture has what makes bpref differ from the other metrics', async () => {
    // Unjudged documents above relevant ones, a -1 grade, and a query with more non-relevant than relevant.
    const qrels = await readQrels(fixture('qrels.txt'));
    const run = await readTrecRun(fixture('run.txt'));
    const unjudgedRetrieved = [...run].filter(([qid, docs]) => docs.some((d) => !qrels.get(qid)?.has(d.id)));
    expect(unjudgedRetrieved.length).toBeGreaterThanOrEqual(3);
    expect([...qrels.values()].some((j) => [...j.values()].includes(-1))).toBe(true);
  });
});
