/**
 * Run files stream (issue 40, item 9): peak resident memory and wall time of `eval`, `pool`,
 * `fuse` (two runs) and `tune` on a generated 5M-line run (--queries x --docs lines), each run
 * through the built CLI (bin/testbed.js) as a child process under /usr/bin/time -v, whose
 * "Maximum resident set size" is the child's peak RSS. The second run lists its queries in the
 * reverse order of the first, so `fuse` meets two orders. --before DIR measures another
 * checkout (a worktree of the commit before) on the same files, in the same session.
 *
 *   npx tsx bench/run-file-memory.ts [--queries 5000] [--docs 1000] [--before /tmp/runs-before]
 *     [--keep DIR] [--timeout 900] [--skip-tune] [--only eval,pool,fuse,tune] [--tune-depth D]
 *
 * tune runs a small grid (rrf with k 60 only: each leg alone, and rrf under the 11 weight
 * vectors of 2 legs; 2 folds) so that its reading, not its search, is what is measured. Every
 * query of the generated qrels is judged, so tune reads all of both runs, twice (a pass to score
 * the settings, a pass to write the run), holding one query of each at a time; --tune-depth D
 * passes --depth D, cutting each list to its top D.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createRng } from '../src/stats/prng.js';
import { printHeader } from './lib/command.js';
import { mdTable } from './lib/markdown.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    queries: { type: 'string', default: '5000' },
    docs: { type: 'string', default: '1000' },
    before: { type: 'string' },
    keep: { type: 'string' },
    timeout: { type: 'string', default: '900' },
    'skip-tune': { type: 'boolean' },
    only: { type: 'string' },
    'tune-depth': { type: 'string' },
  },
});
const queries = Number(values.queries);
const docs = Number(values.docs);
const dir = values.keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'run-file-memory-'));
fs.mkdirSync(dir, { recursive: true });

const qid = (q: number) => `q${String(q).padStart(5, '0')}`;

/** One run: `docs` documents per query from a pool of 10x as many, scores falling; written in blocks. */
function writeRunFile(file: string, seed: number, order: number[]): void {
  const next = createRng(seed);
  const fd = fs.openSync(file, 'w');
  for (const q of order) {
    const lines: string[] = [];
    const seen = new Set<number>();
    while (seen.size < docs) seen.add(Math.floor(next() * docs * 10));
    let rank = 0;
    for (const d of seen) {
      rank++;
      lines.push(`${qid(q)} Q0 d${d} ${rank} ${(docs - rank + next()).toFixed(4)} gen`);
    }
    fs.writeSync(fd, lines.join('\n') + '\n');
  }
  fs.closeSync(fd);
}

/** Qrels: 5 graded documents per query, from the same pool the runs draw from. */
function writeQrels(file: string): void {
  const next = createRng(7);
  const lines: string[] = ['query-id\tcorpus-id\tscore'];
  for (let q = 1; q <= queries; q++) {
    const picked = new Set<number>();
    while (picked.size < 5) picked.add(Math.floor(next() * docs * 10));
    for (const d of picked) lines.push(`${qid(q)}\td${d}\t${1 + (d % 2)}`);
  }
  fs.writeFileSync(file, lines.join('\n') + '\n');
}

const ascending = Array.from({ length: queries }, (_, i) => i + 1);
const runA = path.join(dir, 'a.trec');
const runB = path.join(dir, 'b.trec');
const qrels = path.join(dir, 'qrels.tsv');
if (!fs.existsSync(runA)) writeRunFile(runA, 1, ascending);
if (!fs.existsSync(runB)) writeRunFile(runB, 2, [...ascending].reverse());
if (!fs.existsSync(qrels)) writeQrels(qrels);

