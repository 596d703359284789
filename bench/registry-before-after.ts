/**
 * The registry redesign (issue 20) against the code before it: are the run files of the
 * shorthands, of pipelines spelt with every fusion method, and of every bundled experiment byte
 * for byte what they were?
 *
 *   git worktree add /tmp/before 696b208 && ln -s "$PWD/node_modules" /tmp/before/node_modules
 *   npx testbed index corpora/demo --out /tmp/demo.sqlite --embedder use-lite
 *   npx tsx bench/registry-before-after.ts --before /tmp/before --index /tmp/demo.sqlite
 *
 * Each tree runs its own `bin/testbed.js`. Search run files (`testbed retrieve`, document level,
 * k 100) are compared whole, tag included. Each experiment runs once per tree into its own
 * output folder, with its own cache folder, so each tree builds its indexes with its own code;
 * only the embedding cache is carried from the before tree's cache to the after tree's (the
 * model gives the same vector for the same text, and use-lite embeds about 10 chunks a second
 * on this machine). Run files and metrics.csv are compared whole, report.json without the
 * fields a clock, the version, the output folder or a cache hit decide.
 * `--only searches|experiments` runs one half; `--experiments a,b` picks experiments by name;
 * `--keep DIR` keeps the outputs (a second run reuses the experiments' caches there);
 * `--embeddings FILE` starts the before tree's cache from an embedding cache (e.g.
 * ~/.cache/retrieval-testbed/embeddings.sqlite after the index command above).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    before: { type: 'string' },
    index: { type: 'string' },
    experiments: { type: 'string' },
    keep: { type: 'string' },
    embeddings: { type: 'string' },
    only: { type: 'string' },
  },
});
if (!values.before || !values.index)
  throw new Error('usage: --before CHECKOUT --index FILE.sqlite [--experiments a,b] [--keep DIR]');
const root = path.resolve(import.meta.dirname, '..');
const trees = { before: path.resolve(values.before), after: root } as const;
const index = path.resolve(values.index);
const queries = path.join(root, 'corpora/demo/queries.jsonl');
const out = values.keep ? path.resolve(values.keep) : fs.mkdtempSync(path.join(os.tmpdir(), 'registry-before-after-'));
fs.mkdirSync(out, { recursive: true });

const testbed = (tree: string, args: string[]) =>
  execFileSync('node', [path.join(tree, 'bin/testbed.js'), ...args], { stdio: ['ignore', 'ignore', 'pipe'] });

/** Lines of b that differ from a's at the same place, plus the difference in length. */
const linesThatDiffer = (a: string, b: string): number => {
  const [x, y] = [a.split('\n'), b.split('\n')];
  return x.filter((line, i) => line !== y[i]).length + Math.abs(x.length - y.length);
};

const legs = [{ type: 'lexical', engine: 'fts5' }, { type: 'lexical' }, { type: 'dense' }];
const pipeline = (fusion: Record<string, unknown>) => JSON.stringify({ legs, fusion });
const SEARCHES: Record<string, string[]> = {
  'bm25 (wink)': ['--mode', 'bm25'],
  'bm25 (wink k1 1.2, b 0.75)': ['--mode', 'bm25', '--k1', '1.2', '--b', '0.75'],
  'bm25 (fts5)': ['--mode', 'bm25', '--engine', 'fts5'],
  dense: ['--mode', 'dense'],
  'hybrid rrf': ['--mode', 'hybrid'],
  'hybrid rrf k 20, weights 1,0.5': ['--mode', 'hybrid', '--rrf-k', '20', '--weights', '1,0.5'],
  'hybrid score min-max': ['--mode', 'hybrid', '--fusion', 'score', '--alpha', '0.3'],
  'hybrid score z-score': ['--mode', 'hybrid', '--fusion', 'score', '--alpha', '0.3', '--norm', 'zscore'],
  'hybrid, language filter': ['--mode', 'hybrid', '--lang', 'en'],
  ...Object.fromEntries(
    ['rrf', 'isr', 'borda', 'combsum', 'combmnz', 'combmax', 'combmin', 'combmed', 'combanz', 'wsum', 'dbsf'].map(
      (method) => [
        `pipeline of 3 legs, ${method}`,
        ['--pipeline', pipeline({ method, norm: method === 'combmnz' ? 'zscore' : 'minmax' })],
      ],
    ),
  ),
};

