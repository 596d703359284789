/**
 * Query expansion against plain BM25 on every public collection (issue 41): BM25 (postings, k1
 * 0.9, b 0.4) and the three expansion legs at their published defaults (rm3: Anserini's 10
 * chunks, 10 terms, λ 0.5; rocchio: Anserini's 10, 10, α 1, β 0.75; bo1: Terrier's 3, 10, β
 * 0.4) over the same index. Document level, one chunk per document, lexical only, 1000 hits a
 * query; MAP is trec_eval's `map` over them. Each expansion leg is tested against BM25 per metric
 * by the paired randomization test (10,000 sign patterns, seeded), p adjusted by Holm over the
 * collection's three comparisons. Latency: each query's own search time (the leg's wall time
 * in process, top 1000; the legs take turns query by query), p50 and p99, and the median ratio
 * to the same query's BM25 time.
 *
 *   npx tsx bench/expansion.ts [--collections scifact,cranfield,...] [--corpora DIR]
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildIndex } from '../src/indexing/build-index.js';
import { averagePrecision } from '../src/metrics/average-precision.js';
import { ndcgAt } from '../src/metrics/ndcg.js';
import { recallAt } from '../src/metrics/recall.js';
import { parsePipeline } from '../src/pipeline/resolve-pipeline.js';
import type { PipelineParts } from '../src/pipeline/run-pipeline.js';
import { Searcher } from '../src/search/searcher.js';
import { mean } from '../src/stats/mean.js';
import { holmAdjust } from '../src/stats/multiple-comparisons.js';
import { pairedRandomizationTest } from '../src/stats/significance.js';
import { loadGold, OUT_DIR } from './lib/corpora.js';
import { f4, mdTable } from './lib/markdown.js';
import { latencySummary } from './lib/stats.js';

const { values } = parseArgs({
  options: {
    collections: {
      type: 'string',
      default: [
        'scifact',
        'cranfield',
        'cisi',
        'medline',
        'lisa',
        'adi',
        'wikiqa',
        ...['ar', 'de', 'el', 'en', 'es', 'hi', 'ru', 'th', 'tr', 'vi', 'zh'].map((l) => `xquad-r-${l}`),
      ].join(','),
    },
  },
});

const LEGS = [
  { name: 'bm25', leg: { type: 'lexical', engine: 'postings' } },
  { name: 'rm3', leg: { type: 'rm3' } },
  { name: 'rocchio', leg: { type: 'rocchio' } },
  { name: 'bo1', leg: { type: 'bo1' } },
] as const;
const METRICS = ['map', 'ndcg10', 'recall1000'] as const;
type Metric = (typeof METRICS)[number];

interface LegResult {
  perQuery: Record<Metric, number[]>;
  ms: number[];
}

const summary: string[][] = [];
const latency: string[][] = [];
for (const name of values.collections.split(',')) {
  const gold = await loadGold(name);
  const file = path.join(OUT_DIR, 'expansion', `${name}.sqlite`);
  await buildIndex({
    corpus: gold.dir,
    out: file,
    chunker: 'doc',
    embedder: 'none',
    tokenizer: 'auto',
    skipEmpty: true,
  });
  const searcher = new Searcher(name, file, () => Promise.reject(new Error('lexical only')));
  const results = new Map<string, LegResult>();
  const parts = new Map<string, PipelineParts>();
  for (const { name: legName, leg } of LEGS) {
    parts.set(legName, await searcher.prepare(parsePipeline({ legs: [leg], k: 1000, level: 'doc' })));
    results.set(legName, { perQuery: { map: [], ndcg10: [], recall1000: [] }, ms: [] });
  }
  // The legs take turns query by query, the order rotating, so a change of load on a shared
  // machine falls on all of them alike.
  for (const [i, q] of gold.queries.entries()) {
    const judged = gold.qrels.get(q.id)!;
    for (let j = 0; j < LEGS.length; j++) {
      const legName = LEGS[(i + j) % LEGS.length]!.name;
      const r = results.get(legName)!;
      const t0 = performance.now();
      const ranking = (await searcher.retrieve(parts.get(legName)!, q.text)).hits.map((h) => h.id);
      r.ms.push(performance.now() - t0);
      r.perQuery.map.push(averagePrecision(ranking, judged, 1000));
      r.perQuery.ndcg10.push(ndcgAt(ranking, judged, 10));
      r.perQuery.recall1000.push(recallAt(ranking, judged, 1000));
    }
  }
  searcher.close();
  const bm25 = results.get('bm25')!;
  // Holm over the three expansion legs, per metric.
  const p: Record<Metric, number[]> = { map: [], ndcg10: [], recall1000: [] };
  for (const metric of METRICS) {
    const raw = LEGS.slice(1).map(
      ({ name: legName }) =>
        pairedRandomizationTest(results.get(legName)!.perQuery[metric], bm25.perQuery[metric], { seed: 41 }).p,
    );
    p[metric] = holmAdjust(raw);
  }
  for (const [i, { name: legName }] of LEGS.entries()) {
    const r = results.get(legName)!;
    const cells = METRICS.map((metric) => {
      const m = mean(r.perQuery[metric]);
      if (i === 0) return f4(m);
      const d = m - mean(bm25.perQuery[metric]);
      const adjusted = p[metric][i - 1]!;
      return `${f4(m)} (${d >= 0 ? '+' : ''}${f4(d)}${adjusted < 0.05 ? ', p ' + adjusted.toPrecision(2) : ''})`;
    });
    summary.push([i === 0 ? `${name} (${gold.queries.length} q)` : '', legName, ...cells]);
    const { p50, p99 } = latencySummary(r.ms);
    const ratios = r.ms.map((ms, j) => ms / bm25.ms[j]!).sort((a, b) => a - b);
    latency.push([
      i === 0 ? name : '',
      legName,
      p50.toFixed(2),
      p99.toFixed(2),
      i === 0 ? '1' : ratios[Math.floor(ratios.length / 2)]!.toFixed(1),
    ]);
  }
  console.error(`${name}: done`);
}
console.log(
  '\n### MAP, nDCG@10 and recall@1000 (Δ against BM25; p: paired randomization, Holm over 3, shown when < 0.05)\n',
);
console.log(mdTable(['collection', 'leg', 'MAP', 'nDCG@10', 'R@1000'], summary));
console.log('\n### Latency per query, top 1000 at document level, in process (ms)\n');
console.log(mdTable(['collection', 'leg', 'p50', 'p99', 'median ratio to BM25'], latency));