const commands: { name: string; argv: (out: string) => string[] }[] = [
  { name: 'eval', argv: () => ['eval', qrels, runA] },
  { name: 'pool (2 runs, depth 10)', argv: (out) => ['pool', runA, runB, '--depth', '10', '--out', out] },
  { name: 'fuse (2 runs, rrf)', argv: (out) => ['fuse', runA, runB, '--method', 'rrf', '--out', out] },
];
const tuneDepth = values['tune-depth'];
if (!values['skip-tune'])
  commands.push({
    name: `tune (2 runs, rrf k 60, 2 folds${tuneDepth === undefined ? '' : `, depth ${tuneDepth}`})`,
    argv: (out) => [
      'tune',
      runA,
      runB,
      '--qrels',
      qrels,
      '--methods',
      'rrf',
      '--rrf-ks',
      '60',
      '--folds',
      '2',
      ...(tuneDepth === undefined ? [] : ['--depth', tuneDepth]),
      '--out',
      out,
    ],
  });

interface Measure {
  peakMiB: number;
  seconds: number;
  exit: string;
}

// timeout(1)'s exit codes: the command timed out, or needed SIGKILL after the grace period.
const TIMED_OUT = 124;
const KILLED = 137;

/** One command in one checkout: /usr/bin/time -v's peak RSS, the wall time, and how it ended. */
function measure(root: string, argv: string[]): Measure {
  const bin = path.join(root, 'bin/testbed.js');
  spawnSync(process.execPath, [bin, '--help'], { stdio: 'ignore' }); // dist/ current before timing
  const t0 = performance.now();
  // coreutils' timeout signals the whole process group, so the node under /usr/bin/time stops
  // too: spawnSync's own timeout killed only /usr/bin/time and left node running for minutes.
  const res = spawnSync(
    '/usr/bin/timeout',
    ['-k', '10', values.timeout, '/usr/bin/time', '-v', process.execPath, bin, ...argv],
    { encoding: 'utf8', maxBuffer: 1 << 28 },
  );
  const seconds = (performance.now() - t0) / 1000;
  const kb = /Maximum resident set size \(kbytes\): (\d+)/.exec(res.stderr ?? '')?.[1];
  const lastError = (res.stderr ?? '').split('\n').find((l) => /testbed|error|heap/i.test(l));
  const exit =
    res.status === TIMED_OUT || res.status === KILLED
      ? `killed after ${values.timeout} s`
      : res.status === 0
        ? 'ok'
        : `exit ${res.status}: ${lastError ?? ''}`;
  return { peakMiB: kb ? Number(kb) / 1024 : NaN, seconds, exit };
}

printHeader('Run files stream: peak RSS of eval, pool, fuse and tune on a 5M-line run', import.meta.url);
const lines = queries * docs;
console.log(
  `Runs: ${queries.toLocaleString('en')} queries x ${docs.toLocaleString('en')} documents = ${lines.toLocaleString('en')} lines each ` +
    `(${(fs.statSync(runA).size / 2 ** 20).toFixed(0)} MiB); the second lists its queries in reverse order. Files in ${dir}.\n`,
);
const sides = [
  ...(values.before ? [{ label: 'before', root: path.resolve(values.before) }] : []),
  { label: 'after', root: ROOT },
];
const rows: (string | number)[][] = [];
const only = values.only?.split(',');
for (const c of commands.filter((c) => !only || only.includes(c.name.split(' ')[0]!))) {
  for (const side of sides) {
    const depthTag = tuneDepth !== undefined && c.name.startsWith('tune') ? `-depth${tuneDepth}` : '';
    const out = path.join(dir, `out-${side.label}-${c.name.split(' ')[0]}${depthTag}`);
    const m = measure(side.root, c.argv(out));
    rows.push([c.name, side.label, Number.isNaN(m.peakMiB) ? '' : m.peakMiB.toFixed(0), m.seconds.toFixed(1), m.exit]);
    console.error(`${c.name} ${side.label}: ${m.peakMiB.toFixed(0)} MiB, ${m.seconds.toFixed(1)} s, ${m.exit}`);
  }
}
console.log(mdTable(['command', 'checkout', 'peak RSS (MiB)', 'wall (s)', 'result'], rows, 'llrrl'));
