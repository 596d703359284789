import { readQrels } from '../../corpus/read-qrels.js';
import type { Qrels } from '../../corpus/types.js';
import { InputError } from '../../errors.js';
import { bootstrapCI, type Interval } from '../../experiments/bootstrap.js';
import { createRng, DEFAULT_SEED, randomIndex } from '../../experiments/prng.js';
import { fuseLists, type CompleteFuseOptions, type FuseOptions } from '../../fusion/fuse-lists.js';
import type { NamedRun } from '../../fusion/fuse-runs.js';
import { METHOD_NAMES } from '../../fusion/method-table.js';
import { NORM_NAMES } from '../../fusion/norm-table.js';
import type { RankedList, ScoredId } from '../../fusion/ranked-list.js';
import { crossValidate, type FoldChoice } from '../../fusion/tune/cross-validate.js';
import { assignFolds } from '../../fusion/tune/folds.js';
import { DEFAULT_RRF_KS, DEFAULT_WEIGHT_STEPS, describeSetting, settingsGrid } from '../../fusion/tune/settings-grid.js';
import { readAdditions, readGold } from '../../gold/index.js';
import { evaluate, formatValue, parseMetric, scoreRanking, type ParsedMetric } from '../../metrics/index.js';
import { compareIdBytes } from '../../ranking/id-order.js';
import { readTrecRun } from '../../runs/trec-run-reader.js';
import { writeRun } from '../../runs/trec-run-writer.js';
import { intOption, parse } from '../args.js';
import type { CliIo, Command } from '../command.js';
import { DEFAULT_FUSED_K } from './fuse-command.js';
import { decimal, methodName, nameList, normName, readLegRuns } from './fusion-flags.js';

const DEFAULT_FOLDS = 5;
const DEFAULT_METRIC = 'ndcg@10';

const usage = `Usage: testbed tune LEGRUN LEGRUN... --qrels QRELS --out tuned.trec [options]

Tunes fusion honestly, by k-fold cross-validation over queries, and writes the cross-validated
run. The judged queries (those \`testbed eval\` averages: in QRELS with a relevant document) are
shuffled with the seed and dealt into folds. For each fold, every setting below is scored on
the queries of the OTHER folds; the one with the best mean metric there (ties: the first in
the order below) ranks the fold's own queries. No query is ranked with parameters chosen on
it, so the mean over the written file is a held-out estimate; it is the number
\`testbed eval QRELS tuned.trec --metrics METRIC\` prints for the file.

Settings searched (testbed fuse --help gives each method's formula):
  for each method of --methods, in that order:
    --norms         for the score methods: comb* and wsum
    --rrf-ks        for rrf
    weights         for rrf, isr, borda, wsum and dbsf: multiples of --weight-step summing to 1
                    (for 2 legs and 0.1: 1,0  0.9,0.1  ...  0,1); comb* keep equal weights
The report gives each fold's choice and its mean on the other folds, then the held-out mean
with a 95% bootstrap interval (10,000 resamples of the queries, the seed), against the best
single leg (its run cut like the inputs; chosen on these very queries, which favours it)
and against untuned rrf (k 60, equal weights), with intervals on the paired differences.

Judgements recorded with \`testbed gold add\` (QRELS.additions.jsonl) are merged in, as
\`testbed eval\` does; --original scores the qrels file alone.

Options:
  --qrels FILE        relevance judgements, BEIR tsv or TREC (required)
  --out FILE          cross-validated run file to write (required)
  --metric M          the metric tuned and reported (default ${DEFAULT_METRIC}; testbed eval --help)
  --methods LIST      comma-separated methods (default all:
                      ${METHOD_NAMES.join(',')})
  --norms LIST        normalisations for comb* and wsum (default all: ${NORM_NAMES.join(',')})
  --rrf-ks LIST       RRF constants for rrf (default ${DEFAULT_RRF_KS.join(',')})
  --weight-step X     weight grid step, 1/X a whole number up to 100 (default ${1 / DEFAULT_WEIGHT_STEPS})
  --folds N           number of folds, 2 up to the number of queries (default ${DEFAULT_FOLDS})
  --seed N            seed of the fold shuffle and of the bootstrap (default ${DEFAULT_SEED})
  --depth D           cut each leg to its top D documents per query before fusing (default: all)
  --k K               fused documents kept per query (default ${DEFAULT_FUSED_K})
  --tag TAG           run tag, last column (default tuned)
  --original          ignore QRELS.additions.jsonl
  --json              print the report as JSON
  -h, --help          show this help`;

