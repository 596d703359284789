/**
 * BM25 at scale (issue 27): for synthetic collections of short documents (seeded, Zipfian
 * vocabulary: bench/lib/zipf-corpus.ts) of 10k, 100k and 1M documents, in one run:
 *
 * - the build: `node bin/testbed.js index CORPUS --chunker doc --embedder none` as users run it,
 *   in a child process under /usr/bin/time -v (or, without it, the child reporting its own
 *   resourceUsage), for wall time, CPU time and the build's own peak RSS; then the file's size.
 *   A build is measured once: its figures are kept beside the index (FILE.build.json) and
 *   reported again, marked reused, while the index is there.
 * - per lexical engine (--engines, e.g. wink,fts5,postings), each in a fresh process: the first
 *   answer (open the index, prepare the bm25 pipeline, answer one query), RSS once the engine
 *   is ready, then one warm-up pass and p50/p99 over the short queries at top-10 and top-1000,
 *   and over the long queries (20-40 words) at top-10. Timed through Searcher.prepare and
 *   Searcher.retrieve (the lexical leg, no hydration), as bench/fts5-latency.ts does.
 * - the floor: the raw FTS5 statement through better-sqlite3 on the same file,
 *   `SELECT rowid, bm25(chunks_fts) FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY rank LIMIT ?`,
 *   the MATCH expression the fts5 leg would build (analysed outside the timing).
 * - serving: per engine, `testbed serve --workers N` on 127.0.0.1: the time to listening (which
 *   now includes opening every index for search and warming the postings engine), a /health
 *   (the client's first connection: 50-70 ms of its own), the first bm25 query's time, then 2N
 *   queries at once so every worker has answered (the slowest of them: every worker's first
 *   queries), then the server's RSS.
 * - the postings engine's read paths and top-k algorithms (issue 44), in one process, interleaved
 *   query by query (each query runs every variant, in rotating order): one statement per block
 *   with MaxScore (the engine before runs), runs of blocks kept in memory with MaxScore, with
 *   accumulators, and with the engine's default; short and long queries at top-10
 *   and top-1000, p50/p99 and the median of per-query ratios to the old path. Timed at the
 *   scorer (terms analysed beforehand), after one pass over the queries per variant.
 *
 *   npx tsx bench/lexical-scale.ts [--sizes 10k,100k,1M] [--engines wink,fts5] [--max-wink 100k]
 *     [--dir /tmp/testbed-scale] [--seed 42] [--queries 300] [--long 50] [--serve-workers 2]
 *     [--tokenizer english] [--threads 1,2] [--build-only] [--parts engines,paths,serve] [--no-fts5]
 *
 * `--threads 1,2` builds each size once per thread count (`testbed index --threads N`, each in
 * its own folder, index-zipf-SIZE-seedS-tN), the engines then measured on the first; without it,
 * one build with the testbed's default. `--build-only` stops after the builds. `--no-fts5` builds
 * without the FTS5 table (folders ending -nofts5).
 *
 * --parts chooses what runs per size: `engines` (the floor and each engine in a fresh process),
 * `paths` (the read-path comparison), `serve` (serving per engine). An index file already there
 * without its build record (built elsewhere) is used as it is, never rebuilt.
 *
 * The tokenizer is english unless told: `auto` detects languages per document, and on
 * pseudo-words it picked english at 10k and multilingual at 100k (an index built with another
 * tokenizer than asked is rebuilt).
 *
 * An engine that fails (unknown to this testbed, out of memory, over --max-wink) prints "-" and
 * the reason, and the run goes on. Ratios are to fts5 and to the floor, within the run.
 */
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createQueryTerms } from '../src/analysis/query-terms.js';
import { readQueries } from '../src/corpus/read-queries.js';
import { pipelineForMode } from '../src/pipeline/search-spec.js';
import { Searcher } from '../src/search/searcher.js';
import { createPostingsScorer, type TopKAlgorithm } from '../src/retrievers/postings-bm25.js';
import type { BlockReadPath } from '../src/retrievers/postings-cursor.js';
import { bm25Analysis } from '../src/store/bm25-analysis.js';
import { plainTerms, termsToMatch } from '../src/store/bm25-sql.js';
import { IndexReader } from '../src/store/index-reader.js';
import { analysisIgnoresLanguage, analyzerFor, readyForQueries } from '../src/store/tokenizers.js';
import { startServe } from './lib/serve-child.js';
import { runPhase, sendPhaseResult } from './lib/child.js';
import { printHeader } from './lib/command.js';
import { mb, mdTable, ms, ratio } from './lib/markdown.js';
import { peakRssMiB, rssMiB } from './lib/rss.js';
import { latencySummary, percentile } from './lib/stats.js';
import { DEFAULT_SCALE_DIR, ensureZipfCorpus, parseSize, sizeLabel } from './lib/zipf-corpus.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(ROOT, 'bin', 'testbed.js');
const FLOOR = 'fts5 raw (floor)';
const K_SHORT = [10, 1000] as const;
/** The parts fileParts reports, in the table's order. */
const PARTS = ['documents', 'chunks', 'fts5', 'postings', 'free', 'other'] as const;

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10k,100k,1M' },
    engines: { type: 'string', default: 'wink,fts5' },
    'max-wink': { type: 'string', default: '100k' },
    dir: { type: 'string', default: DEFAULT_SCALE_DIR },
    seed: { type: 'string', default: '42' },
    queries: { type: 'string', default: '300' },
    long: { type: 'string', default: '50' },
    'serve-workers': { type: 'string', default: '2' },
    // Fixed by default: auto detects a language per document, and pseudo-words read as English
    // at one size and as several languages at another, which would make the sizes incomparable.
    tokenizer: { type: 'string', default: 'english' },
    threads: { type: 'string' },
    'build-only': { type: 'boolean', default: false },
    // Build without the FTS5 table (testbed index --no-fts5), in folders of their own; the fts5
    // engine cannot then be measured on them.
    'no-fts5': { type: 'boolean', default: false },
    parts: { type: 'string', default: 'engines,paths,serve' },
    // Internal: the child phases.
    phase: { type: 'string' },
    file: { type: 'string' },
    engine: { type: 'string' },
    'query-file': { type: 'string' },
    'long-file': { type: 'string' },
  },
});

