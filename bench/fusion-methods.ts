/**
 * Fusion methods per collection (issue 12): every N-leg fusion method over the same two leg
 * runs (wink BM25 and use-lite dense, document level, one chunk per document, 1000 hits per
 * query), nDCG@10 three ways:
 *   untuned   the method's defaults (rrf k 60; min-max for comb* and wsum; weights 1 each)
 *   tuned     `testbed tune --methods M`: 5-fold cross-validation over the queries (seed 42),
 *             the held-out mean of the written run, with its 95% bootstrap interval
 *   best leg  the better of the two leg runs on the same queries (chosen on them, which favours it);
 *             the interval is the 95% bootstrap interval of the paired per-query difference
 * plus one row tuned over every method at once (`testbed tune` with its default grid).
 * Everything goes through the CLI entry points in process (fuse, tune, eval), so each figure is
 * what the documented command prints. Missing indexes and leg runs are built first:
 *
 *   npx tsx bench/fusion-methods.ts [--collections demo,cranfield,medline,cisi,scifact]
 *
 * The markdown goes to stdout and to bench/.out/fusion/fusion-methods.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { beirPaths } from '../src/corpus/index.js';
import type { CliIo } from '../src/cli/command.js';
import { main } from '../src/cli/main.js';
import { fusionMethodNames } from '../src/fusion/method-registry.js';
import { CORPORA_DIR, EMBEDDING_CACHE, OUT_DIR } from './lib/corpora.js';
import { delta, f4, mdTable } from './lib/markdown.js';

const { values } = parseArgs({
  options: {
    collections: { type: 'string', default: 'demo,cranfield,medline,cisi,scifact' },
    folds: { type: 'string', default: '5' },
    seed: { type: 'string', default: '42' },
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

/** The two leg runs of a collection, built when missing. */
async function legRuns(name: string): Promise<{ bm25: string; dense: string; qrels: string }> {
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
  const runs = { bm25: path.join(out, 'bm25.trec'), dense: path.join(out, 'dense.trec') };
  for (const mode of ['bm25', 'dense'] as const) {
    if (!fs.existsSync(runs[mode]))
      await cli([
        'retrieve',
        index,
        '--queries',
        queries,
        '--mode',
        mode,
        '--level',
        'doc',
        '--k',
        '1000',
        '--run',
        runs[mode],
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
  folds: { setting: { label: string } }[];
  best_leg: { name: string; mean: number; tuned_minus_leg: Ci };
  untuned_rrf: { mean: number };
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
  return [...counts]
    .map(([l, n]) => `${l.replace(/weights bm25 (\S+) dense (\S+)/, 'w $1/$2')}${n > 1 ? ` ×${n}` : ''}`)
    .join('; ');
}

const signed = (x: number) => (x >= 0 ? '+' : '') + f4(x);
const interval = (i: Ci) => `[${f4(i.low)}, ${f4(i.high)}]`;
const againstLeg = (t: TuneJson) => {
  const d = t.best_leg.tuned_minus_leg;
  return `${signed(d.mean)} [${signed(d.low)}, ${signed(d.high)}]`;
};

const sections: string[] = [];
for (const name of values.collections.split(',')) {
  const t0 = performance.now();
  const { bm25, dense, qrels } = await legRuns(name);
  const scratch = path.join(FUSION_OUT, name);
  const tune = async (methods: string[] | undefined, out: string): Promise<TuneJson> =>
    JSON.parse(
      await cli([
        'tune',
        bm25,
        dense,
        '--qrels',
        qrels,
        ...(methods ? ['--methods', methods.join(',')] : []),
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
  const rows: (string | number)[][] = [];
  let legs: TuneJson['best_leg'] | undefined;
  let queries = 0;
  const legMeans = { bm25: await evalMean(qrels, bm25), dense: await evalMean(qrels, dense) };
  for (const method of fusionMethodNames()) {
    const untunedRun = path.join(scratch, `untuned-${method}.trec`);
    await cli(['fuse', bm25, dense, '--method', method, '--out', untunedRun]);
    const untuned = await evalMean(qrels, untunedRun);
    const tuned = await tune([method], path.join(scratch, `tuned-${method}.trec`));
    legs = tuned.best_leg;
    queries = tuned.queries;
    const t = tuned.held_out;
    rows.push([
      method,
      f4(untuned),
      `${f4(t.mean)} ${interval(t)}`,
      delta(t.mean, untuned),
      againstLeg(tuned),
      chosen(tuned, method),
    ]);
  }
  const all = await tune(undefined, path.join(scratch, 'tuned-all.trec'));
  rows.push([
    '**all methods**',
    '',
    `${f4(all.held_out.mean)} ${interval(all.held_out)}`,
    '',
    againstLeg(all),
    chosen(all, undefined),
  ]);
  const seconds = (performance.now() - t0) / 1000;
  sections.push(
    [
      `### ${name} (${queries} queries; bm25 ${f4(legMeans.bm25)}, dense ${f4(legMeans.dense)}; best single leg ${legs!.name} ${f4(legs!.mean)})`,
      '',
      mdTable(
        [
          'method',
          'untuned',
          'tuned (CV held-out) [95% CI]',
          'tuned − untuned',
          'tuned − best leg [95% CI]',
          'chosen per fold',
        ],
        rows,
        'lrrrrl',
      ),
      '',
      `(${seconds.toFixed(0)} s)`,
    ].join('\n'),
  );
  process.stderr.write(`${name}: ${seconds.toFixed(0)} s\n`);
}
const md = sections.join('\n\n') + '\n';
fs.mkdirSync(FUSION_OUT, { recursive: true });
fs.writeFileSync(path.join(FUSION_OUT, 'fusion-methods.md'), md);
process.stdout.write(md);
