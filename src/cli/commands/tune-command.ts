import { InputError } from '../../errors.js';
import { checkRunCoverage, coverageLines } from '../../fusion/run-coverage.js';
import { DEFAULT_GRID } from '../../fusion/tune/settings-grid.js';
import { weightedMethodNames } from '../../fusion/method-help.js';
import { tuneRunFiles } from '../../fusion/tune/tune-run-files.js';
import { TUNE_DEFAULTS, type TuneOptions } from '../../fusion/tune/tune-options.js';
import { SELECT_RULES } from '../../fusion/tune/select-setting.js';
import { SIMPLICITY_CLASSES } from '../../fusion/tune/simplicity.js';
import { tuneReportJson } from '../../fusion/tune/tune-report-json.js';
import { tuneReportText } from '../../fusion/tune/tune-report.js';
import { SIGNIFICANCE_LEVEL } from '../../fusion/tune/tune-verdict.js';
import { DEFAULT_TRIALS } from '../../stats/significance.js';
import { parseMetric, SOURCE_MIX_K } from '../../metrics/index.js';
import type { Run } from '../../runs/run.js';
import { writeRunQueries } from '../../runs/run-stream-writer.js';
import { keepTop } from '../../runs/keep-top.js';
import { intOption, oneOf, parse } from '../args.js';
import type { Command } from '../command.js';
import { judgementNotes } from '../judgement-notes.js';
import { loadJudgements } from '../load-judgements.js';
import { constantOptions, givenGridFlags, gridHelpLines, gridSearchedLines } from './constant-flags.js';
import { gridFlags, indexTuneLegs } from './fusion-flags.js';
import { trainedFlags } from './trained-flags.js';
import { TRAINED_METHOD_NAMES } from '../../fusion/trained/trained-methods.js';
import { DEFAULT_PROBFUSE_SEGMENTS, DEFAULT_SLIDEFUSE_WINDOWS, SEGFUSE_NORM } from '../../fusion/tune/trained-grid.js';