/** What a child reports for one engine (or the floor) on one index. */
interface EngineFigures {
  firstMs: number;
  readyRssMiB: number;
  peakRssMiB: number;
  short: Record<string, { p50: number; p99: number }>;
  long: { p50: number; p99: number };
}
type Outcome = { ok: EngineFigures } | { error: string };

interface BuildFigures {
  seconds: number;
  cpuSeconds: number;
  peakRssMiB: number;
  bytes: number;
  chunks: number;
  /** The tokenizer the build chose (auto unless --tokenizer). */
  tokenizer: string;
  /** --threads as given to the build (undefined: the testbed's default) and as the index records it. */
  threadsAsked?: number;
  threads?: number;
  documentsPerSecond?: number;
  /** Busy seconds per stage, from the index's metadata. */
  stages?: Record<string, number>;
  /** Bytes of the file by part (fileParts). */
  parts?: Record<string, number>;
  measuredAt: string;
  reused?: boolean;
}

interface ServeFigures {
  /** From spawning `testbed serve` to its "listening" line: module loading, workers, opening the indexes. */
  listenMs: number;
  /** The first request, a /health: fetch's first connection and the server's first HTTP request. */
  healthMs: number;
  firstMs: number;
  /** The slowest of the 2N queries sent at once after the first: every worker's first queries among them. */
  slowestNextMs: number;
  rssMiB: number;
}

/** A variant of the postings engine the read-path comparison times. */
interface PathVariant {
  name: string;
  readPath: BlockReadPath;
  algorithm?: TopKAlgorithm;
}
const PATH_VARIANTS: PathVariant[] = [
  { name: 'statement per block, MaxScore (before)', readPath: 'blocks', algorithm: 'maxscore' },
  { name: 'runs, MaxScore', readPath: 'runs', algorithm: 'maxscore' },
  { name: 'runs, accumulators', readPath: 'runs', algorithm: 'accumulators' },
  { name: 'runs, block-max MaxScore over windows', readPath: 'runs', algorithm: 'block-maxscore' },
  { name: 'runs, default', readPath: 'runs' },
];
/** Per case (short/long, k), per variant: p50, p99, and the median of per-query ratios to the first variant. */
type PathFigures = Record<string, Record<string, { p50: number; p99: number; ratio: number }>>;

