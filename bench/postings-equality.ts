/**
 * Issue 27: run files of the postings engine against the wink engine's (its oracle) on every
 * collection in ../shared/corpora, for Anserini's (k1, b) and two others: every query, top 100
 * at document level. Each collection is indexed once (`--chunker doc --embedder none`, tokenizer
 * auto, documents with empty text skipped) into --dir. A run line differs when its document, rank or score differs; scores are
 * compared as doubles (the engines are meant to agree to the bit; the largest difference is shown).
 *
 *   npx tsx bench/postings-equality.ts [--corpora ../shared/corpora] [--dir bench/.out/postings] [--collections scifact,cranfield] [--max-queries N]
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { beirPaths, readQueries } from '../src/corpus/index.js';
import { buildIndex } from '../src/indexing/build-index.js';
import { pipelineForMode } from '../src/pipeline/search-spec.js';
import { Searcher } from '../src/search/searcher.js';
import { printHeader } from './lib/command.js';
import { CORPORA_DIR, OUT_DIR } from './lib/corpora.js';
import { mdTable } from './lib/markdown.js';

const { values } = parseArgs({
  options: {
    corpora: { type: 'string', default: CORPORA_DIR },
    dir: { type: 'string', default: path.join(OUT_DIR, 'postings') },
    collections: { type: 'string' },
    'max-queries': { type: 'string' },
  },
});

const PARAMS = [
  { k1: 0.9, b: 0.4 },
  { k1: 1.2, b: 0.75 },
  { k1: 2, b: 1 },
];
const K = 100;

printHeader('postings BM25 against wink: run files', import.meta.url);
const names =
  values.collections?.split(',') ??
  fs
    .readdirSync(values.corpora)
    .filter((n) => !n.includes('.'))
    .sort();
const maxQueries = values['max-queries'] === undefined ? Number.POSITIVE_INFINITY : Number(values['max-queries']);
fs.mkdirSync(values.dir, { recursive: true });
const rows: (string | number)[][] = [];
let allSame = true;
for (const name of names) {
  const corpus = path.join(values.corpora, name);
  const out = path.join(values.dir, `${name}.sqlite`);
  if (!fs.existsSync(out)) await buildIndex({ corpus, out, chunker: 'doc', embedder: 'none', skipEmpty: true });
  const searcher = new Searcher(name, out, () => Promise.reject(new Error('lexical only')));
  const queries = (await readQueries((await beirPaths(corpus)).queries)).slice(0, maxQueries);
  for (const params of PARAMS) {
    const run = async (engine: 'postings' | 'wink') => {
      const pipeline = pipelineForMode('bm25', { engine, k: K, level: 'doc', ...params });
      const started = performance.now();
      const hits: { id: string; score: number }[][] = [];
      for (const q of queries) hits.push((await searcher.search({ query: q.text, mode: 'bm25', pipeline })).hits);
      return { hits, ms: performance.now() - started };
    };
    const wink = await run('wink');
    const postings = await run('postings');
    let lines = 0;
    let differing = 0;
    let maxDiff = 0;
    queries.forEach((_, i) => {
      const a = postings.hits[i]!;
      const b = wink.hits[i]!;
      lines += b.length;
      for (let r = 0; r < Math.max(a.length, b.length); r++) {
        const x = a[r];
        const y = b[r];
        if (!x || !y || x.id !== y.id || x.score !== y.score) differing++;
        if (x && y) maxDiff = Math.max(maxDiff, Math.abs(x.score - y.score));
      }
    });
    allSame &&= differing === 0;
    rows.push([
      name,
      `${searcher.meta.tokenizer}`,
      `${params.k1} / ${params.b}`,
      queries.length,
      lines,
      differing,
      maxDiff,
      (wink.ms / queries.length).toFixed(2),
      (postings.ms / queries.length).toFixed(2),
    ]);
    console.error(`${name} k1 ${params.k1} b ${params.b}: ${differing} of ${lines} run lines differ`);
  }
  searcher.close();
}
console.log(
  mdTable(
    [
      'collection',
      'tokenizer',
      'k1 / b',
      'queries',
      'run lines',
      'differing',
      'max |score diff|',
      'wink ms/q',
      'postings ms/q',
    ],
    rows,
  ),
);
console.log(allSame ? '\nRun files identical on every collection.' : '\nRUN FILES DIFFER.');
process.exitCode = allSame ? 0 : 1;
