import { IndexReader } from './src/store/index-reader.js';
import { createPostingsRetriever } from './src/retrievers/postings-bm25.js';
import { bm25Analysis } from './src/store/bm25-analysis.js';
import { readQueries, beirPaths } from './src/corpus/index.js';
const reader = IndexReader.open('/tmp/postings-eq/scifact.sqlite');
const src = reader.postingsSource()!;
const r = createPostingsRetriever(src, bm25Analysis(reader.meta.tokenizer, reader.meta.languages), {});
const qs = await readQueries((await beirPaths('/work/shared/corpora/scifact')).queries);
for (const k of [10, 1000]) for (const level of ['doc'] as const) {
  const times: number[] = [];
  for (let round = 0; round < 3; round++) for (const q of qs) { const s = performance.now(); await r.search(q.text, { k, level }); times.push(performance.now() - s); }
  times.sort((a, b) => a - b);
  console.log(k, level, 'p50', times[times.length >> 1]!.toFixed(2), 'p99', times[Math.floor(times.length * 0.99)]!.toFixed(2));
}