if (values.phase === 'paths') {
  try {
    sendPhaseResult({ ok: await measurePathsInChild() });
  } catch (e) {
    sendPhaseResult({ error: (e as Error).message.split('\n')[0] });
  }
} else if (values.phase === 'engine' || values.phase === 'floor') {
  try {
    sendPhaseResult({ ok: await measureInChild(values.phase) });
  } catch (e) {
    sendPhaseResult({ error: (e as Error).message.split('\n')[0] });
  }
} else {
  await main();
}

async function main(): Promise<void> {
  const sizes = values.sizes.split(',').map((s) => parseSize(s));
  const engines = values.engines.split(',').map((e) => e.trim());
  const maxWink = parseSize(values['max-wink'], '--max-wink');
  const seed = Number(values.seed);
  const workers = Number(values['serve-workers']);
  const parts = new Set(values.parts.split(',').map((p) => p.trim()));
  const log = (m: string) => console.error(m);

  printHeader('BM25 at scale (issue 27)', import.meta.url);
  const builds: (string | number)[][] = [];
  const starts: (string | number)[][] = [];
  const latency = new Map<string, (string | number)[][]>();
  const serving: (string | number)[][] = [];
  const pathRows: (string | number)[][] = [];
  for (const size of sizes) {
    const label = sizeLabel(size);
    const corpus = ensureZipfCorpus(
      { documents: size, seed, queries: Math.max(300, Number(values.queries)), longQueries: 100 },
      values.dir,
      log,
    );
    if (!corpus.reused) log(`${label}: collection written in ${corpus.seconds.toFixed(1)} s`);
    const name = `zipf-${label}`;
    const threadCounts = values.threads ? values.threads.split(',').map((t) => Number(t)) : [undefined];
    let dataDir = '';
    let file = '';
    for (const threads of threadCounts) {
      const dir = path.join(
        values.dir,
        `index-${name}-seed${seed}${threads ? `-t${threads}` : ''}${values['no-fts5'] ? '-nofts5' : ''}`,
      );
      const built = path.join(dir, `${name}.sqlite`);
      const build = await ensureIndex(corpus.dir, built, threads, log);
      if (!file) [dataDir, file] = [dir, built];
      builds.push([
        label,
        size,
        build.chunks,
        build.tokenizer,
        build.threads ?? '-',
        build.seconds.toFixed(1),
        build.cpuSeconds.toFixed(1),
        build.peakRssMiB.toFixed(0),
        mb(build.bytes),
        build.documentsPerSecond?.toFixed(0) ?? '-',
        stageShares(build.stages),
        build.parts ? PARTS.map((p) => mb(build.parts![p] ?? 0)).join(' / ') : '-',
        build.reused ? `yes (measured ${build.measuredAt.slice(0, 16)})` : 'no',
      ]);
    }
    if (values['build-only']) continue;

    const outcomes = new Map<string, Outcome>();
    const phase = <T = Outcome>(which: 'engine' | 'floor' | 'paths', engine?: string) =>
      runPhase<T>(import.meta.url, [
        '--phase',
        which,
        '--file',
        file,
        '--query-file',
        corpus.queries,
        '--long-file',
        corpus.longQueries,
        '--queries',
        values.queries,
        '--long',
        values.long,
        ...(engine ? ['--engine', engine] : []),
      ]).catch((e: Error) => ({ error: e.message.split('\n')[0]! }) as T);
    const pathsPhase = () => phase<{ ok: PathFigures } | { error: string }>('paths');
    if (parts.has('paths')) {
      log(`${label}: postings read paths and algorithms, interleaved`);
      pathRows.push(...pathTableRows(label, await pathsPhase()));
    }
    if (parts.has('engines')) {
      log(`${label}: the floor`);
      outcomes.set(FLOOR, await phase('floor'));
    }
    for (const engine of parts.has('engines') ? engines : []) {
      if (engine === 'wink' && size > maxWink) {
        outcomes.set(engine, { error: `not run: over --max-wink ${sizeLabel(maxWink)}` });
        continue;
      }
      log(`${label}: ${engine}`);
      outcomes.set(engine, await phase('engine', engine));
    }

    const base = (name: string) => {
      const o = outcomes.get(name);
      return o && 'ok' in o ? o.ok : undefined;
    };
    for (const [engine, o] of outcomes) {
      if ('error' in o) {
        starts.push([label, engine, '-', '-', '-', o.error]);
        continue;
      }
      starts.push([label, engine, ms(o.ok.firstMs), o.ok.readyRssMiB.toFixed(0), o.ok.peakRssMiB.toFixed(0), '']);
    }
    const cases: [string, (f: EngineFigures) => { p50: number; p99: number }][] = [
      ...K_SHORT.map((k): [string, (f: EngineFigures) => { p50: number; p99: number }] => [
        `short queries (2-6 words), top-${k}`,
        (f) => f.short[k]!,
      ]),
      ['long queries (20-40 words), top-10', (f) => f.long],
    ];
    for (const [title, pick] of cases) {
      const rows = latency.get(title) ?? [];
      latency.set(title, rows);
      const fts5 = base('fts5') && pick(base('fts5')!);
      const floor = base(FLOOR) && pick(base(FLOOR)!);
      for (const [engine, o] of outcomes) {
        if ('error' in o) {
          rows.push([label, engine, '-', '-', '', '', '', '']);
          continue;
        }
        const r = pick(o.ok);
        rows.push([
          label,
          engine,
          ms(r.p50),
          ms(r.p99),
          ratio(r.p50, fts5?.p50),
          ratio(r.p99, fts5?.p99),
          ratio(r.p50, floor?.p50),
          ratio(r.p99, floor?.p99),
        ]);
      }
    }

    if (workers > 0 && parts.has('serve')) {
      const queries = (await readQueries(corpus.queries)).map((q) => q.text);
      for (const engine of engines) {
        const skipped = outcomes.get(engine);
        if (skipped && 'error' in skipped && skipped.error.startsWith('not run')) {
          serving.push([label, engine, '-', '-', '-', '-', '-', skipped.error]);
          continue;
        }
        log(`${label}: serve with ${engine}`);
        try {
          const s = await serveFigures(dataDir, name, engine, workers, queries);
          serving.push([
            label,
            engine,
            ms(s.listenMs),
            ms(s.healthMs),
            ms(s.firstMs),
            ms(s.slowestNextMs),
            s.rssMiB.toFixed(0),
            '',
          ]);
        } catch (e) {
          serving.push([label, engine, '-', '-', '-', '-', '-', (e as Error).message.split('\n')[0]!]);
        }
      }
    }
  }

  console.log(
    `Synthetic collections: seed ${seed}, Zipf s 1.05 over 300,000 pseudo-words, documents of 8-40 words; ` +
      `${values.queries} short queries and ${values.long} long ones per size. Build: \`node bin/testbed.js index ` +
      `--chunker doc --embedder none --tokenizer ${values.tokenizer}\`. Latency in process through Searcher.retrieve (chunk level, no ` +
      `hydration), one warm-up pass, each engine in a fresh process.\n`,
  );
  console.log('### Build\n');
  console.log(
    mdTable(
      [
        'size',
        'documents',
        'chunks',
        'tokenizer',
        'threads',
        'build s',
        'CPU s',
        'peak RSS MiB',
        'file MB',
        'docs/s',
        'busy share: read/detect/analyse/postings/write',
        `MB: ${PARTS.join('/')}`,
        'reused',
      ],
      builds,
      'lrrlrrrrrrlll',
    ),
  );
  if (parts.has('paths')) {
    console.log('\n### Postings engine: read paths and top-k algorithms, interleaved (ms)\n');
    console.log(
      `Scorer calls on analysed terms, every variant per query in rotating order, after one pass per variant; ratio: median over queries of variant / before. Machine load (/proc/loadavg) at the end: ${uptimeLoad()}.\n`,
    );
    console.log(mdTable(['size', 'queries', 'k', 'variant', 'p50', 'p99', 'median ratio'], pathRows, 'lllrrrr'));
  }
  if (parts.has('engines')) {
    console.log('\n### First answer in a fresh process (open + first query) and memory\n');
    console.log(
      mdTable(['size', 'engine', 'first answer ms', 'RSS ready MiB', 'peak RSS MiB', 'note'], starts, 'llrrrl'),
    );
  }
  for (const [title, rows] of parts.has('engines') ? latency : []) {
    console.log(`\n### Latency, ${title} (ms)\n`);
    console.log(
      mdTable(
        ['size', 'engine', 'p50', 'p99', 'p50 / fts5', 'p99 / fts5', 'p50 / floor', 'p99 / floor'],
        rows,
        'llrrrrrr',
      ),
    );
  }
  if (workers > 0 && parts.has('serve')) {
    console.log(`\n### Serving: \`testbed serve --workers ${workers}\`\n`);
    console.log(
      `Start (spawn to listening: modules, workers, every index opened for search and warmed), a first /health (the client's first connection and the server's first HTTP request), the first bm25 query after it, then ${2 * workers} at once (spread over the workers: each worker's first queries), the slowest of those; RSS of the server process after them.\n`,
    );
    console.log(
      mdTable(
        [
          'size',
          'engine',
          'listening after ms',
          'first /health ms',
          'first query ms',
          `slowest of next ${2 * workers} ms`,
          'RSS MiB',
          'note',
        ],
        serving,
        'llrrrrrl',
      ),
    );
  }
}

