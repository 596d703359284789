import path from 'node:path';
import { InputError } from '../../errors.js';
import { evaluate, parseMetricLists } from '../../metrics/index.js';
import { COMPARE_FORMAT_NAMES, COMPARE_FORMATS, HOLDS_VERDICT } from '../../reports/compare/compare-formats.js';
import { buildCompareTable, LETTERS } from '../../reports/compare/compare-table.js';
import { compareVerdict } from '../../reports/compare/compare-verdict.js';
import { readTrecRun } from '../../runs/trec-run-reader.js';
import type { PairwiseTest } from '../../stats/all-pairs.js';
import { CORRECTION_NAMES } from '../../stats/multiple-comparisons.js';
import { DEFAULT_SEED } from '../../stats/prng.js';
import { DEFAULT_TRIALS, EXACT_MAX_QUERIES } from '../../stats/significance.js';
import { intOption, oneOf, parse } from '../args.js';
import type { Command } from '../command.js';
import { judgementNotes } from '../judgement-notes.js';
import { loadJudgements } from '../load-judgements.js';

const DEFAULT_ALPHA = 0.05;

/** The words --test takes, ranx's among them: fisher is its randomization test, student its t-test. */
const TEST_NAMES: Record<string, PairwiseTest> = {
  randomization: 'randomization',
  fisher: 'randomization',
  t: 't',
  student: 't',
  tukey: 'tukey',
};

const usage = `Usage: testbed compare RUN RUN... --qrels QRELS --metrics LIST [options]

Scores two or more TREC run files on the same judged queries and prints a table, runs by
metrics: each run's mean, the best of each metric in bold, and after each mean the letters of
the runs it beats significantly (runs are lettered a, b, c... in the order given, as in ranx's
report). Then one paragraph says which run is best on the first metric, which differences are
significant, and what was corrected for.

Every run is scored as \`testbed eval QRELS RUN\` scores it, so each mean is the number eval
prints: the answerable qrels queries are evaluated, a query a run has no line for is scored as
an empty ranking (0 on every metric, as trec_eval -c), queries with no relevant document are
left out, and run queries the qrels lack are ignored. The tests pair the runs query by query.

Tests (--test), all two-sided:
  randomization  (the default) Fisher's randomization test, ranx's "fisher" (also accepted):
                 the paired sign-flip test of Smucker, Allan & Carterette (2007). Exact over
                 all 2^n sign patterns up to ${EXACT_MAX_QUERIES} queries, else --trials random ones from --seed
  t              the paired Student t-test (ranx's "student", also accepted)
  tukey          Tukey's HSD over all runs at once, with the error variance of the two-way
                 ANOVA runs x queries (repeated measures, as Carterette 2012 and Sakai use it
                 for IR). It differs from ranx's "tukey" (scipy's one-way tukey_hsd, which
                 ignores that the runs share queries and so finds fewer differences)

Each metric's k(k-1)/2 pairs of runs are one family: the randomization and t tests' p-values
are adjusted for that many comparisons, metric by metric (--correction). Tukey's HSD holds the
family's error rate itself and takes no --correction. A pair is significant when its adjusted
p is below --alpha; a run beats the other when it is significant and its mean is higher.

Options:
  --qrels QRELS       BEIR tsv or TREC qrels (required); judgements recorded beside it with
                      \`testbed gold add\` are merged in, as eval does
  --metrics LIST, -m LIST
                      comma-separated metrics (required), as \`testbed eval --metrics\` takes
                      them, e.g. ndcg@10,recall@100,mrr or trec_eval's ndcg_cut_10,P_5;
                      repeat to add more; the verdict leads with the first
  --test T            randomization | fisher | t | student | tukey (default randomization)
  --correction C      ${CORRECTION_NAMES.join(' | ')} (default holm): Holm's step-down method,
                      Bonferroni (p times the pairs), or none; refused with --test tukey
  --alpha A           significance level, between 0 and 1 (default ${DEFAULT_ALPHA})
  --format F          md | latex | csv | json (default md). md: the table, a line saying how
                      to read it, the verdict; latex: a booktabs table, letters as $^{ac}$, the
                      verdict after it; csv: one line per run and metric (letter, run,
                      metric, mean, best, beats: letters space-separated), the verdict on
                      stderr; json: means, beaten runs, every pair's p and adjusted p, verdict
  --json              the same as --format json, the spelling every command takes
  --names LIST        comma-separated names for the runs, in order (default: each file's name
                      without its extension, or the paths as given if two would clash)
  --trials N          sign patterns drawn by the randomization test (default ${DEFAULT_TRIALS})
  --seed N            its seed (default ${DEFAULT_SEED}): the same seed gives the same p-values
  --threshold N       lowest grade counted relevant (default 1), as in eval
  --original          ignore QRELS.additions.jsonl, as in eval
  --per-query         with --json: each run's value per query and metric (per_query),
                      the values every mean and test above is computed from
  -h, --help          show this help

Exit status: 0 when the table is printed, 2 on bad input (a malformed run or qrels line, named
by file and line; fewer than 2 runs; an unknown metric, test, correction or format).`;