export const tuneCommand: Command = {
  name: 'tune',
  summary: 'tune fusion by cross-validation over queries; write the held-out run and report it',
  usage,
  async run(argv, io) {
    const { values, positionals } = parse(argv, {
      qrels: { type: 'string' },
      out: { type: 'string' },
      metric: { type: 'string' },
      methods: { type: 'string' },
      norms: { type: 'string' },
      'rrf-ks': { type: 'string' },
      'weight-step': { type: 'string' },
      folds: { type: 'string' },
      seed: { type: 'string' },
      depth: { type: 'string' },
      k: { type: 'string' },
      tag: { type: 'string' },
      original: { type: 'boolean' },
      json: { type: 'boolean' },
    });
    if (values.help) return io.out(usage + '\n'), 0;
    if (positionals.length < 2) throw new InputError(`tune needs at least two leg runs, got ${positionals.length}\n\n${usage}`);
    if (!values.qrels) throw new InputError(`missing --qrels FILE\n\n${usage}`);
    if (!values.out) throw new InputError(`missing --out FILE\n\n${usage}`);
    const metric = parseMetric(values.metric ?? DEFAULT_METRIC);
    const grid = {
      methods: values.methods === undefined ? METHOD_NAMES : nameList('methods', values.methods, methodName),
      norms: values.norms === undefined ? NORM_NAMES : nameList('norms', values.norms, normName),
      rrfKs: values['rrf-ks'] === undefined ? DEFAULT_RRF_KS : nameList('rrf-ks', values['rrf-ks'], (f, v) => decimal(f, v, (n) => n > 0, 'numbers > 0 separated by commas')),
      weightSteps: weightSteps(values['weight-step']),
    };
    const folds = intOption('folds', values.folds, DEFAULT_FOLDS, 2);
    const seed = intOption('seed', values.seed, DEFAULT_SEED, 0, 2 ** 32 - 1);
    const depth = values.depth === undefined ? undefined : intOption('depth', values.depth, 0);
    const k = intOption('k', values.k, DEFAULT_FUSED_K);

    const [qrels, legs] = await Promise.all([loadJudgements(values.qrels, Boolean(values.original), io), readLegRuns(positionals)]);
    const report = await tune({ qrels, legs, metric, grid, folds, seed, depth, k, out: values.out, tag: values.tag ?? 'tuned' });
    io.out(values.json ? JSON.stringify(toJson(report), null, 2) + '\n' : toText(report));
    return 0;
  },
};

interface TuneInput {
  qrels: Qrels;
  legs: NamedRun[];
  metric: ParsedMetric;
  grid: Parameters<typeof settingsGrid>[0];
  folds: number;
  seed: number;
  depth: number | undefined;
  k: number;
  out: string;
  tag: string;
}

interface Baseline {
  label: string;
  mean: number;
  /** tuned - baseline, per query: its mean and 95% interval. */
  diff: Interval;
}

interface TuneReport {
  input: TuneInput;
  settings: CompleteFuseOptions[];
  choices: (FoldChoice & { heldOutMean: number })[];
  queries: string[];
  heldOut: Interval;
  bestLeg: Baseline & { name: string };
  untunedRrf: Baseline;
  /** Leg-run queries the tuning could not score (not judged, or no relevant document): not written. */
  leftOut: number;
  seconds: number;
}

/** Cross-validates, writes the run, reads it back and scores it as `testbed eval` would. */
async function tune(input: TuneInput): Promise<TuneReport> {
  const { qrels, legs, metric, folds, seed, depth, k } = input;
  const t0 = performance.now();
  // The queries `testbed eval` averages (answerable, byte order); it throws if there are none.
  const queries = evaluate(qrels, new Map(), [metric]).evaluated;
  const settings = settingsGrid(input.grid, legs.length);
  const lists = new Map(queries.map((q) => [q, legs.map(({ name, run }): RankedList => ({ name, items: (run.get(q) ?? []).slice(0, depth) }))]));
  const rank = (q: string, options: FuseOptions): ScoredId[] => fuseLists(lists.get(q)!, options).slice(0, k);
  const scoreOf = (q: string, ranking: readonly ScoredId[]) => scoreRanking(ranking.map((d) => d.id), qrels.get(q)!, [metric])[metric.label]!;

  const rng = createRng(seed);
  const foldQueries = assignFolds(queries, folds, (n) => randomIndex(rng, n));
  const choices = crossValidate(foldQueries, settings.length, (s, q) => scoreOf(q, rank(q, settings[s]!)));

  const tuned = new Map<string, ScoredId[]>();
  for (const choice of choices) for (const q of choice.queries) tuned.set(q, rank(q, settings[choice.setting]!));
  const ordered = [...tuned].sort(([a], [b]) => compareIdBytes(a, b));
  writeRun(input.out, ordered.map(([qid, docs]) => ({ qid, hits: docs.map((d, i) => ({ id: d.id, docId: d.id, chunkId: d.id, score: d.score, rank: i + 1 })) })), input.tag);

  // Scored from the file as written, exactly as `testbed eval QRELS FILE --metrics METRIC` scores it.
  const written = evaluate(qrels, await readTrecRun(input.out), [metric]);
  const perQuery = (e: ReturnType<typeof evaluate>) => queries.map((q) => e.perQuery.get(q)![metric.label]!);
  const tunedValues = perQuery(written);
  const ci = (xs: number[]) => bootstrapCI(xs, { seed });
  const baseline = (label: string, run: Map<string, ScoredId[]>): Baseline => {
    const values = perQuery(evaluate(qrels, run, [metric]));
    return { label, mean: mean(values), diff: ci(tunedValues.map((v, i) => v - values[i]!)) };
  };
  const legBaselines = legs.map(({ name, run }) => ({ name, ...baseline(name, new Map(queries.map((q) => [q, (run.get(q) ?? []).slice(0, depth).slice(0, k)]))) }));
  const bestLeg = legBaselines.reduce((best, b) => (b.mean > best.mean ? b : best));
  const untunedRrf = baseline(`rrf k 60, weights ${legs.map(() => 1).join(',')}`, new Map(queries.map((q) => [q, rank(q, { method: 'rrf' })])));
  const judged = new Set(queries);
  const leftOut = new Set(legs.flatMap(({ run }) => [...run.keys()].filter((q) => !judged.has(q)))).size;
  const valueOf = new Map(queries.map((q, i) => [q, tunedValues[i]!]));
  return {
    input,
    settings,
    choices: choices.map((c) => ({ ...c, heldOutMean: mean(c.queries.map((q) => valueOf.get(q)!)) })),
    queries,
    heldOut: { ...ci(tunedValues), mean: written.mean[metric.label]! },
    bestLeg,
    untunedRrf,
    leftOut,
    seconds: (performance.now() - t0) / 1000,
  };
}