/**
 * The index of `corpusDir` at `file`, built through the CLI in a child process when missing (its
 * figures kept in FILE.build.json), or the figures of the build that made it.
 */
async function ensureIndex(
  corpusDir: string,
  file: string,
  threads: number | undefined,
  log: (m: string) => void,
): Promise<BuildFigures> {
  const record = `${file}.build.json`;
  if (fs.existsSync(file) && fs.existsSync(record)) {
    const kept = JSON.parse(fs.readFileSync(record, 'utf8')) as BuildFigures;
    if ((values.tokenizer === 'auto' || kept.tokenizer === values.tokenizer) && kept.threadsAsked === threads)
      return { ...kept, reused: true };
  }
  if (fs.existsSync(file) && !fs.existsSync(record)) {
    // Built elsewhere (by hand, or another bench): used as it is, its build figures unknown.
    const reader = IndexReader.open(file);
    const { meta } = reader;
    reader.close();
    log(`${path.basename(file)}: found without its build record, used as it is`);
    return {
      seconds: Number.NaN,
      cpuSeconds: Number.NaN,
      peakRssMiB: Number.NaN,
      bytes: fs.statSync(file).size,
      chunks: meta.counts.chunks,
      tokenizer: meta.tokenizer,
      measuredAt: 'unknown (built elsewhere)',
      reused: true,
    };
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.rmSync(file, { force: true });
  const args = [
    BIN,
    'index',
    corpusDir,
    '--out',
    file,
    '--chunker',
    'doc',
    '--embedder',
    'none',
    '--tokenizer',
    values.tokenizer,
    ...(threads ? ['--threads', String(threads)] : []),
    ...(values['no-fts5'] ? ['--no-fts5'] : []),
  ];
  log(
    `building ${path.basename(file)}: node ${args.map((a) => (a.startsWith(ROOT) ? path.relative(ROOT, a) : a)).join(' ')}`,
  );
  const started = performance.now();
  const usage = await runMeasured(args);
  const seconds = (performance.now() - started) / 1000;
  const reader = IndexReader.open(file);
  const { chunks } = reader.meta.counts;
  const { tokenizer, build } = reader.meta;
  reader.close();
  const figures: BuildFigures = {
    seconds,
    ...usage,
    bytes: fs.statSync(file).size,
    chunks,
    tokenizer,
    threadsAsked: threads,
    threads: build.threads,
    documentsPerSecond: build.documentsPerSecond,
    stages: build.stages ? { ...build.stages } : undefined,
    parts: fileParts(file),
    measuredAt: new Date().toISOString(),
  };
  fs.writeFileSync(record, `${JSON.stringify(figures, null, 2)}\n`);
  return figures;
}

/**
 * An index file's bytes by part, from SQLite's dbstat: each table with its indexes (documents and
 * its id index; chunks with its id and document indexes; FTS5's shadow tables; the postings
 * tables), the free list, and the rest.
 */
function fileParts(file: string): Record<string, number> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  const parts: Record<string, number> = {};
  const rows = db.prepare('SELECT name, sum(pgsize) FROM dbstat GROUP BY name').raw().all() as [string, number][];
  for (const [name, bytes] of rows) {
    const part = name.startsWith('postings_')
      ? 'postings'
      : name.startsWith('chunks_fts')
        ? 'fts5'
        : name === 'chunks' || name === 'chunks_doc' || name === 'sqlite_autoindex_chunks_1'
          ? 'chunks'
          : name === 'documents' || name === 'sqlite_autoindex_documents_1'
            ? 'documents'
            : 'other';
    parts[part] = (parts[part] ?? 0) + bytes;
  }
  parts.free =
    (db.pragma('freelist_count', { simple: true }) as number) * (db.pragma('page_size', { simple: true }) as number);
  db.close();
  return parts;
}

