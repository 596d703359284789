/**
 * Our retrievers next to two in-process JavaScript search libraries, Orama 3 (full-text BM25,
 * vector, hybrid) and MiniSearch 7 (full-text BM25), on SciFact (test split), in one run: the
 * same documents (our index's chunks, one per document, title + text), the same queries, the
 * same machine. Orama's vector and hybrid search get the SAME vectors as ours (read from our
 * index with IndexReader.loadVectors) and the same query vectors (embedded once, through the
 * embedding cache). nDCG@10, recall@100 and per-query latency (p50, p95; ranked ids only, no
 * hydration on either side), and ratios ours / theirs against the matching configuration.
 *
 *   npx tsx bench/peers.ts [--embedder use-lite] [--quick | --queries N]
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { EmbedderPool } from '../src/embedders/embedder-pool.js';
import { EmbeddingCache, withCache } from '../src/embedders/embedding-cache.js';
import type { Embedder } from '../src/embedders/types.js';
import { buildIndex } from '../src/indexing/build-index.js';
import { allocateVectorMatrix, createDenseRetriever } from '../src/retrievers/dense.js';
import type { Retriever } from '../src/retrievers/types.js';
import { Searcher } from '../src/search/searcher.js';
import { pipelineForMode } from '../src/pipeline/search-spec.js';
import { printHeader } from './lib/command.js';
import { EMBEDDING_CACHE, loadGold, OUT_DIR, safeName } from './lib/corpora.js';
import { meanScores, scoreRanking } from './lib/evaluate.js';
import { pipelineRetriever } from './lib/quality-runs.js';
import { f4, fixed, mdTable, ms, ratio } from './lib/markdown.js';
import { createMiniSearchPeer } from './lib/peer-minisearch.js';
import { createOramaPeer, type PeerDoc } from './lib/peer-orama.js';
import { mib, peakRssMiB } from './lib/rss.js';
import { latencySummary } from './lib/stats.js';

const { values } = parseArgs({
  options: {
    embedder: { type: 'string', default: 'use-lite' },
    quick: { type: 'boolean', default: false },
    queries: { type: 'string' },
  },
});
const K = 100;
const limit = values.queries !== undefined ? Number(values.queries) : values.quick ? 50 : undefined;

printHeader('Peers: Orama and MiniSearch on SciFact, same documents, vectors and queries', import.meta.url);
const gold = await loadGold('scifact', limit);

// Our two indexes (FTS5 unicode61 and porter), vectors from the shared cache.
const pool = new EmbedderPool();
const cache = new EmbeddingCache(EMBEDDING_CACHE);
/** Builds (vectors from the cache) and opens our index with one FTS5 tokenizer. */
async function openOurs(tokenizer: 'unicode61' | 'porter'): Promise<Searcher> {
  const out = path.join(OUT_DIR, 'peers', `scifact-${tokenizer}-${safeName(values.embedder)}.sqlite`);
  await buildIndex({
    corpus: gold.dir,
    out,
    chunker: 'doc',
    embedder: values.embedder,
    tokenizer,
    cacheFile: EMBEDDING_CACHE,
    onNotice: (m) => console.error(m),
  });
  return new Searcher('scifact', out, async (id) => withCache(await pool.get(id), cache));
}
const searchers = { unicode61: await openOurs('unicode61'), porter: await openOurs('porter') };
const ours = searchers.porter;
const embedderId = ours.meta.embedder!.id;

// The same documents, vectors and query vectors for everyone.
const docs: PeerDoc[] = [...ours.reader.chunks()].map((c) => ({ id: c.docId, title: c.title, text: c.text }));
// Loaded as the Searcher loads them: into the dense kernel's memory, scanned in place.
const table = ours.reader.loadVectors(allocateVectorMatrix);
const vectorOf = new Map(table.docIds.map((d, i) => [d, table.matrix.subarray(i * table.dims, (i + 1) * table.dims)]));
const queryEmbedder = withCache(await pool.get(embedderId), cache);
const queryVectors = new Map<string, Float32Array>();
for (const q of gold.queries) queryVectors.set(q.text, (await queryEmbedder.embed([q.text], 'query')).vectors[0]!);
console.log(
  `${docs.length} documents, ${gold.queries.length} queries, embedder ${embedderId} (${table.dims} dims); k ${K}, document level. Latency: ranked ids only, per query, after one warm-up query, query vectors given (not embedded in the timing).\n`,
);

