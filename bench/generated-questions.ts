/**
 * Generated questions against real ones (issue 22): for each public collection, recall@10 of
 * BM25 (wink), dense (use-lite) and hybrid (RRF of the two, the hybrid mode's defaults) on
 *   real     the collection's own test queries and qrels
 *   plain    questions `testbed gold generate --style plain` wrote from a seeded sample of its
 *            documents (each question's source document its one relevant document)
 *   unread   the same documents with `--style unread`
 * and, per set, the mean query-document overlap: the share of a query's analysed terms (the
 * index's BM25 analysis) found in its relevant documents (src/experiments/overlap.ts). The gap
 * between the real row and the generated rows is how much a generated set flatters.
 *
 * Generation needs an OpenAI-compatible chat endpoint: `--chat MODEL@URL` (llama.cpp server,
 * vLLM, Ollama). With none given, or one that does not answer, the bench says so and prints the
 * real rows only. Everything goes through the CLI entry points in process (index, retrieve,
 * gold generate), so each figure is what the documented commands give:
 *
 *   npx tsx bench/generated-questions.ts [--collections medline,cranfield] [--chat MODEL@URL] [--docs 100] [--seed 42]
 *                                        [--corpora DIR]
 *
 * The markdown goes to stdout and to bench/.out/generated-questions/generated-questions.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { CliIo } from '../src/cli/command.js';
import { main } from '../src/cli/main.js';
import { beirPaths, readQrels, readQueries } from '../src/corpus/index.js';
import type { Query } from '../src/corpus/types.js';
import { EmbedderPool } from '../src/embedders/embedder-pool.js';
import { indexOverlapAnalysis, queryOverlaps } from '../src/experiments/overlap.js';
import { evaluate } from '../src/metrics/evaluate.js';
import { parseMetric } from '../src/metrics/parse-metric.js';
import { readTrecRun } from '../src/runs/trec-run-reader.js';
import { Searcher } from '../src/search/searcher.js';
import { CORPORA_DIR, EMBEDDING_CACHE, OUT_DIR } from './lib/corpora.js';
import { f4, mdTable } from './lib/markdown.js';
import { judgementsOf } from '../src/metrics/judgements.js';

const { values } = parseArgs({
  options: {
    collections: { type: 'string', default: 'medline,cranfield' },
    chat: { type: 'string' },
    docs: { type: 'string', default: '100' },
    seed: { type: 'string', default: '42' },
    // ../shared/corpora beside the repository; a worktree elsewhere names it.
    corpora: { type: 'string', default: CORPORA_DIR },
  },
});
const OUT = path.join(OUT_DIR, 'generated-questions');
const METRIC = parseMetric('recall@10');
const MODES = ['bm25', 'dense', 'hybrid'] as const;
const STYLES = ['plain', 'unread'] as const;

/** Runs one CLI command in process: its exit code, stdout and stderr. */
async function cli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: CliIo = { out: (t) => void (out += t), err: (t) => void (err += t), tty: false };
  const code = await main(argv, io);
  return { code, out, err };
}

async function mustCli(argv: string[]): Promise<string> {
  const r = await cli(argv);
  if (r.code !== 0) throw new Error(`testbed ${argv.join(' ')} exited ${r.code}: ${r.err}`);
  return r.out;
}

interface SetRow {
  collection: string;
  set: string;
  queries: number;
  recall: Record<(typeof MODES)[number], number>;
  overlap: number;
}