/** A build's busy time per stage as percentages, in the table's order; "-" for an index that does not record them. */
function stageShares(stages: Record<string, number> | undefined): string {
  if (!stages) return '-';
  const order = ['reading', 'detection', 'analysis', 'postings', 'writes'];
  const busy = order.reduce((sum, k) => sum + (stages[k] ?? 0), 0);
  return order.map((k) => `${Math.round((100 * (stages[k] ?? 0)) / busy)}%`).join(' / ');
}

/**
 * Runs `node ARGS` and returns its CPU time and peak RSS: from /usr/bin/time -v when the machine
 * has it (the kernel's own accounting of the child), else from the child itself, which prints its
 * process.resourceUsage() on exit through a preloaded module.
 */
function runMeasured(args: readonly string[]): Promise<{ cpuSeconds: number; peakRssMiB: number }> {
  const timeBin = '/usr/bin/time';
  const viaTime = fs.existsSync(timeBin);
  const preload =
    'data:text/javascript,' +
    encodeURIComponent(
      `process.on('exit', () => { const u = process.resourceUsage(); process.stderr.write('\\n@@rusage ' + JSON.stringify(u) + '\\n'); });`,
    );
  const [cmd, argv] = viaTime
    ? [timeBin, ['-v', process.execPath, ...args]]
    : [process.execPath, ['--import', preload, ...args]];
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, { stdio: ['ignore', 'ignore', 'pipe'], cwd: ROOT });
    let tail = '';
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (d: string) => {
      tail = (tail + d).slice(-20_000);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`index build exited ${code}:\n${tail.slice(-2000)}`));
      if (viaTime) {
        const num = (re: RegExp) => Number(re.exec(tail)?.[1] ?? Number.NaN);
        resolve({
          cpuSeconds: num(/User time \(seconds\): ([\d.]+)/) + num(/System time \(seconds\): ([\d.]+)/),
          peakRssMiB: num(/Maximum resident set size \(kbytes\): (\d+)/) / 1024,
        });
      } else {
        const u = JSON.parse(/@@rusage (.*)/.exec(tail)?.[1] ?? '{}') as Partial<NodeJS.ResourceUsage>;
        resolve({
          cpuSeconds: ((u.userCPUTime ?? Number.NaN) + (u.systemCPUTime ?? Number.NaN)) / 1e6,
          peakRssMiB: (u.maxRSS ?? Number.NaN) / 1024,
        });
      }
    });
  });
}

