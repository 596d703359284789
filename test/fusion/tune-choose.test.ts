import { describe, expect, it } from 'vitest';
import type { Qrels } from '../../src/corpus/types.js';
import { parseExperimentConfig } from '../../src/experiments/config.js';
import type { NamedRun } from '../../src/fusion/fuse-runs.js';
import { describeSetting } from '../../src/fusion/tune/settings-grid.js';
import { tuneFusion } from '../../src/fusion/tune/tune-fusion.js';
import { judgementsOf } from '../../src/metrics/judgements.js';
import { parseMetric } from '../../src/metrics/index.js';

/**
 * Choosing one configuration per fold without fusing (a tune block with `methods: []`): 12
 * configurations of one leg type, too many to fuse (the weight grid alone would be C(21, 11)
 * vectors), only "each alone" is compared. Configuration c4 puts the relevant d1 first on every
 * query, every other one second: MRR 1 against 1/2. Each of the 4 folds is then ranked with c4,
 * chosen on the other folds, so the held-out run is c4's.
 */
const QUERIES = ['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7', 'q8'];
const first = [
  { id: 'd1', score: 2 },
  { id: 'd2', score: 1 },
];
const second = [
  { id: 'd2', score: 2 },
  { id: 'd1', score: 1 },
];
const configs: NamedRun[] = Array.from({ length: 12 }, (_, c) => ({
  name: `c${c}`,
  run: new Map(QUERIES.map((q) => [q, c === 4 ? first : second] as const)),
}));
const qrels: Qrels = new Map(QUERIES.map((q) => [q, new Map([['d1', 1]])]));

describe('tune without fusion: one configuration chosen per fold', () => {
  const result = tuneFusion(configs, judgementsOf(qrels), {
    metric: parseMetric('mrr'),
    grid: { methods: [] },
    folds: 4,
    select: 'best',
  });

  it('compares each configuration alone and nothing else', () => {
    expect(result.settings.map((s) => describeSetting(s, result.legNames))).toEqual(
      configs.map((c) => `${c.name} alone`),
    );
  });

  it('ranks every fold with the configuration best on the other folds: held-out MRR 1', () => {
    expect(result.choices).toHaveLength(4);
    for (const choice of result.choices) expect(choice.setting).toBe(4);
    expect(result.heldOut.mean).toBe(1);
    for (const q of QUERIES) expect(result.run.get(q)!.map((d) => d.id)).toEqual(['d1', 'd2']);
    expect(describeSetting(result.settings[result.deploy.setting]!, result.legNames)).toBe('c4 alone');
  });
});

describe('a tune block in an experiment file', () => {
  const names = configs.map((c) => c.name);
  const file = (tune: string) => `name: sweep
corpus: corpora/demo
grid:
  retrievers:
${names.map((n) => `    - { name: ${n}, legs: [{ type: rm3 }] }`).join('\n')}
tune:
  - ${tune}
`;

  it('chooses among more than 8 configurations with methods: []', () => {
    const config = parseExperimentConfig(file(`{ name: tuned, methods: [], legs: [${names.join(', ')}] }`));
    expect(config.tune[0]!.legs).toHaveLength(12);
    expect(config.tune[0]!.methods).toEqual([]);
  });

  it('refuses to fuse more than 8, saying how to choose among them instead', () => {
    expect(() => parseExperimentConfig(file(`{ name: tuned, legs: [${names.join(', ')}] }`))).toThrow(
      /at most 8 legs are fused; to choose among 12 configurations without fusing them, give methods: \[\]/,
    );
  });
});