/** A dense retriever over our table that looks query vectors up instead of embedding them. */
const givenVectors: Embedder = {
  id: embedderId,
  dims: table.dims,
  maxTokens: 0,
  embed: async (texts) => ({ vectors: texts.map((t) => queryVectors.get(t)!), truncated: texts.map(() => false) }),
};
const dense = createDenseRetriever(table, givenVectors);
/** The bm25 shorthand's one leg (named "bm25") with this engine. */
const bm25 = async (s: Searcher, engine: 'fts5' | 'wink'): Promise<Retriever> =>
  (await s.prepare(pipelineForMode('bm25', { engine }))).legs[0]!;
const winkStart = performance.now();
const wink = await bm25(ours, 'wink');
const winkBuild = (performance.now() - winkStart) / 1000;
const fts5Porter = await bm25(ours, 'fts5');
const fromRetriever = (r: Retriever) => async (q: string) =>
  (await r.search(q, { k: K, level: 'doc' })).hits.map((h) => h.id);

interface Measured {
  ndcg10: number;
  recall100: number;
  p50: number;
  p95: number;
  rankings: string[][];
}

/** Runs `search` on every query: quality, latency and the rankings (for overlap). */
async function measure(search: (q: string, v: Float32Array) => Promise<string[]> | string[]): Promise<Measured> {
  await search(gold.queries[0]!.text, queryVectors.get(gold.queries[0]!.text)!);
  const times: number[] = [];
  const rows = [];
  const rankings: string[][] = [];
  for (const q of gold.queries) {
    const t0 = performance.now();
    const ranking = await search(q.text, queryVectors.get(q.text)!);
    times.push(performance.now() - t0);
    rankings.push(ranking);
    rows.push(scoreRanking(ranking, gold.qrels.get(q.id)!));
  }
  return { ...meanScores(rows), ...latencySummary(times), rankings };
}

// Lexical.
const oramaPlain = await createOramaPeer(docs, vectorOf, table.dims, 'default');
const oramaStemmed = await createOramaPeer(docs, vectorOf, table.dims, 'stemmed');
const oramaWhole = await createOramaPeer(docs, vectorOf, table.dims, 'whole-words');
const miniPlain = createMiniSearchPeer(docs, { analyzed: false });
const miniAnalyzed = createMiniSearchPeer(docs, { analyzed: true });
const miniAnserini = createMiniSearchPeer(docs, { analyzed: true, bm25: { k: 0.9, b: 0.4, d: 0 } });