/** In a child process: one engine's (or the floor's) figures on --file. */
async function measureInChild(which: 'engine' | 'floor'): Promise<EngineFigures> {
  const file = values.file!;
  const short = (await readQueries(values['query-file']!)).slice(0, Number(values.queries)).map((q) => q.text);
  const long = (await readQueries(values['long-file']!)).slice(0, Number(values.long)).map((q) => q.text);
  const timed = async (run: (q: string) => Promise<unknown>, qs: readonly string[], warm: readonly string[]) => {
    for (const q of warm) await run(q);
    const times: number[] = [];
    for (const q of qs) {
      const t0 = performance.now();
      await run(q);
      times.push(performance.now() - t0);
    }
    const { p50, p99 } = latencySummary(times);
    return { p50, p99 };
  };

  if (which === 'floor') {
    const matchOf = floorMatcher(file);
    const matches = new Map([...short, ...long].map((q) => [q, matchOf(q)]));
    const t0 = performance.now();
    const db = new Database(file, { readonly: true, fileMustExist: true });
    const stmt = db.prepare(
      'SELECT rowid, bm25(chunks_fts) AS score FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY rank LIMIT ?',
    );
    const query = (k: number) => async (q: string) => {
      const m = matches.get(q);
      return m === null || m === undefined ? [] : stmt.all(m, k);
    };
    await query(10)(short[0]!);
    const firstMs = performance.now() - t0;
    const readyRssMiB = rssMiB();
    const figures = {
      firstMs,
      readyRssMiB,
      short: Object.fromEntries(await seq(K_SHORT, async (k) => [k, await timed(query(k), short, short)])),
      long: await timed(query(10), long, long.slice(0, 5)),
      peakRssMiB: 0,
    };
    db.close();
    return { ...figures, peakRssMiB: peakRssMiB() };
  }

  const engine = values.engine!;
  const lexicalOnly = () => Promise.reject(new Error('lexical only'));
  const pipeline = (k: number) => pipelineForMode('bm25', { engine, k, level: 'chunk' });
  const t0 = performance.now();
  const searcher = new Searcher('scale', file, lexicalOnly);
  const first = await searcher.prepare(pipeline(10));
  await searcher.retrieve(first, short[0]!);
  const firstMs = performance.now() - t0;
  const readyRssMiB = rssMiB();
  const shortFigures: Record<string, { p50: number; p99: number }> = {};
  for (const k of K_SHORT) {
    const parts = await searcher.prepare(pipeline(k));
    shortFigures[k] = await timed((q) => searcher.retrieve(parts, q), short, short);
  }
  const longFigures = await timed((q) => searcher.retrieve(first, q), long, long.slice(0, 5));
  searcher.close();
  return { firstMs, readyRssMiB, peakRssMiB: peakRssMiB(), short: shortFigures, long: longFigures };
}