/** The help text, computed on each call so that its default grid lists the methods and norms registered now. */
const usage = () => `Usage: testbed tune LEGRUN LEGRUN... --qrels QRELS --out tuned.trec [options]

Tunes fusion honestly, by k-fold cross-validation over queries, and writes the cross-validated
run. The judged queries (those \`testbed eval\` averages: in QRELS with a relevant document) are
shuffled with the seed and dealt into folds. For each fold, every setting below is scored on
the queries of the OTHER folds, and the one --select picks there ranks the fold's own queries.
No query is ranked with parameters chosen on it, so the mean over the written file is a
held-out estimate; it is the number \`testbed eval QRELS tuned.trec --metrics METRIC\` prints.

Settings searched (testbed fuse --help gives each method's formula):
  each leg alone, its run as it is: "do not fuse" is always a candidate; then
  for each method of --methods, in that order:
    --norms         for the score methods: comb*, wsum and wmnz
${gridSearchedLines().join('\n')}
    weights         for ${weightedMethodNames().join(', ')}:
                    multiples of --weight-step summing to 1 (for 2 legs and 0.1: 1,0  0.9,0.1
                    ...  0,1), and equal weights 1 each when the step misses them (3 legs in
                    tenths); the others keep equal weights
  then, only when --methods names them (never by default), the trained methods, after every
  untrained setting, each with equal weights 1 (their weights are not searched):
    probfuse        x segments: --probfuse-segments (default ${DEFAULT_PROBFUSE_SEGMENTS.join(',')})
    slidefuse       window w: --slidefuse-windows (default ${DEFAULT_SLIDEFUSE_WINDOWS.join(',')})
    segfuse         on ${SEGFUSE_NORM} scores (Shokouhi's, ranx's default; not crossed with --norms)
    posfuse, mapfuse, bayesfuse    no parameter

The trained methods (ranx's; each file of src/fusion/trained/ gives its formula) learn from
judgements, so they are trained inside the folds only: fold f's queries are ranked by the
model trained on the judged queries of the other folds (their judgements and leg runs), never
on fold f's. For fold f's choice a trained setting is scored by an inner cross-validation on
those training queries: each query of another fold g by the model trained on the folds that
are neither f nor g (so --folds must be 3 or more), never in sample, where a model with a
probability per rank would win by memorising. For the setting to deploy, each query counts
with the model trained without its fold. The untrained settings' training scores are in
sample; the comparison favours them a little.

Choosing a setting on the training queries (--select):
  one-se-paired
            (default) the one-standard-error rule (Hastie, Tibshirani & Friedman, The Elements
            of Statistical Learning, 2nd ed., section 7.10) on paired differences: take the
            setting with the best mean; for each setting s, SE = sd over queries of (s - best)
            / sqrt(n), the noise of the difference on the same queries; of the settings whose
            mean is at least best - SE, choose the simplest. Simplest first:
${SIMPLICITY_CLASSES.map((c, i) => `              ${i + 1}. ${c}`).join('\n')}
            Of equally simple candidates (the legs alone, say) the one with the higher mean, then
            the first in the grid. Means closer than their noise do not tell settings apart; on a
            few dozen queries the best of hundreds is mostly the luckiest.
  one-se    the same with the textbook SE: sd of the best setting's per-query scores / sqrt(n).
            It mostly measures how much harder one query is than another (about 0.025 nDCG@10
            on 240 training queries, 0.06 on 24), as large as what fusion gains: it gave back
            the gain on 7 of the 10 leg sets measured (BENCHMARKS.md, "Tuning that never loses
            to its best leg").
  best      the best mean (ties: the first in the grid's order).

The report gives each fold's choice, its mean on the other folds and the best there with its
SE, then the held-out mean with a 95% bootstrap interval (10,000 resamples of the queries, the
seed), against the best single leg (its run cut like the inputs; chosen on these very queries,
which favours it) and against untuned rrf (k 60, equal weights), with intervals on the paired
differences and the paired randomization test (${DEFAULT_TRIALS.toLocaleString('en')} sign patterns, the seed). A sentence
says whether the held-out gain over the best leg is significant (p < ${SIGNIFICANCE_LEVEL}) and what to keep.
Last, the setting to deploy: chosen by the same rule on all the judged queries, with the
\`testbed fuse\` options that rank like it (its mean there is in sample; the held-out mean is
the estimate), or for a trained method a sentence saying that fuse cannot apply it (it reads
no judgements). --report-all adds every setting's training means (--json: all_settings).

Judgements recorded with \`testbed gold add\` (QRELS.additions.jsonl) are merged in, as
\`testbed eval\` does; --original scores the qrels file alone.

Options:
  --qrels FILE        relevance judgements, BEIR tsv or TREC (required)
  --out FILE          cross-validated run file to write (required)
  --metric M          the metric tuned and reported (default ${TUNE_DEFAULTS.metric}; testbed eval --help)
  --methods LIST      comma-separated methods (default all:
                      ${DEFAULT_GRID.methods.join(',')});
                      the trained ${TRAINED_METHOD_NAMES.join(',')} only when named
  --norms LIST        normalisations for comb*, wsum and wmnz (default: ${DEFAULT_GRID.norms.join(',')});
                      refused when no method of --methods reads them
${gridHelpLines().join('\n')}
  --weight-step X     weight grid step, 1/X a whole number up to 100 (default ${1 / DEFAULT_GRID.weightSteps});
                      refused without a weighted method
  --probfuse-segments LIST
                      probfuse's numbers of segments x, whole numbers >= 1 (default ${DEFAULT_PROBFUSE_SEGMENTS.join(',')});
                      refused without probfuse
  --slidefuse-windows LIST
                      slidefuse's windows w, whole numbers >= 0 (default ${DEFAULT_SLIDEFUSE_WINDOWS.join(',')});
                      refused without slidefuse
  --select RULE       ${SELECT_RULES.join(' | ')}: how each training split chooses (default ${TUNE_DEFAULTS.select})
  --folds N           number of folds, 2 (3 with a trained method) up to the number of queries
                      (default ${TUNE_DEFAULTS.folds})
  --seed N            seed of the fold shuffle, the bootstrap and the randomization test
                      (default ${TUNE_DEFAULTS.seed})
  --depth D           cut each leg to its top D documents per query before fusing (default: all)
  --k K               fused documents kept per query (default ${TUNE_DEFAULTS.k})
  --tag TAG           run tag, last column (default tuned)
  --report-all        also print every setting's training mean, over all queries and per fold
  --threshold N       lowest grade counted relevant (default 1), as in eval: the held-out
                      scores are the ones eval prints for the tuned run at that threshold
  --original          ignore QRELS.additions.jsonl
  --allow-empty       tune over an empty leg run, or one sharing no query id with the others,
                      instead of refusing it (each run's queries and lines are printed either way)
  --json              print the report as JSON
  -h, --help          show this help`;

