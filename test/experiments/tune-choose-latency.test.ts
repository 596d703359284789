import { describe, expect, it } from 'vitest';
import type { CellRun } from '../../src/experiments/cell-run.js';
import { parseExperimentConfig } from '../../src/experiments/config.js';
import type { Cell } from '../../src/experiments/grid.js';
import type { ExperimentPlan } from '../../src/experiments/plan.js';
import { tuneCells } from '../../src/experiments/tune-cells.js';
import { judgementsOf } from '../../src/metrics/judgements.js';

/**
 * A tune block that chooses without fusing (methods: []) among three configurations: c1 puts
 * the relevant d1 first on every query, c0 and c2 second, so every fold chooses c1. Each query
 * then costs what c1 took for it (1 ms per query number: q3 took 3 ms), not the three summed
 * (c0 100 ms and c2 10,000 ms on every query), as a fusion of the three would.
 */
const QUERIES = ['q1', 'q2', 'q3', 'q4', 'q5', 'q6'];
const NAMES = ['c0', 'c1', 'c2'];
const config = parseExperimentConfig(`name: choose
corpus: corpora/demo
level: doc
metrics: [mrr@10]
grid:
  retrievers:
${NAMES.map((n) => `    - { name: ${n}, legs: [{ type: rm3 }] }`).join('\n')}
tune:
  - { name: chosen, methods: [], select: best, folds: 3, legs: [${NAMES.join(', ')}] }
`);
const run = (name: string, relevantFirst: boolean, ms: (q: number) => number): CellRun => ({
  key: name,
  cell: name,
  level: 'doc',
  depth: 10,
  rankings: Object.fromEntries(QUERIES.map((q) => [q, relevantFirst ? ['d1', 'd2'] : ['d2', 'd1']])),
  scores: Object.fromEntries(QUERIES.map((q) => [q, [2, 1]])),
  latencyMs: Object.fromEntries(QUERIES.map((q, i) => [q, ms(i + 1)])),
});

describe('a tune block choosing one configuration per fold', () => {
  it("costs each query its chosen configuration's latency, not every candidate's", () => {
    const judgements = judgementsOf(new Map(QUERIES.map((q) => [q, new Map([['d1', 1]])])));
    const plan = {
      config,
      judgements,
      answerable: new Set(QUERIES),
      depth: 10,
      cells: NAMES.map((name) => ({ name }) as Cell),
    } as unknown as ExperimentPlan;
    const runs = new Map([
      ['c0', run('c0', false, () => 100)],
      ['c1', run('c1', true, (q) => q)],
      ['c2', run('c2', false, () => 10_000)],
    ]);
    const [tuned] = tuneCells(plan, runs);
    expect(tuned!.tuning.perFold.map((f) => f.setting)).toEqual(['c1 alone', 'c1 alone', 'c1 alone']);
    expect(tuned!.run.latencyMs).toEqual(Object.fromEntries(QUERIES.map((q, i) => [q, i + 1])));
  });
});