const lexical: { name: string; settings: string; build?: number; matched?: string; m: Measured }[] = [];
const add = async (
  name: string,
  settings: string,
  search: (q: string, v: Float32Array) => Promise<string[]> | string[],
  build?: number,
  matched?: string,
) => lexical.push({ name, settings, build, matched, m: await measure(search) });
await add(
  'ours: FTS5',
  'unicode61 (no stemming), k1 1.2, b 0.75, columns title + text',
  fromRetriever(await bm25(searchers.unicode61, 'fts5')),
);
await add('ours: FTS5', 'porter, k1 1.2, b 0.75, columns title + text', fromRetriever(fts5Porter));
await add(
  'ours: wink',
  'Porter2 + Lucene stop words, k1 0.9, b 0.4, title + text as one field',
  fromRetriever(wink),
  winkBuild,
);
await add(
  'Orama',
  'defaults: no stemming, no stop words, BM25+ k 1.2 b 0.75 d 0.5, prefix lookup, fields title, text',
  (q) => oramaPlain.text(q, K),
  oramaPlain.buildSeconds,
  'ours: FTS5 unicode61',
);
await add(
  'Orama',
  'English stemmer + Lucene stop words, otherwise defaults',
  (q) => oramaStemmed.text(q, K),
  oramaStemmed.buildSeconds,
  'ours: FTS5 porter',
);
await add(
  'Orama',
  'custom tokenizer: our analyser (Porter2 + stop words), whole-word terms (no prefix expansion), otherwise defaults',
  (q) => oramaWhole.text(q, K),
  oramaWhole.buildSeconds,
  'ours: wink',
);
await add(
  'MiniSearch',
  'defaults: lower case only, BM25+ k 1.2 b 0.7 d 0.5, fields title, text',
  (q) => miniPlain.search(q, K),
  miniPlain.buildSeconds,
  'ours: FTS5 unicode61',
);
await add(
  'MiniSearch',
  'our analyser (Porter2 + stop words), BM25+ defaults',
  (q) => miniAnalyzed.search(q, K),
  miniAnalyzed.buildSeconds,
  'ours: wink',
);
await add(
  'MiniSearch',
  'our analyser, k 0.9 b 0.4 d 0 (plain BM25, as wink)',
  (q) => miniAnserini.search(q, K),
  miniAnserini.buildSeconds,
  'ours: wink',
);

const labelOf = (r: (typeof lexical)[number]) =>
  `${r.name} ${r.name.startsWith('ours: FTS5') ? (r.settings.startsWith('porter') ? 'porter' : 'unicode61') : ''}`.trim();
const byLabel = new Map(lexical.map((r) => [labelOf(r), r]));
console.log('### Lexical (BM25)\n');
console.log(
  mdTable(
    [
      'engine',
      'settings',
      'nDCG@10',
      'recall@100',
      'p50 ms',
      'p95 ms',
      'build s',
      'compared with',
      'nDCG@10 ours/theirs',
      'recall@100 ours/theirs',
      'p50 ours/theirs',
    ],
    lexical.map((r) => {
      const o = r.matched ? byLabel.get(r.matched)?.m : undefined;
      return [
        labelOf(r),
        r.settings,
        f4(r.m.ndcg10),
        f4(r.m.recall100),
        ms(r.m.p50),
        ms(r.m.p95),
        r.build === undefined ? '' : fixed(r.build, 2),
        r.matched ?? '',
        ratio(o?.ndcg10, r.m.ndcg10),
        ratio(o?.recall100, r.m.recall100),
        ratio(o?.p50, r.m.p50),
      ];
    }),
    'llrrrrrlrrr',
  ),
);
console.log(
  '\nRatios are ours / theirs against the configuration named in "compared with": above 1 means ours scores higher (nDCG, recall) or takes longer (p50). Our FTS5 index is built on disk by buildIndex (see bench/indexing.ts); wink, Orama and MiniSearch build in memory (build s above).\n',
);

// Vector: same vectors, same query vectors.
const oursDense = await measure(fromRetriever(dense));
const oramaVector = await measure((_q, v) => oramaPlain.vector(v, K));
const overlap = mean(oursDense.rankings.map((r, i) => overlapShare(r, oramaVector.rankings[i]!)));
console.log('### Vector search (same vectors, same query vectors, exact scan on both sides)\n');
console.log(
  mdTable(
    ['engine', 'nDCG@10', 'recall@100', 'p50 ms', 'p95 ms', 'top-100 overlap with ours', 'p50 ours/theirs'],
    [
      [
        'ours: dense (exact dot product, top-k heap)',
        f4(oursDense.ndcg10),
        f4(oursDense.recall100),
        ms(oursDense.p50),
        ms(oursDense.p95),
        '',
        '',
      ],
      [
        'Orama vector (similarity -1: every document)',
        f4(oramaVector.ndcg10),
        f4(oramaVector.recall100),
        ms(oramaVector.p50),
        ms(oramaVector.p95),
        fixed(overlap, 4),
        ratio(oursDense.p50, oramaVector.p50),
      ],
    ],
    'lrrrrrr',
  ),
);