// A thin shell: every tuning decision is tuneRunFiles' (tuneFusion's over runs held), so bench scripts and tests get the same numbers without the CLI.
export const tuneCommand: Command = {
  name: 'tune',
  get usage() {
    return usage();
  },
  async run(argv, io) {
    const { values, positionals } = parse(argv, {
      qrels: { type: 'string' },
      out: { type: 'string' },
      metric: { type: 'string' },
      methods: { type: 'string' },
      norms: { type: 'string' },
      ...constantOptions('tune'),
      'weight-step': { type: 'string' },
      'probfuse-segments': { type: 'string' },
      'slidefuse-windows': { type: 'string' },
      folds: { type: 'string' },
      seed: { type: 'string' },
      depth: { type: 'string' },
      k: { type: 'string' },
      select: { type: 'string' },
      tag: { type: 'string' },
      'report-all': { type: 'boolean' },
      threshold: { type: 'string' },
      original: { type: 'boolean' },
      json: { type: 'boolean' },
      'allow-empty': { type: 'boolean' },
    });
    if (values.help) return (io.out(usage() + '\n'), 0);
    if (positionals.length < 2)
      throw new InputError(`tune needs at least two leg runs, got ${positionals.length}\n\n${usage()}`);
    if (!values.qrels) throw new InputError(`missing --qrels FILE\n\n${usage()}`);
    if (!values.out) throw new InputError(`missing --out FILE\n\n${usage()}`);
    const trained = trainedFlags(values, givenGridFlags(values));
    const options: TuneOptions = {
      metric: parseMetric(values.metric ?? TUNE_DEFAULTS.metric),
      grid: { ...gridFlags({ ...values, methods: trained.methods }), ...trained.grid },
      folds: intOption('folds', values.folds, TUNE_DEFAULTS.folds, 2),
      seed: intOption('seed', values.seed, TUNE_DEFAULTS.seed, 0, 2 ** 32 - 1),
      depth: values.depth === undefined ? undefined : intOption('depth', values.depth, 0),
      k: intOption('k', values.k, TUNE_DEFAULTS.k),
      select: oneOf('select', values.select, SELECT_RULES, TUNE_DEFAULTS.select),
    };
    const all = Boolean(values['report-all']);

    const threshold = intOption('threshold', values.threshold, 1, 0);
    const judgements = await loadJudgements(values.qrels, { original: Boolean(values.original), threshold }, io);
    // One pass finds where each query is; the tuning then reads one query of each run at a time.
    const { legs, runs } = await indexTuneLegs(positionals);
    io.err(coverageLines(checkRunCoverage(runs, Boolean(values['allow-empty']))));
    const t0 = performance.now();
    // The run is written as it is ranked: of each query only its top 10 is kept, for the notes.
    const top: Run = new Map();
    const result = await tuneRunFiles(legs, judgements, options, (run) =>
      writeRunQueries(values.out!, keepTop(run, top, SOURCE_MIX_K), values.tag ?? 'tuned'),
    );
    judgementNotes(judgements, top, result.queries, io, 'tuned');
    const seconds = (performance.now() - t0) / 1000;
    io.out(
      values.json
        ? JSON.stringify(tuneReportJson(result, values.out, { all }), null, 2) + '\n'
        : tuneReportText(result, values.out, seconds, { all, runFiles: positionals }),
    );
    return 0;
  },
};
