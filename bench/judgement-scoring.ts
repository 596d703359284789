/**
 * Does `testbed experiment` score judgements the way `testbed eval` (trec_eval) does?
 *
 * Why it exists: the experiment runner used to drop grade-0 ("judged not relevant") and
 * below-threshold judgements before scoring, so bpref, judged@10 and nDCG@k in an experiment's
 * report.json differed from `testbed eval` on the very run files the experiment wrote. This
 * script puts numbers on that, before and after a fix, on two public collections whose qrels
 * carry grade-0 and negative lines. It drives the checkout's own CLI only (no import from src/),
 * so the same script runs against an old checkout (`--checkout PATH`) and the current one.
 *
 *   npx tsx bench/judgement-scoring.ts --out DIR [--checkout PATH]
 *
 * The collections are read from ../shared/corpora beside the checkout (or TESTBED_SHARED_CORPORA)
 * and never copied into the repository; every derived file (qrels, a corpus copy without empty
 * records, indexes, cache, experiment outputs, summary.json) goes under --out. Cranfield has two
 * empty records (471, 995) that an experiment refuses to index: they are left out of a corpus
 * copy, and the one judgement naming them (query 125, doc 995) is dropped from the derived qrels.
 *
 * Derived qrels (deterministic: they depend only on the collection and the checkout's BM25 run,
 * `testbed retrieve --mode bm25 --k 100` over a doc-chunked, english-tokenized, embedder-less index):
 * - Cranfield: cranfield/qrels/test.cranfield-codes.tsv, raw code c in 1..4 (1 = complete answer,
 *   see cranfield/SOURCE.md) becomes grade 5 - c (so 4 = complete answer, 1 = minimum interest);
 *   code -1 stays -1 (a negative line: "pooled, not judged" to trec_eval). Then, as a depth-10
 *   pool of that BM25 run would, every document in a query's top 10 that has no qrels line gets
 *   grade 0.
 * - SciFact: the relevant documents of qrels/test.tsv get grade 2; the first 10 documents of the
 *   BM25 run with no qrels line get grade 1 if they are the 1st, 2nd or 3rd of those, else 0.
 *   This grading is ARBITRARY: it exists to exercise the scorer (grades 0, 1, 2 and a threshold
 *   that cuts between them), not to measure retrieval quality. Do not quote these as SciFact
 *   scores.
 *
 * Each collection runs at relevance_threshold 1 and 2 over a grid of lexical configurations
 * (no embedder), and each configuration's run file is scored again with
 * `testbed eval QRELS RUN --threshold T --metrics ... --queries QUERIES --json`. summary.json
 * holds, per collection x threshold x configuration x metric, the report's mean, eval's mean and
 * whether they differ by more than 1e-12; a Markdown table lists the rows that differ.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { printHeader } from './lib/command.js';
import { mdTable } from './lib/markdown.js';

const METRICS = ['ndcg@10', 'map', 'bpref', 'judged@10', 'recall@100', 'hit@10', 'mrr', 'precision@5', 'r-precision'];
const THRESHOLDS = [1, 2];
const TOLERANCE = 1e-12;
const POOL_DEPTH = 10;

const { values: args } = parseArgs({
  options: { out: { type: 'string' }, checkout: { type: 'string' } },
});
if (!args.out) {
  console.error('usage: npx tsx bench/judgement-scoring.ts --out DIR [--checkout PATH]');
  process.exit(2);
}
const OUT = path.resolve(args.out);
const CHECKOUT = path.resolve(args.checkout ?? path.join(import.meta.dirname, '..'));
const CORPORA = path.resolve(process.env.TESTBED_SHARED_CORPORA ?? path.join(CHECKOUT, '../shared/corpora'));
const CACHE = path.join(OUT, 'cache');

type Judged = Map<string, Map<string, number>>; // query -> doc -> grade, in insertion order

interface Row {
  collection: string;
  threshold: number;
  config: string;
  metric: string;
  report: number | null;
  eval: number | null;
  differs: boolean;
}

/** Runs the checkout's CLI (cwd = checkout); a failure throws with the command and its stderr verbatim. */
function cli(argv: string[]): { stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [path.join(CHECKOUT, 'bin/testbed.js'), ...argv], {
    cwd: CHECKOUT,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  if (r.status !== 0) {
    throw new Error(
      `testbed ${argv.join(' ')} exited ${r.status ?? r.signal}\n--- stderr ---\n${r.stderr}\n--- stdout ---\n${r.stdout}`,
    );
  }
  return { stdout: r.stdout, stderr: r.stderr };
}

const readJsonl = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

function readTsvQrels(file: string): Judged {
  const out: Judged = new Map();
  for (const line of fs.readFileSync(file, 'utf8').split('\n').slice(1)) {
    const [q, d, g] = line.trim().split(/\s+/);
    if (!q || !d || g === undefined) continue;
    if (!out.has(q)) out.set(q, new Map());
    out.get(q)!.set(d, Number(g));
  }
  return out;
}

function writeTsvQrels(file: string, qrels: Judged): void {
  const lines = ['query-id\tcorpus-id\tscore'];
  for (const [q, docs] of qrels) for (const [d, g] of docs) lines.push(`${q}\t${d}\t${g}`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, lines.join('\n') + '\n');
}

/** query -> doc ids in file order (`testbed retrieve` writes them in trec_eval's order). */
function readRun(file: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const [q, , d] = line.trim().split(/\s+/);
    if (!q || !d) continue;
    if (!out.has(q)) out.set(q, []);
    out.get(q)!.push(d);
  }
  return out;
}

