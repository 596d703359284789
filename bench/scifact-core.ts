/**
 * The core pipeline on BEIR SciFact (test split, 300 queries), document level, one chunk per
 * document: index build time, per-mode query latency and quality (nDCG@10, recall@100) next to
 * Anserini's published BM25 (flat: 0.679 / 0.925).
 *
 *   npx tsx bench/scifact-core.ts [--corpus ../shared/corpora/scifact] [--embedder use-lite] [--tokenizer unicode61] [--out bench/.out]
 *
 * Builds go through the embedding cache (bench/.out/.cache): the first run embeds, later runs
 * reuse the vectors, so the reported embed time is only meaningful on a cold cache (--cold).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { beirPaths, readQrels, readQueries } from '../src/corpus/index.js';
import { EmbedderPool } from '../src/embedders/embedder-pool.js';
import { buildIndex } from '../src/indexing/build-index.js';
import { ndcgAt } from '../src/metrics/ndcg.js';
import { recallAt } from '../src/metrics/recall.js';
import { Searcher } from '../src/search/searcher.js';
import type { Engine, Mode } from '../src/search/types.js';
import { pipelineForMode } from '../src/pipeline/search-spec.js';
import { latencySummary, mean } from './lib/stats.js';

const { values } = parseArgs({
  options: {
    corpus: { type: 'string', default: path.resolve(import.meta.dirname, '../../shared/corpora/scifact') },
    embedder: { type: 'string', default: 'use-lite' },
    tokenizer: { type: 'string', default: 'unicode61' },
    out: { type: 'string', default: path.resolve(import.meta.dirname, '.out') },
    cold: { type: 'boolean', default: false },
  },
});

const paths = await beirPaths(values.corpus);
const queries = await readQueries(paths.queries);
const qrels = await readQrels(paths.qrels);
const cacheFile = path.join(values.out, '.cache', 'embeddings.sqlite');
if (values.cold) fs.rmSync(cacheFile, { force: true });
const out = path.join(values.out, `scifact-${values.tokenizer}-${values.embedder.replace(/[^a-z0-9-]/gi, '_')}.sqlite`);

const t0 = performance.now();
const meta = await buildIndex({
  corpus: values.corpus,
  out,
  chunker: 'doc',
  embedder: values.embedder,
  tokenizer: values.tokenizer,
  cacheFile,
  onNotice: (m) => console.error(m),
});
const buildSeconds = (performance.now() - t0) / 1000;
console.log(
  `build: ${meta.counts.documents} docs, ${meta.counts.chunks} chunks, ${buildSeconds.toFixed(1)} s total, embedding ${meta.build.embedSeconds.toFixed(1)} s (${meta.embedder?.id}), ${(fs.statSync(out).size / 1e6).toFixed(1)} MB, ${meta.counts.truncatedChunks} chunks truncated`,
);

const pool = new EmbedderPool();
const searcher = new Searcher('scifact', out, (id) => pool.get(id));
const runs: [string, Mode, Engine][] = [
  ['bm25 (fts5)', 'bm25', 'fts5'],
  ['bm25 (wink)', 'bm25', 'wink'],
  ...(meta.embedder
    ? ([
        ['dense', 'dense', 'fts5'],
        ['hybrid rrf (fts5+dense)', 'hybrid', 'fts5'],
      ] as [string, Mode, Engine][])
    : []),
];
console.log('| run | nDCG@10 | recall@100 | p50 ms | p95 ms |\n|---|---:|---:|---:|---:|');
for (const [label, mode, engine] of runs) {
  const pipeline = pipelineForMode(mode, { engine, k: 100, level: 'doc' });
  // one warm-up query loads lazy parts (wink index, vectors, query model) outside the timings
  await searcher.search({ query: 'warm up', mode, pipeline });
  const ndcg: number[] = [];
  const recall: number[] = [];
  const ms: number[] = [];
  for (const q of queries) {
    const judged = qrels.get(q.id);
    if (!judged) continue;
    const res = await searcher.search({ query: q.text, mode, pipeline });
    ms.push(res.took_ms.total!);
    const ranking = res.hits.map((h) => h.id);
    ndcg.push(ndcgAt(ranking, judged, 10));
    recall.push(recallAt(ranking, judged, 100));
  }
  const l = latencySummary(ms);
  console.log(
    `| ${label} | ${mean(ndcg).toFixed(4)} | ${mean(recall).toFixed(4)} | ${l.p50.toFixed(2)} | ${l.p95.toFixed(2)} |`,
  );
}
console.log('| Anserini BM25 flat (published) | 0.6789 | 0.9253 | | |');
searcher.close();
await pool.close();
