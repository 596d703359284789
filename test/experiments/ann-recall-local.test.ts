import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerEmbedderKind } from '../../src/embedders/registry.js';
import { parseExperimentConfig } from '../../src/experiments/config.js';
import { runExperiment } from '../../src/experiments/runner.js';
import { renderMarkdown } from '../../src/reports/markdown.js';
import { createRng } from '../../src/stats/prng.js';
import { setFileTimeouts } from '../helpers/file-timeouts.js';
import { timeBudget } from '../helpers/time-budget.js';
import { DEMO_CORPUS, tmpDir } from '../helpers/tmp.js';

/**
 * The experiment's ANN-recall section holds the local dense leg with `ann` against the exact scan
 * as it does a cluster's knn leg: one row per setting, named by its HNSW parameters. At an
 * ef_search above the demo's chunk count the graph search visits every node, so its recall is
 * 1 (to a swap at the 10th place); the narrow setting is listed beside it, whatever it recalls. The embedder gives
 * each text a seeded random unit vector: no two chunks tie (the hash embedder's bag-of-words
 * vectors tie often, and among tied rows the graph and the scan may keep different ones).
 */
setFileTimeouts({ testTimeout: timeBudget(120_000), hookTimeout: timeBudget(60_000) });

const DIMS = 32;
let unregister: () => void;
beforeAll(() => {
  unregister = registerEmbedderKind({
    name: 'noise',
    form: 'noise',
    check: () => undefined,
    create: async () => ({
      id: 'noise',
      dims: DIMS,
      maxTokens: 1_000_000,
      embed: async (texts) => ({
        vectors: texts.map((t) => {
          const rng = createRng(createHash('sha256').update(t).digest().readUInt32LE(0));
          const v = Float32Array.from({ length: DIMS }, () => rng() - 0.5);
          const norm = Math.hypot(...v);
          return v.map((x) => x / norm);
        }),
        truncated: texts.map(() => false),
      }),
    }),
  });
});
afterAll(() => unregister());

const QUERIES = fs.readFileSync(path.join(DEMO_CORPUS, 'queries.jsonl'), 'utf8').trim().split('\n').length;

describe('ANN recall of the local dense leg', () => {
  it('is measured against the exact scan per ann setting and listed by its settings in the report', async () => {
    const dir = tmpDir('ann-local-');
    const { report } = await runExperiment(
      parseExperimentConfig(`name: ann-local
corpus: ${DEMO_CORPUS}
level: doc
ks: [10]
metrics: [ndcg@10]
output: ${path.join(dir, 'out')}
grid:
  chunkers: [doc]
  embedders: [noise]
  retrievers:
    - { name: exact, legs: [{ type: dense }] }
    - { name: ann-wide, legs: [{ type: dense, ann: { ef_search: 4096 } }] }
    - { name: ann-narrow, legs: [{ type: dense, ann: { ef_search: 1, connectivity: 4, ef_construction: 8 } }] }
`),
      { cacheDir: path.join(dir, 'cache') },
    );
    const config = (name: string) => report.configs.find((c) => c.name.includes(name))!;
    expect(config('exact').annRecall).toBeUndefined();
    const wide = config('ann-wide').annRecall!;
    expect(wide).toMatchObject({
      engine: 'dense',
      endpoint: 'usearch HNSW M=16 ef_construction=128 ef_search=4096',
      queries: QUERIES,
      level: 'doc',
    });
    // Exhaustive over the graph, so 1 but for a swap at the 10th place (float32 against float64
    // sums): one run of several here, on a loaded machine, missed an exact 1. A broken leg or
    // comparison is far below 0.99 (the narrow setting's recall is not bounded at all).
    expect(wide.values['ann_recall@10']).toBeGreaterThanOrEqual(0.99);
    const narrow = config('ann-narrow').annRecall!;
    expect(narrow.endpoint).toBe('usearch HNSW M=4 ef_construction=8 ef_search=1');
    expect(Object.keys(narrow.values)).toEqual(['ann_recall@10']);

    const md = renderMarkdown(report);
    expect(md).toContain('## ANN recall against the exact scan');
    expect(md).toMatch(
      new RegExp(
        `\\| \`[^\`]*ann-wide[^\`]*\` \\| dense \\| \`usearch HNSW M=16 ef_construction=128 ef_search=4096\` \\| ${QUERIES} \\| (1\\.0000|0\\.99\\d\\d) \\|`,
      ),
    );
    expect(md).toContain('`usearch HNSW M=4 ef_construction=8 ef_search=1`');
  });
});
