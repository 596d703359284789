/**
 * The pipeline redesign (issue 12) against the code before it, on one index: are the shorthands'
 * run files byte for byte what they were, and what does a hybrid search cost per stage?
 *
 *   git worktree add /tmp/before 7aeea71 && ln -s "$PWD/node_modules" /tmp/before/node_modules
 *   npx testbed index corpora/demo --out /tmp/demo.sqlite --embedder use-lite
 *   npx tsx bench/pipeline-before-after.ts --before /tmp/before --index /tmp/demo.sqlite
 *
 * Run files are written by each tree's own `testbed retrieve` (document level, k 100) and
 * compared by their qid, docid, rank and score columns (the tag differs). Stage timings are the
 * responses' took_ms, averaged over every query twice after 20 warm-up queries, in this process,
 * old and new in turn.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { tsImport } from 'tsx/esm/api';

const { values } = parseArgs({
  options: {
    before: { type: 'string' },
    index: { type: 'string' },
    queries: { type: 'string', default: path.resolve(import.meta.dirname, '../corpora/demo/queries.jsonl') },
  },
});
if (!values.before || !values.index) throw new Error('usage: --before CHECKOUT --index FILE.sqlite [--queries FILE]');
const index = path.resolve(values.index);
const queriesFile = path.resolve(values.queries!);
const trees = { before: path.resolve(values.before), after: path.resolve(import.meta.dirname, '..') };
const SHORTHANDS: Record<string, string[]> = {
  'bm25 (wink)': ['--mode', 'bm25'],
  'bm25 (fts5)': ['--mode', 'bm25', '--engine', 'fts5'],
  dense: ['--mode', 'dense'],
  'hybrid rrf': ['--mode', 'hybrid'],
  'hybrid rrf k 20, weights 1,0.5': ['--mode', 'hybrid', '--rrf-k', '20', '--weights', '1,0.5'],
  'hybrid score min-max': ['--mode', 'hybrid', '--fusion', 'score', '--alpha', '0.3'],
  'hybrid score z-score': ['--mode', 'hybrid', '--fusion', 'score', '--alpha', '0.3', '--norm', 'zscore'],
};

const out = fs.mkdtempSync(path.join(os.tmpdir(), 'before-after-'));
const columns = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((l) =>
      l
        .split(' ')
        .slice(0, 5)
        .filter((_, i) => i !== 1)
        .join(' '),
    );
console.log('| shorthand | run file before = after | lines that differ |\n|---|---|---:|');
for (const [label, flags] of Object.entries(SHORTHANDS)) {
  const files = Object.entries(trees).map(([name, tree]) => {
    const file = path.join(out, `${name}-${label.replace(/\W+/g, '_')}.trec`);
    execFileSync(
      'node',
      [path.join(tree, 'bin/testbed.js'), 'retrieve', index, '--queries', queriesFile, '--run', file, ...flags],
      { stdio: 'ignore' },
    );
    return columns(file);
  });
  const [a, b] = files as [string[], string[]];
  const differ = a.filter((line, i) => line !== b[i]).length + Math.abs(a.length - b.length);
  console.log(`| ${label} | ${differ === 0 ? 'yes' : 'no'} | ${differ} |`);
}

async function stages(tree: string, before: boolean): Promise<Record<string, number>> {
  const { Searcher } = await tsImport(path.join(tree, 'src/search/searcher.ts'), import.meta.url);
  const { EmbedderPool } = await tsImport(path.join(tree, 'src/embedders/embedder-pool.ts'), import.meta.url);
  const { readQueries } = await tsImport(path.join(tree, 'src/corpus/index.ts'), import.meta.url);
  const queries: { text: string }[] = await readQueries(queriesFile);
  const pool = new EmbedderPool();
  const searcher = new Searcher('index', index, (id: string) => pool.get(id));
  let request: (q: string) => unknown;
  if (before) {
    // The request shape before pipelines: mode, engine and fusion options side by side.
    const { DEFAULT_FUSION } = await tsImport(path.join(tree, 'src/fusion/options.ts'), import.meta.url);
    request = (q) => ({ mode: 'hybrid', query: q, k: 100, level: 'doc', engine: 'wink', fusion: DEFAULT_FUSION });
  } else {
    const { pipelineForMode } = await tsImport(path.join(tree, 'src/pipeline/search-spec.ts'), import.meta.url);
    const pipeline = pipelineForMode('hybrid', { k: 100, level: 'doc' });
    request = (q) => ({ mode: 'hybrid', query: q, pipeline });
  }
  for (const q of queries.slice(0, 20)) await searcher.search(request(q.text));
  const sums: Record<string, number> = {};
  for (let round = 0; round < 2; round++) {
    for (const q of queries) {
      const res = (await searcher.search(request(q.text))) as { took_ms: Record<string, number> };
      for (const [stage, ms] of Object.entries(res.took_ms)) sums[stage] = (sums[stage] ?? 0) + ms;
    }
  }
  searcher.close();
  await pool.close();
  return Object.fromEntries(Object.entries(sums).map(([stage, ms]) => [stage, ms / (2 * queries.length)]));
}

const before = await stages(trees.before, true);
const after = await stages(trees.after, false);
console.log('\n| hybrid stage (mean ms per query) | before | after | after / before |\n|---|---:|---:|---:|');
for (const stage of ['total', 'bm25', 'bm25.bm25', 'dense', 'dense.embed', 'dense.dense', 'fuse', 'hydrate']) {
  const [b, a] = [before[stage], after[stage]];
  if (b === undefined || a === undefined) continue;
  console.log(`| ${stage} | ${b.toFixed(3)} | ${a.toFixed(3)} | ${(a / b).toFixed(2)} |`);
}
fs.rmSync(out, { recursive: true, force: true });