// Hybrid.
// The hybrid shorthand's pipelines over legs "bm25" (FTS5 porter) and "dense" (our table, given query vectors).
const hybrid = (fusion: Record<string, unknown>) =>
  pipelineRetriever('hybrid', pipelineForMode('hybrid', { engine: 'fts5', ...fusion }), [fts5Porter, dense]);
const oursRrf = await measure(fromRetriever(hybrid({ fusion: 'rrf' })));
// score fusion alpha 0.5 = wsum with weights (0.5, 0.5) over min-max scores.
const oursScore = await measure(fromRetriever(hybrid({ fusion: 'score', alpha: 0.5, norm: 'minmax', depth: 100 })));
const oramaHybridPlain = await measure((q, v) => oramaPlain.hybrid(q, v, K));
const oramaHybridStemmed = await measure((q, v) => oramaStemmed.hybrid(q, v, K));
const oramaHybridWhole = await measure((q, v) => oramaWhole.hybrid(q, v, K));
console.log('\n### Hybrid (same vectors and query vectors; lexical legs as above)\n');
console.log(
  mdTable(
    ['engine', 'nDCG@10', 'recall@100', 'p50 ms', 'p95 ms', 'nDCG@10 ours score/theirs', 'p50 ours score/theirs'],
    [
      [
        'ours: RRF k 60, 1/1, FTS5 porter + dense, depth 100',
        f4(oursRrf.ndcg10),
        f4(oursRrf.recall100),
        ms(oursRrf.p50),
        ms(oursRrf.p95),
        '',
        '',
      ],
      [
        'ours: score fusion alpha 0.5 min-max, FTS5 porter + dense, depth 100',
        f4(oursScore.ndcg10),
        f4(oursScore.recall100),
        ms(oursScore.p50),
        ms(oursScore.p95),
        '',
        '',
      ],
      [
        'Orama hybrid 0.5/0.5 (scores / list max), default analysis',
        f4(oramaHybridPlain.ndcg10),
        f4(oramaHybridPlain.recall100),
        ms(oramaHybridPlain.p50),
        ms(oramaHybridPlain.p95),
        ratio(oursScore.ndcg10, oramaHybridPlain.ndcg10),
        ratio(oursScore.p50, oramaHybridPlain.p50),
      ],
      [
        'Orama hybrid 0.5/0.5, stemmed + stop words',
        f4(oramaHybridStemmed.ndcg10),
        f4(oramaHybridStemmed.recall100),
        ms(oramaHybridStemmed.p50),
        ms(oramaHybridStemmed.p95),
        ratio(oursScore.ndcg10, oramaHybridStemmed.ndcg10),
        ratio(oursScore.p50, oramaHybridStemmed.p50),
      ],
      [
        'Orama hybrid 0.5/0.5, our analyser, whole words',
        f4(oramaHybridWhole.ndcg10),
        f4(oramaHybridWhole.recall100),
        ms(oramaHybridWhole.p50),
        ms(oramaHybridWhole.p95),
        ratio(oursScore.ndcg10, oramaHybridWhole.ndcg10),
        ratio(oursScore.p50, oramaHybridWhole.p50),
      ],
    ],
    'lrrrrrr',
  ),
);
console.log(
  `\nPeak RSS of the whole run (our two indexes, wink, three Orama and three MiniSearch indexes in memory): ${mib(peakRssMiB())}.`,
);

searchers.unicode61.close();
searchers.porter.close();
cache.close();
await pool.close();

function overlapShare(a: readonly string[], b: readonly string[]): number {
  const s = new Set(b);
  return a.filter((x) => s.has(x)).length / Math.max(1, Math.min(a.length, b.length));
}

function mean(xs: readonly number[]): number {
  return xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
}