function toText(r: TuneReport): string {
  const { metric, legs, folds, seed, out } = r.input;
  const names = legs.map((l) => l.name);
  const m = metric.label;
  const lines = [
    `${folds}-fold cross-validation over ${r.queries.length} queries (seed ${seed}), ${m}, ${r.settings.length} settings per fold; ${r.seconds.toFixed(1)} s`,
    '',
    ['fold', 'queries', `${m} other folds`, `${m} held out`, 'chosen on the other folds'].join('\t'),
    ...r.choices.map((c, i) => [i + 1, c.queries.length, formatValue(c.trainMean), formatValue(c.heldOutMean), describeSetting(r.settings[c.setting]!, names)].join('\t')),
    '',
    `held-out ${m} of ${out}: ${formatValue(r.heldOut.mean)}  95% CI [${formatValue(r.heldOut.low)}, ${formatValue(r.heldOut.high)}]`,
    `best single leg, ${r.bestLeg.name}: ${formatValue(r.bestLeg.mean)}  tuned - leg ${signed(r.bestLeg.diff)}`,
    `untuned ${r.untunedRrf.label}: ${formatValue(r.untunedRrf.mean)}  tuned - untuned ${signed(r.untunedRrf.diff)}`,
  ];
  if (r.leftOut > 0) lines.push(`${r.leftOut} run ${r.leftOut === 1 ? 'query' : 'queries'} without a relevant judgement not tuned and not written`);
  return lines.join('\n') + '\n';
}

function signed(i: Interval): string {
  const s = (x: number) => (x >= 0 ? '+' : '') + formatValue(x);
  return `${s(i.mean)}  95% CI [${s(i.low)}, ${s(i.high)}]`;
}

function toJson(r: TuneReport) {
  const names = r.input.legs.map((l) => l.name);
  const setting = (s: CompleteFuseOptions) => ({ method: s.method, norm: s.norm, rrf_k: s.rrfK, weights: Object.fromEntries(names.map((n, i) => [n, s.weights[i]])), label: describeSetting(s, names) });
  return {
    metric: r.input.metric.label,
    folds: r.choices.map((c) => ({ queries: c.queries, setting: setting(r.settings[c.setting]!), train_mean: c.trainMean, held_out_mean: c.heldOutMean })),
    settings: r.settings.length,
    queries: r.queries.length,
    held_out: r.heldOut,
    best_leg: { name: r.bestLeg.name, mean: r.bestLeg.mean, tuned_minus_leg: r.bestLeg.diff },
    untuned_rrf: { label: r.untunedRrf.label, mean: r.untunedRrf.mean, tuned_minus_untuned: r.untunedRrf.diff },
    left_out: r.leftOut,
    out: r.input.out,
  };
}

function weightSteps(value: string | undefined): number {
  if (value === undefined) return DEFAULT_WEIGHT_STEPS;
  const step = decimal('weight-step', value, (n) => n > 0 && n <= 1, 'a number in (0, 1] whose inverse is a whole number (0.1, 0.25, 0.5)');
  const steps = Math.round(1 / step);
  if (Math.abs(steps * step - 1) > 1e-9 || steps > 100) throw new InputError(`--weight-step must divide 1 into at most 100 steps (0.1, 0.25, 0.5), got "${value}"`);
  return steps;
}

/** The qrels, grown by their recorded additions unless `original` (as `testbed eval` loads them). */
async function loadJudgements(qrelsFile: string, original: boolean, io: CliIo): Promise<Qrels> {
  if (original) return readQrels(qrelsFile);
  const additions = (await readAdditions(qrelsFile)).length;
  if (additions > 0) io.err(`note: merged ${additions} judgement${additions === 1 ? '' : 's'} from ${qrelsFile}.additions.jsonl (--original to leave them out)\n`);
  return readGold(qrelsFile);
}

function mean(xs: readonly number[]): number {
  return xs.reduce((a, x) => a + x, 0) / xs.length;
}
