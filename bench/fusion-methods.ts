/**
 * Fusion methods per collection (issues 12 and 23): every N-leg fusion method of the tuner's
 * default grid over the same two leg runs (BM25 over the index's postings, k1 0.9 b 0.4, and
 * use-lite dense; document level, one chunk per document, 1000 hits per query), nDCG@10:
 *   untuned   the method's defaults (rrf k 60; min-max for comb* and wsum; weights 1 each)
 *   tuned     `testbed tune --methods M`: 5-fold cross-validation over the queries (seed 42),
 *             each fold choosing by --select (default one-se-paired) among the method's settings
 *             and each leg alone; the held-out mean of the written run, with its 95% bootstrap
 *             interval
 *   best leg  the better leg run on the same queries (chosen on them, which favours it); the
 *             interval is the 95% bootstrap interval of the paired per-query difference, p the
 *             paired randomization test `testbed tune` prints
 * then, per leg set (two legs; three with FTS5's BM25 added) and per selection rule of --rules,
 * `testbed tune` over its whole default grid: the figure a user gets from one command.
 * Everything goes through the CLI entry points in process (fuse, tune, eval), so each figure is
 * what the documented command prints. Missing indexes and leg runs are built first:
 *
 *   npx tsx bench/fusion-methods.ts [--collections demo,cranfield,medline,cisi,scifact]
 *        [--rules one-se-paired,one-se,best] [--per-method true]
 *
 * The markdown goes to stdout and to bench/.out/fusion/fusion-methods.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { beirPaths } from '../src/corpus/index.js';
import type { CliIo } from '../src/cli/command.js';
import { main } from '../src/cli/main.js';
import { DEFAULT_GRID } from '../src/fusion/tune/settings-grid.js';
import { CORPORA_DIR, EMBEDDING_CACHE, OUT_DIR } from './lib/corpora.js';
import { delta, f4, mdTable } from './lib/markdown.js';

const { values } = parseArgs({
  options: {
    collections: { type: 'string', default: 'demo,cranfield,medline,cisi,scifact' },
    folds: { type: 'string', default: '5' },
    seed: { type: 'string', default: '42' },
    rules: { type: 'string', default: 'one-se-paired,one-se,best' },
    'per-method': { type: 'string', default: 'true' },
  },
});
const METRIC = 'ndcg@10';
const FUSION_OUT = path.join(OUT_DIR, 'fusion');
const REPO = path.resolve(import.meta.dirname, '..');

/** Runs one CLI command in process; stdout returned, stderr passed through, a non-zero exit thrown. */
async function cli(argv: string[]): Promise<string> {
  let out = '';
  const io: CliIo = { out: (t) => void (out += t), err: (t) => void process.stderr.write(t), tty: false };
  const code = await main(argv, io);
  if (code !== 0) throw new Error(`testbed ${argv.join(' ')} exited ${code}`);
  return out;
}

