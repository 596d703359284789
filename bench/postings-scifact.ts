/**
 * Issue 27, the postings engine on SciFact (5,183 documents, `--chunker doc --embedder none`,
 * tokenizer auto = english): what storing postings adds to a build (time, file size), and
 * per-query latency of postings, wink and fts5 at top 10 over the 300 test queries, in one
 * process and one run (the machine is shared: compare within a run). Each engine's first query
 * is reported apart (wink builds its engine then; postings reads the chunk lengths and document keys), and
 * excluded from p50/p99, which are over --rounds rounds of the other queries.
 *
 *   npx tsx bench/postings-scifact.ts [--corpus ../shared/corpora/scifact] [--dir /tmp/postings-scifact] [--rounds 3]
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { beirPaths, readQueries } from '../src/corpus/index.js';
import { buildIndex } from '../src/indexing/build-index.js';
import { pipelineForMode } from '../src/pipeline/search-spec.js';
import { Searcher } from '../src/search/searcher.js';
import { printHeader } from './lib/command.js';
import { CORPORA_DIR } from './lib/corpora.js';
import { mb, mdTable, ms } from './lib/markdown.js';
import { percentile } from './lib/stats.js';

const { values } = parseArgs({
  options: {
    corpus: { type: 'string', default: path.join(CORPORA_DIR, 'scifact') },
    dir: { type: 'string', default: '/tmp/postings-scifact' },
    rounds: { type: 'string', default: '3' },
  },
});

printHeader('postings BM25 on SciFact: build cost and query latency', import.meta.url);
fs.mkdirSync(values.dir, { recursive: true });
const file = (postings: boolean) =>
  path.join(values.dir, postings ? 'with-postings.sqlite' : 'without-postings.sqlite');
const buildRows: (string | number)[][] = [];
// Alternating order, twice each, so neither build always runs on a warmer cache.
const seconds: Record<string, number[]> = { with: [], without: [] };
for (const postings of [false, true, true, false]) {
  fs.rmSync(file(postings), { force: true });
  const started = performance.now();
  await buildIndex({ corpus: values.corpus, out: file(postings), chunker: 'doc', embedder: 'none', postings });
  seconds[postings ? 'with' : 'without']!.push((performance.now() - started) / 1000);
}
for (const postings of [false, true]) {
  const s = seconds[postings ? 'with' : 'without']!;
  buildRows.push([
    postings ? 'with postings' : 'without',
    Math.min(...s).toFixed(2),
    mb(fs.statSync(file(postings)).size),
  ]);
}
console.log(mdTable(['build', 'best of 2 (s)', 'file (MB)'], buildRows));

const queries = await readQueries((await beirPaths(values.corpus)).queries);
const searcher = new Searcher('scifact', file(true), () => Promise.reject(new Error('lexical only')));
const rounds = Number(values.rounds);
const latencyRows: (string | number)[][] = [];
for (const engine of ['postings', 'wink', 'fts5'] as const) {
  const pipeline = pipelineForMode('bm25', { engine, k: 10, level: 'doc' });
  const once = async (text: string) => {
    const started = performance.now();
    await searcher.search({ query: text, mode: 'bm25', pipeline });
    return performance.now() - started;
  };
  const first = await once(queries[0]!.text);
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) for (const q of queries.slice(1)) times.push(await once(q.text));
  times.sort((a, b) => a - b);
  latencyRows.push([engine, ms(first), ms(percentile(times, 50)), ms(percentile(times, 99))]);
}
searcher.close();
console.log();
console.log(mdTable(['engine (k 10, doc)', 'first query (ms)', 'p50 (ms)', 'p99 (ms)'], latencyRows));