/**
 * The collection's folder, or a copy of its corpus.jsonl without records that have neither title
 * nor text (the experiment refuses them), with the ids left out (their qrels lines are dropped too,
 * since the experiment refuses judgements of documents not in the corpus).
 */
function usableCorpus(name: string): { dir: string; dropped: Set<string> } {
  const dir = path.join(CORPORA, name);
  const records = fs
    .readFileSync(path.join(dir, 'corpus.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  const dropped = new Set<string>();
  const keep = records.filter((l) => {
    const r = JSON.parse(l) as { _id: unknown; title?: string; text?: string };
    const empty = (r.title ?? '').trim() === '' && (r.text ?? '').trim() === '';
    if (empty) dropped.add(String(r._id));
    return !empty;
  });
  if (dropped.size === 0) return { dir, dropped };
  const copy = path.join(OUT, 'corpora', name);
  fs.mkdirSync(copy, { recursive: true });
  fs.writeFileSync(path.join(copy, 'corpus.jsonl'), keep.join('\n') + '\n');
  console.log(`${name}: empty record(s) ${[...dropped].join(', ')} left out of ${copy}/corpus.jsonl and of the qrels`);
  return { dir: copy, dropped };
}

/** A BM25 run (doc level, k 100) made by the checkout's CLI over an embedder-less index. */
function bm25Run(name: string, corpus: string, queries: string): Map<string, string[]> {
  const work = path.join(OUT, 'work');
  fs.mkdirSync(work, { recursive: true });
  const index = path.join(work, `${name}.sqlite`);
  const run = path.join(work, `${name}.bm25.trec`);
  fs.rmSync(index, { force: true });
  cli([
    'index',
    corpus,
    '--out',
    index,
    '--embedder',
    'none',
    '--chunker',
    'doc',
    '--tokenizer',
    'english',
    '--cache-dir',
    CACHE,
  ]);
  cli(['retrieve', index, '--queries', queries, '--mode', 'bm25', '--k', '100', '--run', run]);
  return readRun(run);
}

function cranfieldQrels(queryIds: string[], run: Map<string, string[]>): Judged {
  const codes = readTsvQrels(path.join(CORPORA, 'cranfield/qrels/test.cranfield-codes.tsv'));
  const out: Judged = new Map();
  for (const [q, docs] of codes) {
    const graded = new Map<string, number>();
    for (const [d, c] of docs) {
      if (c === -1) graded.set(d, -1);
      else if (c >= 1 && c <= 4) graded.set(d, 5 - c);
      else throw new Error(`cranfield: unexpected code ${c} for query ${q}, doc ${d}`);
    }
    out.set(q, graded);
  }
  for (const q of queryIds) {
    if (!out.has(q)) out.set(q, new Map());
    const judged = out.get(q)!;
    for (const d of (run.get(q) ?? []).slice(0, POOL_DEPTH)) if (!judged.has(d)) judged.set(d, 0);
  }
  return out;
}

function scifactQrels(queryIds: string[], run: Map<string, string[]>): Judged {
  const binary = readTsvQrels(path.join(CORPORA, 'scifact/qrels/test.tsv'));
  const out: Judged = new Map();
  for (const [q, docs] of binary) out.set(q, new Map([...docs].filter(([, g]) => g > 0).map(([d]) => [d, 2])));
  for (const q of queryIds) {
    if (!out.has(q)) out.set(q, new Map());
    const judged = out.get(q)!;
    const unjudged = (run.get(q) ?? []).filter((d) => !judged.has(d)).slice(0, POOL_DEPTH);
    unjudged.forEach((d, i) => judged.set(d, i < 3 ? 1 : 0));
  }
  return out;
}

function histogram(qrels: Judged): Record<string, number> {
  const h: Record<string, number> = {};
  for (const docs of qrels.values()) for (const g of docs.values()) h[g] = (h[g] ?? 0) + 1;
  return h;
}

function experimentYaml(
  name: string,
  corpus: string,
  queries: string,
  qrels: string,
  threshold: number,
  output: string,
) {
  const q = (s: string) => JSON.stringify(s);
  return `# Written by bench/judgement-scoring.ts: report.json means vs testbed eval on the same run files.
name: ${name}
corpus: ${q(corpus)}
queries: ${q(queries)}
qrels: ${q(qrels)}
output: ${q(output)}
level: doc
ks: [1, 5, 10, 100]
context_k: 5
rerank_depth: 100
metrics: [${METRICS.join(', ')}]
relevance_threshold: ${threshold}
baseline: bm25 / english
significance: { test: t, correction: holm, alpha: 0.05 }
grid:
  chunkers: [doc]
  embedders: [none]
  tokenizers: [english, porter]
  retrievers:
    - { name: bm25, mode: bm25 }
    - { name: bm25-fts5, mode: bm25, engine: fts5 }
    - { name: bm25-wink-k1.2, mode: bm25, engine: wink, k1: 1.2, b: 0.75 }
`;
}

const fileSafe = (name: string) => name.replace(/[^A-Za-z0-9_.+-]+/g, '_');

interface ReportConfig {
  name: string;
  means: Record<string, number>;
  perQuery: Record<string, unknown>;
}

function compare(collection: string, corpus: string, queries: string, qrels: string, threshold: number) {
  const name = `jscore-${collection}-t${threshold}`;
  const output = path.join(OUT, 'experiments', name);
  const yamlFile = path.join(OUT, 'experiments', `${name}.yaml`);
  fs.mkdirSync(path.dirname(yamlFile), { recursive: true });
  fs.rmSync(output, { recursive: true, force: true });
  fs.writeFileSync(yamlFile, experimentYaml(name, corpus, queries, qrels, threshold, output));
  const t0 = performance.now();
  cli(['experiment', yamlFile, '--cache-dir', CACHE]);
  const seconds = (performance.now() - t0) / 1000;
  const report = JSON.parse(fs.readFileSync(path.join(output, 'report.json'), 'utf8')) as { configs: ReportConfig[] };
  const rows: Row[] = [];
  const counts: Record<string, { report: number; eval: number }> = {};
  for (const c of report.configs) {
    const runFile = path.join(output, 'runs', `${fileSafe(c.name)}.trec`);
    if (!fs.existsSync(runFile)) throw new Error(`no run file for configuration ${c.name}: ${runFile}`);
    const { stdout } = cli([
      'eval',
      qrels,
      runFile,
      '--threshold',
      String(threshold),
      '--metrics',
      METRICS.join(','),
      '--queries',
      queries,
      '--json',
    ]);
    const ev = JSON.parse(stdout) as { metrics: Record<string, number>; queries: number };
    counts[c.name] = { report: Object.keys(c.perQuery ?? {}).length, eval: ev.queries };
    for (const m of METRICS) {
      const a = c.means[m];
      const b = ev.metrics[m];
      const ok = typeof a === 'number' && typeof b === 'number';
      rows.push({
        collection,
        threshold,
        config: c.name,
        metric: m,
        report: typeof a === 'number' ? a : null,
        eval: typeof b === 'number' ? b : null,
        differs: !ok || Math.abs(a - b) > TOLERANCE,
      });
    }
  }
  return { rows, counts, seconds, configs: report.configs.length };
}

async function main(): Promise<void> {
  printHeader('Judgement scoring: experiment report.json vs testbed eval on the same run files', import.meta.url);
  console.log(`Checkout ${CHECKOUT}; collections from ${CORPORA}; derived files under ${OUT}.\n`);
  if (!fs.existsSync(path.join(CORPORA, 'cranfield')) || !fs.existsSync(path.join(CORPORA, 'scifact'))) {
    throw new Error(`collections not found in ${CORPORA} (set TESTBED_SHARED_CORPORA to the shared corpora folder)`);
  }
  fs.mkdirSync(OUT, { recursive: true });
  const start = performance.now();
  const collections = [
    { name: 'cranfield', build: cranfieldQrels },
    { name: 'scifact', build: scifactQrels },
  ];
  const rows: Row[] = [];
  const summary: Record<string, unknown>[] = [];
  for (const { name, build } of collections) {
    const queries = path.join(CORPORA, name, 'queries.jsonl');
    const queryIds = readJsonl(queries).map((r) => String(r._id));
    const { dir: corpus, dropped } = usableCorpus(name);
    const t0 = performance.now();
    const run = bm25Run(name, corpus, queries);
    const qrels = build(queryIds, run);
    let droppedLines = 0;
    for (const docs of qrels.values()) for (const d of dropped) droppedLines += docs.delete(d) ? 1 : 0;
    if (droppedLines > 0) console.log(`${name}: ${droppedLines} qrels line(s) of left-out records dropped`);
    const qrelsFile = path.join(OUT, 'qrels', `${name}.graded.tsv`);
    writeTsvQrels(qrelsFile, qrels);
    const hist = histogram(qrels);
    console.log(
      `${name}: BM25 run and qrels in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${qrelsFile} grades ${JSON.stringify(hist)}`,
    );
    for (const threshold of THRESHOLDS) {
      const r = compare(name, corpus, queries, qrelsFile, threshold);
      const differ = r.rows.filter((x) => x.differs).length;
      console.log(
        `${name} threshold ${threshold}: experiment ${r.seconds.toFixed(1)} s, ${r.configs} configurations; ${differ} of ${r.rows.length} means differ; queries scored (report/eval) ${JSON.stringify(r.counts)}`,
      );
      rows.push(...r.rows);
      summary.push({
        collection: name,
        threshold,
        qrels: qrelsFile,
        grades: hist,
        experimentSeconds: r.seconds,
        queryCounts: r.counts,
        differing: differ,
        compared: r.rows.length,
        rows: r.rows,
      });
    }
  }
  const seconds = (performance.now() - start) / 1000;
  fs.writeFileSync(
    path.join(OUT, 'summary.json'),
    JSON.stringify({ checkout: CHECKOUT, metrics: METRICS, tolerance: TOLERANCE, seconds, results: summary }, null, 1) +
      '\n',
  );

  const f = (x: number | null) => (x === null ? 'missing' : x.toFixed(6));
  console.log('\n### Counts: configuration × metric means where report ≠ eval\n');
  console.log(
    mdTable(
      ['collection', 'threshold', 'differ', 'compared', 'metrics that differ'],
      summary.map((s) => {
        const r = s.rows as Row[];
        const ms = [...new Set(r.filter((x) => x.differs).map((x) => x.metric))];
        return [
          s.collection as string,
          s.threshold as number,
          s.differing as number,
          s.compared as number,
          ms.join(', '),
        ];
      }),
      'lrrrl',
    ),
  );
  const diff = rows.filter((r) => r.differs);
  console.log('\n### Rows where report.json mean ≠ testbed eval mean (|Δ| > 1e-12)\n');
  if (diff.length === 0) console.log('None: every report mean equals eval on its run file.');
  else
    console.log(
      mdTable(
        ['collection', 'T', 'config', 'metric', 'report', 'eval', 'report − eval'],
        diff.map((r) => [
          r.collection,
          r.threshold,
          r.config,
          r.metric,
          f(r.report),
          f(r.eval),
          r.report === null || r.eval === null ? '' : (r.report - r.eval).toFixed(6),
        ]),
        'lrllrrr',
      ),
    );
  console.log(`\nTotal ${seconds.toFixed(1)} s. Summary: ${path.join(OUT, 'summary.json')}`);
}

await main();