/** The three leg runs of a collection (bm25 over postings, dense, bm25 by FTS5), built when missing. */
async function legRuns(name: string): Promise<{ bm25: string; dense: string; fts5: string; qrels: string }> {
  const dir = name === 'demo' ? path.join(REPO, 'corpora/demo') : path.join(CORPORA_DIR, name);
  const { qrels, queries } = await beirPaths(dir);
  const out = path.join(FUSION_OUT, name);
  const index = path.join(out, 'index.sqlite');
  if (!fs.existsSync(index)) {
    await cli([
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
  }
  const runs = {
    bm25: path.join(out, 'bm25.trec'),
    dense: path.join(out, 'dense.trec'),
    fts5: path.join(out, 'fts5.trec'),
  };
  const how = { bm25: ['--mode', 'bm25'], dense: ['--mode', 'dense'], fts5: ['--mode', 'bm25', '--engine', 'fts5'] };
  for (const leg of ['bm25', 'dense', 'fts5'] as const) {
    if (!fs.existsSync(runs[leg]))
      await cli([
        'retrieve',
        index,
        '--queries',
        queries,
        ...how[leg],
        '--level',
        'doc',
        '--k',
        '1000',
        '--run',
        runs[leg],
      ]);
  }
  return { ...runs, qrels };
}

interface Ci {
  mean: number;
  low: number;
  high: number;
}
interface TuneJson {
  held_out: Ci;
  queries: number;
  settings: number;
  folds: { setting: { label: string } }[];
  best_leg: { name: string; mean: number; tuned_minus_leg: Ci; significance: { p: number; significant: boolean } };
  untuned_rrf: { mean: number };
  deploy: { setting: { label: string } };
}

const evalMean = async (qrels: string, run: string) =>
  JSON.parse(await cli(['eval', qrels, run, '--metrics', METRIC, '--json'])).metrics[METRIC] as number;

/** "k 20 weights bm25 0.3 dense 0.7 ×3; ..." : the settings the folds chose, with counts. */
function chosen(t: TuneJson, method: string | undefined): string {
  const counts = new Map<string, number>();
  for (const f of t.folds) {
    const label = method ? f.setting.label.replace(new RegExp(`^${method} ?`), '') : f.setting.label;
    counts.set(label || '(no parameter)', (counts.get(label || '(no parameter)') ?? 0) + 1);
  }
  return [...counts].map(([l, n]) => `${shortWeights(l)}${n > 1 ? ` ×${n}` : ''}`).join('; ');
}

/** "weights bm25 0.3 dense 0.7" as "w 0.3/0.7" (and "w 0.2/0.4/0.4" with fts5), legs in file order. */
const shortWeights = (label: string) =>
  label.replace(
    /weights bm25 (\S+) dense (\S+)(?: fts5 (\S+))?/,
    (_, a, b, c) => `w ${[a, b, c].filter(Boolean).join('/')}`,
  );

const signed = (x: number) => (x >= 0 ? '+' : '') + f4(x);
const interval = (i: Ci) => `[${f4(i.low)}, ${f4(i.high)}]`;
const againstLeg = (t: TuneJson) => {
  const d = t.best_leg.tuned_minus_leg;
  return `${signed(d.mean)} [${signed(d.low)}, ${signed(d.high)}]`;
};
const pValue = (t: TuneJson) => t.best_leg.significance.p.toFixed(4);

/** One `testbed tune` over the given legs, as JSON; methods undefined: the default grid. */
async function tune(
  legs: readonly string[],
  qrels: string,
  out: string,
  options: { methods?: readonly string[]; select?: string },
): Promise<TuneJson> {
  return JSON.parse(
    await cli([
      'tune',
      ...legs,
      '--qrels',
      qrels,
      ...(options.methods ? ['--methods', options.methods.join(',')] : []),
      ...(options.select ? ['--select', options.select] : []),
      '--folds',
      values.folds,
      '--seed',
      values.seed,
      '--metric',
      METRIC,
      '--out',
      out,
      '--json',
    ]),
  );
}

const perMethodSections: string[] = [];
const wholeGridRows: (string | number)[][] = [];
const rules = values.rules.split(',');
for (const name of values.collections.split(',')) {
  const t0 = performance.now();
  const { bm25, dense, fts5, qrels } = await legRuns(name);
  const scratch = path.join(FUSION_OUT, name);
  const legMeans = {
    bm25: await evalMean(qrels, bm25),
    dense: await evalMean(qrels, dense),
    fts5: await evalMean(qrels, fts5),
  };
  if (values['per-method'] === 'true') {
    const rows: (string | number)[][] = [];
    let tuned: TuneJson | undefined;
    for (const method of DEFAULT_GRID.methods) {
      const untunedRun = path.join(scratch, `untuned-${method}.trec`);
      await cli(['fuse', bm25, dense, '--method', method, '--out', untunedRun]);
      const untuned = await evalMean(qrels, untunedRun);
      tuned = await tune([bm25, dense], qrels, path.join(scratch, `tuned-${method}.trec`), { methods: [method] });
      const t = tuned.held_out;
      rows.push([
        method,
        f4(untuned),
        `${f4(t.mean)} ${interval(t)}`,
        delta(t.mean, untuned),
        againstLeg(tuned),
        pValue(tuned),
        chosen(tuned, method),
      ]);
    }
    perMethodSections.push(
      [
        `### ${name} (${tuned!.queries} queries; bm25 ${f4(legMeans.bm25)}, dense ${f4(legMeans.dense)}; best single leg ${tuned!.best_leg.name} ${f4(tuned!.best_leg.mean)})`,
        '',
        mdTable(
          [
            'method',
            'untuned',
            'tuned (CV held-out) [95% CI]',
            'tuned − untuned',
            'tuned − best leg [95% CI]',
            'p',
            'chosen per fold',
          ],
          rows,
          'lrrrrrl',
        ),
      ].join('\n'),
    );
  }
  const legSets = [
    { label: 'bm25, dense', runs: [bm25, dense] },
    { label: 'bm25, dense, fts5', runs: [bm25, dense, fts5] },
  ];
  for (const set of legSets) {
    for (const rule of rules) {
      const t1 = performance.now();
      const file = `tuned-all-${set.runs.length}legs-${rule}.trec`;
      const all = await tune(set.runs, qrels, path.join(scratch, file), { select: rule });
      const seconds = (performance.now() - t1) / 1000;
      wholeGridRows.push([
        name,
        set.label,
        all.settings,
        rule,
        `${f4(all.held_out.mean)} ${interval(all.held_out)}`,
        `${all.best_leg.name} ${f4(all.best_leg.mean)}`,
        againstLeg(all),
        pValue(all),
        chosen(all, undefined),
        shortWeights(all.deploy.setting.label),
        seconds.toFixed(0),
      ]);
    }
  }
  process.stderr.write(
    `${name}: ${((performance.now() - t0) / 1000).toFixed(0)} s (fts5 alone ${f4(legMeans.fts5)})\n`,
  );
}
const md = [
  ...perMethodSections,
  mdTable(
    [
      'collection',
      'legs',
      'settings',
      '--select',
      'tuned (CV held-out) [95% CI]',
      'best single leg',
      'tuned − best leg [95% CI]',
      'p',
      'chosen per fold',
      'deploy (all queries)',
      's',
    ],
    wholeGridRows,
    'llrlrlrrllr',
  ),
].join('\n\n');
fs.mkdirSync(FUSION_OUT, { recursive: true });
fs.writeFileSync(path.join(FUSION_OUT, 'fusion-methods.md'), `${md}\n`);
process.stdout.write(`${md}\n`);
