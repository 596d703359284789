import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHashEmbedder } from '../../src/embedders/hash.js';
import { parseExperimentConfig } from '../../src/experiments/config.js';
import { runExperiment } from '../../src/experiments/runner.js';
import { renderMarkdown } from '../../src/reports/markdown.js';
import { Searcher } from '../../src/search/searcher.js';
import { parsePipeline } from '../../src/pipeline/resolve-pipeline.js';
import { tmpDir } from '../helpers/tmp.js';
import { qdrantAnswer, searchAnswer, startFakeEngine, type FakeEngine } from '../retrievers/helpers/fake-engine.js';
import { timeBudget } from '../helpers/time-budget.js';

const DEMO = path.resolve(import.meta.dirname, '../../corpora/demo');
const QUERIES = fs
  .readFileSync(path.join(DEMO, 'queries.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as { _id: string; text: string });
const embedder = createHashEmbedder(64);

/** The one index an experiment built in its cache (every cell here runs on the same one), opened as a local Searcher. */
function experimentIndex(cacheDir: string): Searcher {
  const dir = path.join(cacheDir, 'indexes');
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.sqlite'));
  expect(files).toHaveLength(1);
  return new Searcher('experiment', path.join(dir, files[0]!), async () => embedder);
}

const config = (dir: string, retrievers: string) =>
  parseExperimentConfig(`name: engines
corpus: ${DEMO}
level: doc
ks: [5, 20]
context_k: 5
rerank_depth: 20
metrics: [ndcg@10, recall@20, map@100]
output: ${path.join(dir, 'out')}
grid:
  chunkers: [doc]
  embedders: ['hash:64']
  tokenizers: [porter]
  retrievers:
${retrievers}`);

describe('experiments over search-engine legs', () => {
  const engines: FakeEngine[] = [];
  const searchers: Searcher[] = [];
  let opensearch: FakeEngine;
  let qdrant: FakeEngine;
  beforeAll(async () => {
    engines.push((opensearch = await startFakeEngine()), (qdrant = await startFakeEngine()));
  });
  afterAll(async () => {
    for (const s of searchers) s.close();
    await Promise.all(engines.map((e) => e.close()));
  });

  it(
    'an opensearch leg whose cluster answers with our fts5 BM25 scores the same metrics, query for query, as the local fts5 configuration',
    async () => {
      const dir = tmpDir('engine-exp-');
      const cacheDir = path.join(dir, 'cache');
      let local: Searcher | undefined;
      const fts5 = parsePipeline({ legs: [{ type: 'lexical', engine: 'fts5' }], k: 100, level: 'doc' });
      // The fake cluster: BM25 by our own FTS5 leg over the experiment's index, as _search hits keyed by document id.
      opensearch.answer(async (req) => {
        const body = req.body as { size: number; query: { multi_match: { query: string } } };
        if (!local) searchers.push((local = experimentIndex(cacheDir)));
        const { hits } = await local.retrieve(
          await local.prepare({ ...fts5, k: body.size }),
          body.query.multi_match.query,
        );
        return searchAnswer(hits.map((h) => ({ _id: h.docId, _score: h.score, _source: { title: 'ignored' } })));
      });
      const before = opensearch.seen.length;
      const { report } = await runExperiment(
        config(
          dir,
          `    - { name: local, legs: [{ type: lexical, engine: fts5 }] }
    - { name: cluster, legs: [{ type: opensearch, url: '${opensearch.url}', index: demo }] }
`,
        ),
        { cacheDir },
      );
      const [localRun, cluster] = ['local', 'cluster'].map((n) => report.configs.find((c) => c.name === n)!);
      expect(opensearch.seen.length - before).toBe(QUERIES.length);
      expect(cluster!.kind).toBe('opensearch');
      expect(Object.keys(cluster!.perQuery).length).toBeGreaterThan(100);
      expect(cluster!.perQuery).toEqual(localRun!.perQuery);
      expect(cluster!.means).toEqual(localRun!.means);
      // The remote leg's latency is recorded like a local leg's.
      expect(cluster!.latency.p50).toBeGreaterThan(0);
      // A lexical leg sends no vector, so it has no ANN recall.
      expect(cluster!.annRecall).toBeUndefined();
    },
    timeBudget(120_000),
  );

  it(
    'a qdrant leg reports ann_recall@k against our exact scan: the exact list with its first and last hit swapped gives (k - 1) / k',
    async () => {
      const dir = tmpDir('engine-ann-');
      const cacheDir = path.join(dir, 'cache');
      let local: Searcher | undefined;
      const dense = parsePipeline({ legs: [{ type: 'dense' }], k: 100, level: 'doc' });
      // The fake finds the query text by its vector (the hash embedder is deterministic), ranks by our exact scan, and moves the
      // first document to the end of its list: within any top k shorter than the list, one of the exact k is missing.
      const textOf = new Map<string, string>();
      for (const q of QUERIES)
        textOf.set(JSON.stringify(Array.from((await embedder.embed([q.text], 'query')).vectors[0]!)), q.text);
      qdrant.answer(async (req) => {
        const body = req.body as { query: number[]; limit: number };
        if (!local) searchers.push((local = experimentIndex(cacheDir)));
        const text = textOf.get(JSON.stringify(body.query));
        if (text === undefined) return { status: 400, json: { status: { error: 'unknown vector' } } };
        const { hits } = await local.retrieve(await local.prepare({ ...dense, k: body.limit }), text);
        const swapped = [...hits.slice(1), hits[0]!];
        return qdrantAnswer(
          swapped.map((h, i) => ({ id: i, score: 1 - i / 1000, payload: { doc_id: h.docId, chunk_id: h.chunkId } })),
        );
      });
      const { report } = await runExperiment(
        config(
          dir,
          `    - { name: qd, legs: [{ type: qdrant, url: '${qdrant.url}', collection: demo }] }
    - { name: exact, legs: [{ type: dense }] }
`,
        ),
        { cacheDir },
      );
      const qd = report.configs.find((c) => c.name === 'qd')!;
      expect(qd.kind).toBe('qdrant');
      // The cluster is asked for 100 (the retrieval depth; 270 documents), so the moved document is outside every top k.
      const { values, ...rest } = qd.annRecall!;
      expect(rest).toEqual({
        leg: 'qdrant',
        engine: 'qdrant',
        endpoint: `POST ${qdrant.url}/collections/demo/points/query`,
        queries: QUERIES.length,
        level: 'doc',
      });
      expect(Object.keys(values)).toEqual(['ann_recall@5', 'ann_recall@20']);
      // A mean of 353 equal fractions, summed in floating point.
      expect(values['ann_recall@5']).toBeCloseTo(4 / 5, 12);
      expect(values['ann_recall@20']).toBeCloseTo(19 / 20, 12);
      // The local dense configuration is not a remote leg: nothing to compare.
      expect(report.configs.find((c) => c.name === 'exact')!.annRecall).toBeUndefined();
      const md = renderMarkdown(report);
      expect(md).toContain('## ANN recall against the exact scan');
      expect(md).toContain('|ANN top k ∩ exact top k| / |exact top k|');
      expect(md).toMatch(
        /\| `qd` \| qdrant \| `POST http:\/\/127\.0\.0\.1:\d+\/collections\/demo\/points\/query` \| 353 \| 0\.8000 \| 0\.9500 \|/,
      );
    },
    timeBudget(120_000),
  );
});