export const compareCommand: Command = {
  name: 'compare',
  usage,
  async run(argv, io) {
    const { values, positionals: files } = parse(argv, {
      qrels: { type: 'string' },
      metrics: { type: 'string', short: 'm', multiple: true },
      json: { type: 'boolean' },
      test: { type: 'string' },
      correction: { type: 'string' },
      alpha: { type: 'string' },
      format: { type: 'string' },
      names: { type: 'string' },
      trials: { type: 'string' },
      seed: { type: 'string' },
      threshold: { type: 'string' },
      original: { type: 'boolean' },
      'per-query': { type: 'boolean' },
    });
    if (values.help) return (io.out(usage + '\n'), 0);
    if (files.length < 2) throw new InputError(`compare needs 2 or more run files, got ${files.length}\n\n${usage}`);
    if (files.length > LETTERS.length)
      throw new InputError(`compare takes at most ${LETTERS.length} runs (one letter each), got ${files.length}`);
    if (!values.qrels) throw new InputError(`missing --qrels QRELS\n\n${usage}`);
    if (!values.metrics) throw new InputError(`missing --metrics LIST\n\n${usage}`);
    const metrics = parseMetricLists(values.metrics);
    const test = testOption(values.test);
    if (test === 'tukey' && values.correction !== undefined)
      throw new InputError(
        `--correction does not apply to --test tukey: Tukey's HSD already holds the error rate over all pairs`,
      );
    const correction = test === 'tukey' ? 'none' : oneOf('correction', values.correction, CORRECTION_NAMES, 'holm');
    const alpha = alphaOption(values.alpha);
    if (values.json && values.format !== undefined && values.format !== 'json')
      throw new InputError(`--json prints JSON; it cannot go with --format ${values.format}`);
    const format = values.json ? 'json' : oneOf('format', values.format, COMPARE_FORMAT_NAMES, 'md');
    const names = runNames(files, values.names);
    const trials = intOption('trials', values.trials, DEFAULT_TRIALS, 1, 10_000_000);
    const seed = intOption('seed', values.seed, DEFAULT_SEED, 0, 2 ** 32 - 1);
    const threshold = intOption('threshold', values.threshold, 1, 0);

    const [judgements, runs] = await Promise.all([
      loadJudgements(values.qrels, { original: Boolean(values.original), threshold }, io),
      Promise.all(files.map((file) => readTrecRun(file))),
    ]);
    if (values['per-query'] && format !== 'json') throw new InputError('--per-query needs --json (or --format json)');
    const scores = new Map<string, Record<string, number[]>>();
    const perQuery: Record<string, Record<string, Record<string, number>>> = {};
    runs.forEach((run, i) => {
      if (![...run.keys()].some((qid) => judgements.grades.has(qid)))
        io.err(`warning: ${files[i]} shares no query id with the qrels; do the ids match?\n`);
      const result = evaluate(judgements, run, metrics);
      judgementNotes(judgements, run, result.evaluated, io, names[i]);
      const rows = result.evaluated.map((qid) => result.perQuery.get(qid)!);
      scores.set(names[i]!, Object.fromEntries(metrics.map((m) => [m.label, rows.map((s) => s[m.label]!)])));
      perQuery[names[i]!] = Object.fromEntries(result.perQuery);
    });
    const table = buildCompareTable(
      scores,
      metrics.map((m) => m.label),
      { test, correction, alpha, trials, seed },
    );
    if (values['per-query']) table.perQuery = perQuery;
    io.out(COMPARE_FORMATS[format](table));
    if (!HOLDS_VERDICT[format]) io.err(compareVerdict(table) + '\n');
    return 0;
  },
};

function testOption(value: string | undefined): PairwiseTest {
  if (value === undefined) return 'randomization';
  const test = TEST_NAMES[value];
  if (test === undefined)
    throw new InputError(`--test must be one of ${Object.keys(TEST_NAMES).join(', ')}, got "${value}"`);
  return test;
}

function alphaOption(value: string | undefined): number {
  if (value === undefined) return DEFAULT_ALPHA;
  const alpha = Number(value);
  if (value.trim() === '' || !(alpha > 0 && alpha < 1))
    throw new InputError(`--alpha must be a number between 0 and 1 (exclusive), got "${value}"`);
  return alpha;
}

/** --names as given, or each file's name without its extension, or the paths when those clash. */
function runNames(files: readonly string[], names: string | undefined): string[] {
  if (names !== undefined) {
    const given = names.split(',').map((n) => n.trim());
    if (given.length !== files.length)
      throw new InputError(`--names gives ${given.length} names for ${files.length} runs`);
    if (given.some((n) => n === '')) throw new InputError(`--names has an empty name: "${names}"`);
    const twice = given.find((n, i) => given.indexOf(n) !== i);
    if (twice !== undefined) throw new InputError(`--names gives "${twice}" twice`);
    return given;
  }
  const twice = files.find((f, i) => files.indexOf(f) !== i);
  if (twice !== undefined) throw new InputError(`run file ${twice} is given twice`);
  const short = files.map((f) => path.parse(f).name);
  return new Set(short).size === short.length ? short : [...files];
}
