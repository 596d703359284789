import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHashEmbedder } from '../../src/embedders/hash.js';
import { registerEmbedderKind } from '../../src/embedders/registry.js';
import { parseExperimentConfig } from '../../src/experiments/config.js';
import { runExperiment } from '../../src/experiments/runner.js';
import { tmpDir } from '../helpers/tmp.js';
import { qdrantAnswer, startFakeEngine, type FakeEngine } from '../retrievers/helpers/fake-engine.js';

/**
 * ANN recall runs our exact scan for the queries a qdrant leg searched with our query vectors.
 * The scan must take those vectors, not embed every query a second time (a paid or throttled
 * embeddings API was called twice per query): an embedder kind that counts its query
 * embeddings sees each query once over the whole experiment.
 */
const DEMO = path.resolve(import.meta.dirname, '../../corpora/demo');
const QUERIES = fs
  .readFileSync(path.join(DEMO, 'queries.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((l) => (JSON.parse(l) as { text: string }).text);
const embedded = new Map<string, number>();
let unregister: () => void;
let qdrant: FakeEngine;

beforeAll(async () => {
  const hash = createHashEmbedder(64);
  unregister = registerEmbedderKind({
    name: 'counted',
    form: 'counted',
    check: () => undefined,
    create: async () => ({
      id: 'counted',
      dims: hash.dims,
      maxTokens: hash.maxTokens,
      embed(texts, role) {
        if (role === 'query') for (const t of texts) embedded.set(t, (embedded.get(t) ?? 0) + 1);
        return hash.embed(texts, role);
      },
    }),
  });
  qdrant = await startFakeEngine();
  // Any answer will do (the document's one chunk at document level): ANN recall is not what is
  // tested, only how often the queries are embedded.
  qdrant.answer(async () =>
    qdrantAnswer([{ id: 0, score: 1, payload: { doc_id: 'admin-dashboard', chunk_id: 'admin-dashboard#0' } }]),
  );
});
afterAll(async () => {
  unregister();
  await qdrant.close();
});

describe('ANN recall against the exact scan', () => {
  it('embeds each query once: the exact scan reuses the vectors the qdrant leg searched with', async () => {
    const dir = tmpDir('ann-once-');
    const { report } = await runExperiment(
      parseExperimentConfig(`name: ann-once
corpus: ${DEMO}
level: doc
ks: [5]
metrics: [ndcg@10]
output: ${path.join(dir, 'out')}
grid:
  chunkers: [doc]
  embedders: [counted]
  retrievers:
    - { name: qd, legs: [{ type: qdrant, url: '${qdrant.url}', collection: demo }] }
`),
      { cacheDir: path.join(dir, 'cache') },
    );
    expect(report.configs[0]!.failedQueries).toBeUndefined();
    expect(report.configs[0]!.annRecall?.queries).toBe(QUERIES.length);
    expect(embedded.size).toBe(new Set(QUERIES).size);
    for (const [text, n] of embedded) expect(n, text).toBe(QUERIES.filter((q) => q === text).length);
  });
});
