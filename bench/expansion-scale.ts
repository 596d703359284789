/**
 * Query expansion's cost at scale (issue 41): BM25 (postings) against rm3, rocchio and bo1 at
 * their defaults, on a synthetic collection of short documents (bench/lib/zipf-corpus.ts: 1M by
 * default, the collection of bench/lexical-scale.ts, reused from --dir when there), top 10 and
 * top 1000 at document level over its short queries. The legs take turns query by query (the
 * order rotating), after one warm-up pass each, so load on a shared machine falls on all alike;
 * per query the expansion leg's time over BM25's, the median of those ratios reported.
 *
 *   npx tsx bench/expansion-scale.ts [--size 1M] [--dir /tmp/testbed-scale] [--seed 42] [--queries 300]
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readQueries } from '../src/corpus/read-queries.js';
import { buildIndex } from '../src/indexing/build-index.js';
import { parsePipeline } from '../src/pipeline/resolve-pipeline.js';
import type { PipelineParts } from '../src/pipeline/run-pipeline.js';
import { Searcher } from '../src/search/searcher.js';
import { mdTable } from './lib/markdown.js';
import { latencySummary } from './lib/stats.js';
import { DEFAULT_SCALE_DIR, ensureZipfCorpus, parseSize, sizeLabel } from './lib/zipf-corpus.js';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '1M' },
    dir: { type: 'string', default: DEFAULT_SCALE_DIR },
    seed: { type: 'string', default: '42' },
    queries: { type: 'string', default: '300' },
  },
});
const size = parseSize(values.size, '--size');
const seed = Number(values.seed);
const log = (m: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${m}`);

const corpus = ensureZipfCorpus(
  { documents: size, seed, queries: Math.max(300, Number(values.queries)), longQueries: 100 },
  values.dir,
  log,
);
const name = `zipf-${sizeLabel(size)}`;
const file = path.join(values.dir, `index-${name}-seed${seed}`, `${name}.sqlite`);
if (!fs.existsSync(file)) {
  log(`building ${file}`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await buildIndex({ corpus: corpus.dir, out: file, chunker: 'doc', embedder: 'none', tokenizer: 'english' });
}
const queries = (await readQueries(corpus.queries)).slice(0, Number(values.queries)).map((q) => q.text);
const searcher = new Searcher(name, file, () => Promise.reject(new Error('lexical only')));
await searcher.openForSearch();

const LEGS = [
  { name: 'bm25', leg: { type: 'lexical', engine: 'postings' } },
  { name: 'rm3', leg: { type: 'rm3' } },
  { name: 'rocchio', leg: { type: 'rocchio' } },
  { name: 'bo1', leg: { type: 'bo1' } },
] as const;

const rows: string[][] = [];
for (const k of [10, 1000]) {
  const parts = new Map<string, PipelineParts>();
  for (const { name: legName, leg } of LEGS)
    parts.set(legName, await searcher.prepare(parsePipeline({ legs: [leg], k, level: 'doc' })));
  for (const [, p] of parts) for (const q of queries) await searcher.retrieve(p, q);
  const ms = new Map<string, number[]>(LEGS.map((l) => [l.name, []]));
  for (const [i, q] of queries.entries()) {
    for (let j = 0; j < LEGS.length; j++) {
      const legName = LEGS[(i + j) % LEGS.length]!.name;
      const t0 = performance.now();
      await searcher.retrieve(parts.get(legName)!, q);
      ms.get(legName)!.push(performance.now() - t0);
    }
  }
  const bm25 = ms.get('bm25')!;
  for (const { name: legName } of LEGS) {
    const times = ms.get(legName)!;
    const { p50, p99 } = latencySummary(times);
    const ratios = times.map((t, i) => t / bm25[i]!).sort((a, b) => a - b);
    rows.push([`top ${k}`, legName, p50.toFixed(2), p99.toFixed(2), ratios[Math.floor(ratios.length / 2)]!.toFixed(1)]);
  }
  log(`top ${k}: done`);
}
searcher.close();
console.log(`\n### ${sizeLabel(size)} documents, ${queries.length} short queries, document level (ms)\n`);
console.log(mdTable(['k', 'leg', 'p50', 'p99', 'median ratio to BM25'], rows));