if (values.only !== 'experiments')
  console.log('| search | run file before = after | lines that differ |\n|---|---|---:|');
for (const [label, flags] of values.only === 'experiments' ? [] : Object.entries(SEARCHES)) {
  const [a, b] = Object.entries(trees).map(([name, tree]) => {
    const file = path.join(out, `${name}-${label.replace(/\W+/g, '_')}.trec`);
    testbed(tree, ['retrieve', index, '--queries', queries, '--run', file, '--level', 'doc', '--k', '100', ...flags]);
    return fs.readFileSync(file, 'utf8');
  }) as [string, string];
  const differ = linesThatDiffer(a, b);
  console.log(`| ${label} | ${differ === 0 ? 'yes' : 'no'} | ${differ} |`);
}

/**
 * report.json without what a clock, the version or the run's history decides: when and how long,
 * the output folder (each tree writes its own), and whether an index or a configuration was
 * reused from a cache.
 */
const VOLATILE = [
  'createdAt',
  'wallSeconds',
  'latency',
  'testbedVersion',
  'output',
  'buildSeconds',
  'reused',
  'resumed',
];
const stableReport = (file: string): string =>
  JSON.stringify(JSON.parse(fs.readFileSync(file, 'utf8')), (key, value) =>
    VOLATILE.includes(key) ? undefined : value,
  );

const chosen = values.experiments?.split(',');
const experiments = (values.only === 'searches' ? [] : fs.readdirSync(path.join(root, 'experiments')))
  .filter((f) => f.endsWith('.yaml') && (!chosen || chosen.includes(f.replace(/\.yaml$/, ''))))
  .sort();
console.log(
  '\n| experiment | run files | run files before = after | metrics.csv before = after | report.json before = after |',
);
console.log('|---|---:|---|---|---|');
const cacheOf = (tree: string) => path.join(out, `cache-${tree}`);
const EMBEDDINGS = 'embeddings.sqlite';
/** Copies an embedding cache with its write-ahead log (what is not yet checkpointed lives there). */
const copyCache = (from: string, toDir: string) => {
  fs.mkdirSync(toDir, { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) {
    fs.rmSync(path.join(toDir, EMBEDDINGS + suffix), { force: true });
    if (fs.existsSync(from + suffix)) fs.copyFileSync(from + suffix, path.join(toDir, EMBEDDINGS + suffix));
  }
};
if (values.embeddings && !fs.existsSync(path.join(cacheOf('before'), EMBEDDINGS)))
  copyCache(path.resolve(values.embeddings), cacheOf('before'));
for (const file of experiments) {
  const name = file.replace(/\.yaml$/, '');
  const dirs = Object.entries(trees).map(([tree, checkout]) => {
    if (tree === 'after') copyCache(path.join(cacheOf('before'), EMBEDDINGS), cacheOf('after'));
    const dir = path.join(out, `${tree}-${name}`);
    testbed(checkout, ['experiment', path.join(root, 'experiments', file), '--out', dir, '--cache-dir', cacheOf(tree)]);
    return dir;
  }) as [string, string];
  const runs = fs.readdirSync(path.join(dirs[0], 'runs')).sort();
  const same = (rel: string) =>
    fs.readFileSync(path.join(dirs[0], rel), 'utf8') === fs.readFileSync(path.join(dirs[1], rel), 'utf8');
  const runsSame =
    runs.join() === fs.readdirSync(path.join(dirs[1], 'runs')).sort().join() &&
    runs.every((r) => same(path.join('runs', r)));
  const reportSame =
    stableReport(path.join(dirs[0], 'report.json')) === stableReport(path.join(dirs[1], 'report.json'));
  const yes = (b: boolean) => (b ? 'yes' : 'no');
  console.log(`| ${name} | ${runs.length} | ${yes(runsSame)} | ${yes(same('metrics.csv'))} | ${yes(reportSame)} |`);
}
if (!values.keep) fs.rmSync(out, { recursive: true, force: true });