async function seq<T, U>(xs: readonly T[], f: (x: T) => Promise<U>): Promise<U[]> {
  const out: U[] = [];
  for (const x of xs) out.push(await f(x));
  return out;
}

/** The MATCH expression the fts5 leg builds for a query on `file`: the index's own analysis, ORed terms. */
function floorMatcher(file: string): (query: string) => string | null {
  const reader = IndexReader.open(file);
  const meta = reader.meta;
  reader.close();
  const analyzer = analyzerFor(meta.tokenizer);
  if (!analyzer) return (q) => termsToMatch(plainTerms(q));
  if (analysisIgnoresLanguage(meta.tokenizer)) return (q) => termsToMatch(analyzer(q));
  const terms = createQueryTerms(analyzer, meta.languages ?? {});
  return (q) => termsToMatch(terms(q));
}

/**
 * `testbed serve --workers N` over `dataDir` with one engine: the first bm25 query's time after
 * the server listens, then 2N queries at once so every worker has the engine ready, then the
 * server's resident memory (workers are threads: one process).
 */
async function serveFigures(
  dataDir: string,
  index: string,
  engine: string,
  workers: number,
  queries: readonly string[],
): Promise<ServeFigures> {
  const spawned = performance.now();
  const server = await startServe(['--data', dataDir, '--workers', String(workers)]);
  try {
    const { url } = server;
    const search = async (q: string) => {
      const started = performance.now();
      const res = await fetch(
        `${url}/search/bm25?index=${encodeURIComponent(index)}&q=${encodeURIComponent(q)}&engine=${encodeURIComponent(engine)}&k=10`,
      );
      const body = await res.text();
      if (!res.ok) throw new Error(`HTTP ${res.status}: ${body.slice(0, 200)}`);
      return performance.now() - started;
    };
    const listenMs = performance.now() - spawned;
    // The first request of this process costs 50-70 ms on its own (fetch's first connection, the
    // server's first HTTP request): a /health first keeps that out of the first query's time.
    const h0 = performance.now();
    await (await fetch(`${url}/health`)).text();
    const healthMs = performance.now() - h0;
    const t0 = performance.now();
    await search(queries[0]!);
    const firstMs = performance.now() - t0;
    const next = await Promise.all(queries.slice(1, 1 + 2 * workers).map(search));
    const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
    const rss = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) / 1024;
    return { listenMs, healthMs, firstMs, slowestNextMs: Math.max(...next), rssMiB: rss };
  } finally {
    await server.stop();
  }
}

