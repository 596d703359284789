/**
 * What a feedback leg's term vectors cost (issue 41): the chunk's stored title and text analysed
 * again by the index's analysis (postings-lexical-index.ts), cold (a fresh lexical index, so no
 * vector is cached), against the second pass that scores the expanded query, per query, on an
 * index built by bench/expansion.ts. Medians over the queries.
 *
 *   npx tsx bench/term-vectors.ts [--index bench/.out/expansion/scifact.sqlite] [--collection scifact]
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { rm3Weights } from '../src/legs/rm3.js';
import { feedbackDocs } from '../src/retrievers/expansion/feedback.js';
import { plainQuery } from '../src/retrievers/postings-bm25.js';
import { openLexicalIndex } from '../src/retrievers/postings-lexical-index.js';
import { bm25Analysis } from '../src/store/bm25-analysis.js';
import { IndexReader } from '../src/store/index-reader.js';
import { loadGold, OUT_DIR } from './lib/corpora.js';

const { values } = parseArgs({
  options: {
    collection: { type: 'string', default: 'scifact' },
    index: { type: 'string' },
  },
});
const file = values.index ?? path.join(OUT_DIR, 'expansion', `${values.collection}.sqlite`);
const gold = await loadGold(values.collection);
const reader = IndexReader.open(file);
const analysis = bm25Analysis(reader.meta.tokenizer, reader.meta.languages ?? {});
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const vectorMs: number[] = [];
const perChunkUs: number[] = [];
const secondPassMs: number[] = [];
for (const q of gold.queries) {
  // A fresh index per query: its vector cache starts empty.
  const index = openLexicalIndex(reader.postingsSource()!, analysis, (id) => reader.analysedText(id));
  const terms = analysis.queryTerms(q.text, undefined);
  const first = index.scoreTerms(plainQuery(terms), { k: 10, level: 'chunk' }).hits;
  const t0 = performance.now();
  for (const h of first) index.termVector(h.chunkId);
  const t1 = performance.now();
  if (first.length > 0) {
    vectorMs.push(t1 - t0);
    perChunkUs.push(((t1 - t0) * 1000) / first.length);
  }
  const weighted = rm3Weights(index, terms, feedbackDocs(index, terms, 10, undefined), {
    fbTerms: 10,
    originalWeight: 0.5,
  });
  const t2 = performance.now();
  index.scoreTerms(weighted, { k: 1000, level: 'doc' });
  secondPassMs.push(performance.now() - t2);
}
reader.close();
console.log(
  `${values.collection}: ${gold.queries.length} queries; term vectors of the top 10 chunks, cold: median ${median(vectorMs).toFixed(2)} ms a query (${median(perChunkUs).toFixed(0)} µs a chunk); RM3's second pass, top 1000: median ${median(secondPassMs).toFixed(2)} ms`,
);