/** Recall@10 per mode and mean overlap of one query set on one index. */
async function measure(
  collection: string,
  set: string,
  index: string,
  queriesFile: string,
  qrelsFile: string,
): Promise<SetRow> {
  const qrels = await readQrels(qrelsFile);
  const queries: Query[] = (await readQueries(queriesFile)).filter((q) =>
    [...(qrels.get(q.id)?.values() ?? [])].some((g) => g > 0),
  );
  const recall = {} as SetRow['recall'];
  for (const mode of MODES) {
    const runFile = path.join(OUT, collection, `${set}-${mode}.trec`);
    await mustCli([
      'retrieve',
      index,
      '--queries',
      queriesFile,
      '--mode',
      mode,
      '--k',
      '10',
      '--level',
      'doc',
      '--run',
      runFile,
    ]);
    recall[mode] = evaluate(judgementsOf(qrels), await readTrecRun(runFile), [METRIC]).mean[METRIC.label]!;
  }
  const pool = new EmbedderPool();
  const searcher = new Searcher(collection, index, (id) => pool.get(id));
  try {
    const relevant = new Map(
      [...qrels].map(([q, docs]) => [q, [...docs].filter(([, g]) => g > 0).map(([d]) => d)] as const),
    );
    const overlaps = [...queryOverlaps(queries, relevant, indexOverlapAnalysis(searcher)).values()]
      .map((o) => o.overlap)
      .filter((x) => !Number.isNaN(x));
    const overlap = overlaps.reduce((s, x) => s + x, 0) / overlaps.length;
    return { collection, set, queries: queries.length, recall, overlap };
  } finally {
    searcher.close();
    await pool.close();
  }
}

const rows: SetRow[] = [];
const notes: string[] = [];
let chatDown = values.chat === undefined ? 'no --chat MODEL@URL given' : undefined;
for (const collection of values.collections!.split(',').map((c) => c.trim())) {
  const dir = path.join(values.corpora!, collection);
  const paths = await beirPaths(dir);
  const index = path.join(OUT, collection, 'index.sqlite');
  fs.mkdirSync(path.dirname(index), { recursive: true });
  if (!fs.existsSync(index))
    await mustCli([
      'index',
      dir,
      '--out',
      index,
      '--chunker',
      'doc',
      '--embedder',
      'use-lite',
      '--cache',
      EMBEDDING_CACHE,
      '--skip-empty',
    ]);
  rows.push(await measure(collection, 'real', index, paths.queries, paths.qrels));
  for (const style of STYLES) {
    if (chatDown !== undefined) break;
    const set = path.join(OUT, collection, `generated-${style}`);
    const generated = await cli([
      'gold',
      'generate',
      dir,
      '--chat',
      values.chat!,
      '--docs',
      values.docs!,
      '--seed',
      values.seed!,
      '--style',
      style,
      '--out',
      set,
      '--force',
    ]);
    if (generated.code === 2) {
      chatDown = `the chat endpoint did not answer: ${generated.err.trim().split('\n')[0]}`;
      break;
    }
    if (generated.code !== 0) {
      notes.push(`${collection} ${style}: no question kept (${generated.err.trim()})`);
      continue;
    }
    const kept = /questions: .*$/m.exec(generated.out)?.[0] ?? '';
    notes.push(`${collection} ${style}: ${kept}`);
    rows.push(
      await measure(collection, style, index, path.join(set, 'queries.jsonl'), path.join(set, 'qrels', 'test.tsv')),
    );
  }
}

const table = mdTable(
  ['collection', 'query set', 'queries', 'BM25 R@10', 'dense R@10', 'hybrid R@10', 'mean overlap'],
  rows.map((r) => [
    r.collection,
    r.set,
    r.queries,
    f4(r.recall.bm25),
    f4(r.recall.dense),
    f4(r.recall.hybrid),
    f4(r.overlap),
  ]),
  'llrrrrr',
);
const lines = [
  table,
  '',
  chatDown === undefined
    ? `Generated from ${values.docs} documents per collection (seed ${values.seed}) by ${values.chat}.`
    : `Generated columns skipped: ${chatDown}. Give an OpenAI-compatible endpoint with --chat MODEL@URL to fill them.`,
  ...notes.map((n) => `- ${n}`),
];
const markdown = lines.join('\n') + '\n';
fs.mkdirSync(OUT, { recursive: true });
fs.writeFileSync(path.join(OUT, 'generated-questions.md'), markdown);
process.stdout.write(markdown);