/** The load averages `uptime` reports (the machine is shared: ratios within a run are what to compare). */
function uptimeLoad(): string {
  try {
    return fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(', ');
  } catch {
    return 'unknown';
  }
}

/** The comparison's table rows for one size. */
function pathTableRows(label: string, outcome: { ok: PathFigures } | { error: string }): (string | number)[][] {
  if ('error' in outcome) return [[label, '-', '-', '-', '-', '-', outcome.error]];
  const rows: (string | number)[][] = [];
  for (const [name, byVariant] of Object.entries(outcome.ok)) {
    const [queries, k] = name.split(' ');
    for (const [variant, f] of Object.entries(byVariant))
      rows.push([label, queries!, k!, variant, ms(f.p50), ms(f.p99), `${f.ratio.toFixed(2)}×`]);
  }
  return rows;
}

/**
 * In a child process: every PATH_VARIANTS scorer over --file, interleaved query by query (the
 * variant that goes first rotates, so none always meets a cache its predecessor filled or left
 * cold), after one untimed pass per variant.
 */
async function measurePathsInChild(): Promise<PathFigures> {
  const file = values.file!;
  const short = (await readQueries(values['query-file']!)).slice(0, Number(values.queries)).map((q) => q.text);
  const long = (await readQueries(values['long-file']!)).slice(0, Number(values.long)).map((q) => q.text);
  const reader = IndexReader.open(file);
  try {
    const source = reader.postingsSource();
    if (!source) throw new Error('the index has no postings');
    await readyForQueries(reader.meta.tokenizer);
    const analysis = bm25Analysis(reader.meta.tokenizer, reader.meta.languages ?? {});
    const termsOf = (q: string) => analysis.queryTerms(q, undefined).map((term) => ({ term, weight: 1 }));
    const scorers = PATH_VARIANTS.map((v) =>
      createPostingsScorer(source, {}, { readPath: v.readPath, ...(v.algorithm && { algorithm: v.algorithm }) }),
    );
    const figures: PathFigures = {};
    for (const [kind, queries] of [
      ['short', short],
      ['long', long],
    ] as const) {
      const terms = queries.map(termsOf);
      for (const k of K_SHORT) {
        const options = { k, level: 'chunk' as const };
        for (const scorer of scorers) for (const t of terms) scorer(t, options);
        const times = PATH_VARIANTS.map((): number[] => []);
        terms.forEach((t, qi) => {
          for (let j = 0; j < scorers.length; j++) {
            const v = (qi + j) % scorers.length;
            const t0 = performance.now();
            scorers[v]!(t, options);
            times[v]!.push(performance.now() - t0);
          }
        });
        const byVariant: PathFigures[string] = {};
        PATH_VARIANTS.forEach((v, i) => {
          const { p50, p99 } = latencySummary(times[i]!);
          const ratios = times[i]!.map((x, qi) => x / times[0]![qi]!).sort((a, b) => a - b);
          byVariant[v.name] = { p50, p99, ratio: percentile(ratios, 50) };
        });
        figures[`${kind} top-${k}`] = byVariant;
      }
    }
    return figures;
  } finally {
    reader.close();
  }
}
