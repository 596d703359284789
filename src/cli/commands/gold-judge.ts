import { printableLines } from '../printable.js';
import { InputError } from '../../errors.js';
import { additionsFile } from '../../gold/additions-file.js';
import type { FailedPair } from '../../gold/grade-pairs.js';
import { MAX_UNREADABLE_IN_A_ROW } from '../../llm/ask-each.js';
import { AUTO_BINARY_CUT, describeScale, parseScaleOption } from '../../gold/judge-scale.js';
import { JUDGE_SCALE } from '../../gold/judge-prompt.js';
import { judgeSources } from '../../gold/judge-texts.js';
import {
  calibrateJudge,
  fillHoles,
  planJudge,
  rankingAfterFill,
  type JudgePlan,
  type SampleAgreement,
} from '../../gold/llm-judge.js';
import { RANKING_METRIC, type RankingChange } from '../../gold/ranking-change.js';
import { requireQrelsFile } from '../../gold/require-qrels-file.js';
import { writeLlmGrades } from '../../gold/write-llm-grades.js';
import { createChatClient } from '../../llm/chat-client.js';
import { CHAT_ENV, chatSettings, DEFAULT_KEY_VARIABLE, OPENAI_ORIGIN } from '../../llm/chat-settings.js';
import { parseChatSpec } from '../../llm/chat-spec.js';
import { readPool } from '../../runs/pool-file.js';
import { readTrecRun } from '../../runs/trec-run-reader.js';
import type { KappaResult } from '../../stats/kappa.js';
import { DEFAULT_SEED } from '../../stats/prng.js';
import { intOption, parse, positional } from '../args.js';
import type { CliIo } from '../command.js';
import { JSON_OPTION, printResult } from '../json-output.js';
import { countProgress } from '../count-progress.js';

/** Failed pairs listed by name; the rest are counted. */
const SHOWN_FAILURES = 10;
const DEFAULT_SAMPLE = 50;

export const judgeUsage = `Usage: testbed gold judge POOL --qrels QRELS --chat MODEL@URL [--corpus DIR] [--queries FILE]
                          [--calibrate N] [--min-kappa K] [--scale S] [--threshold T]
                          [--max-failures N] [--runs RUN...] [--seed S] [--dry-run]
                          [--chat-key-env NAME]

Fills the holes of a pool (testbed pool) with grades from a chat model: every pair of POOL that
QRELS and its additions do not judge is graded 0-${JUDGE_SCALE[1]} with an UMBRELA-style prompt
(the query, the passage, a sentence per grade; its SHA-256 is printed), mapped onto the qrels'
scale (--scale) and written to QRELS.additions.jsonl with source "llm", the model as judge, and
the prompt's hash and the calibration's Cohen's kappa in the note. A pair judged by anyone else (QRELS itself, or an addition whose
source is not llm) is never graded or overwritten; a pair an llm already graded is skipped too,
so a run that stopped part way resumes where it stopped without asking again.

It is checked before it is paid: first it grades a calibration sample of pairs people already
judged (--calibrate, seeded) and prints how well it agrees with them, each figure with a 95%
bootstrap interval: raw agreement, Cohen's kappa and linearly weighted kappa on the qrels'
scale, and the same with every grade cut at --threshold (relevant or not). With --min-kappa K it
stops there when Cohen's kappa is below K or cannot be measured: no hole is graded, nothing is
written, exit 1. Qrels with positive judgements only (most published sets) give no measure of
agreement, since a judge calling everything relevant would agree perfectly: it says so, and how to
get judged negatives. With --runs (the experiment's run files) it also ranks the runs by
${RANKING_METRIC} under the human-only qrels and under the qrels the fill would leave, and prints
Kendall's tau-b between the two.

A pair whose request fails after the retries (a 500, a timeout; a 429 waits out its Retry-After),
whose answer is not a grade (not JSON, a grade outside 0-${JUDGE_SCALE[1]}), or whose text is missing is
a failed pair: counted, the first ${SHOWN_FAILURES} named, never written. ${MAX_UNREADABLE_IN_A_ROW} unreadable answers in a
row stop the run. Each grade is written as it arrives (one whole line), so a run stopped by
Ctrl-C keeps what it paid for; the exit code is 1 when more pairs failed than --max-failures
allows (default 0). Run it again to grade what is still a hole. When the first request gets no answer or an HTTP error, nothing more is asked, nothing
is written and the exit code is 2. Progress goes to stderr.

Options:
  --qrels QRELS        the gold set whose holes are filled (BEIR qrels/SPLIT.tsv or TREC qrels)
  --chat MODEL@URL     the model and its server, e.g. qwen2.5:7b@http://127.0.0.1:11434
  --chat-key-env NAME  send the value of the environment variable NAME as the bearer key
                       (default: ${DEFAULT_KEY_VARIABLE} when set, to ${OPENAI_ORIGIN} only); never printed
  --corpus DIR         the documents (default: the BEIR folder QRELS sits in)
  --queries FILE       the query texts (default: queries.jsonl of that BEIR folder)
  --calibrate N        human-judged pairs graded first to measure agreement (default
                       ${DEFAULT_SAMPLE}; 0 skips it); --sample N is the same
  --min-kappa K        stop after the calibration when Cohen's kappa is below K
  --scale S            how the judge's 0-${JUDGE_SCALE[1]} map onto the qrels: auto (default: binary@${AUTO_BINARY_CUT} when
                       the qrels' highest grade is 1, capped at it when it is 2, kept from 3),
                       0-${JUDGE_SCALE[1]} (kept), or binary@C (grades C and up become 1, the rest 0)
  --threshold T        lowest grade counted relevant, for the binarised agreement and the
                       ranking of the runs (default 1)
  --max-failures N     failed pairs allowed before the exit code is 1 (default 0)
  --runs RUN...        TREC run files of the configurations compared, to see whether the fill
                       reorders them (after POOL: --runs a.run b.run, or --runs repeated)
  --seed S             draws the sample and is sent to the model (default ${DEFAULT_SEED})
  --dry-run            grade and print everything, write nothing
  --json               print JSON on stdout instead (the lines go to stderr): {judge, endpoint,
                       prompt_sha256, scale, pool: {pairs, human, llm, holes}, refused (why
                       nothing was filled, or null), calibration: {pairs, available, seed,
                       graded, failed, raw_agreement, kappa, kappa_interval, linear_kappa,
                       binary_kappa} (null when not reached), ranking: {metric, runs: [{name,
                       human, filled}], tau} with --runs, holes: {graded, failed}, written,
                       dry_run}; a kappa that is undefined is null

Environment: ${CHAT_ENV.timeoutMs}, ${CHAT_ENV.retries}, ${CHAT_ENV.backoffMs}, ${CHAT_ENV.concurrency} and
${CHAT_ENV.maxResponseMb}, as for testbed gold generate.`;

/**
 * \`testbed gold judge\`: grades a pool's holes with a chat model, but first shows how far the
 * model can be trusted (agreement with humans on a calibration sample, with intervals), and
 * stops there when --min-kappa says so, before a hole is paid for.
 */
export async function runJudge(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(argv, {
    qrels: { type: 'string' },
    chat: { type: 'string' },
    'chat-key-env': { type: 'string' },
    corpus: { type: 'string' },
    queries: { type: 'string' },
    sample: { type: 'string' },
    calibrate: { type: 'string' },
    'min-kappa': { type: 'string' },
    scale: { type: 'string' },
    threshold: { type: 'string' },
    'max-failures': { type: 'string' },
    runs: { type: 'string', multiple: true },
    seed: { type: 'string' },
    'dry-run': { type: 'boolean' },
    ...JSON_OPTION,
  });
  if (values.help) return (io.out(judgeUsage + '\n'), 0);
  const poolFile = positional(positionals, 0, 'POOL', judgeUsage);
  // --runs A B C: the run files after the first come as positionals.
  const runFiles = [...(values.runs ?? []), ...(values.runs === undefined ? [] : positionals.slice(1))];
  if (values.runs === undefined && positionals.length > 1)
    throw new InputError(`unexpected argument "${positionals[1]}"\n\n${judgeUsage}`);
  if (values.qrels === undefined) throw new InputError(`missing --qrels QRELS\n\n${judgeUsage}`);
  if (values.chat === undefined) throw new InputError(`missing --chat MODEL@URL\n\n${judgeUsage}`);
  if (values.sample !== undefined && values.calibrate !== undefined)
    throw new InputError('give --calibrate or --sample (the same option), not both');
  const spec = parseChatSpec(values.chat);
  const sample = intOption('calibrate', values.calibrate ?? values.sample, DEFAULT_SAMPLE, 0, 100_000);
  const seed = intOption('seed', values.seed, DEFAULT_SEED, 0, 2 ** 32 - 1);
  const minKappa = minKappaOption(values['min-kappa']);
  const scale = parseScaleOption(values.scale);
  const threshold = intOption('threshold', values.threshold, 1, 0);
  const maxFailures = intOption('max-failures', values['max-failures'], 0, 0);
  const dryRun = values['dry-run'] === true;
  const qrels = values.qrels;
  await requireQrelsFile(qrels);
  const sources = await judgeSources(qrels, { corpus: values.corpus, queries: values.queries });
  const pool = await readPool(poolFile);
  const runs = await Promise.all(runFiles.map(async (file) => ({ name: file, run: await readTrecRun(file) })));
  const settings = chatSettings(spec.baseUrl, values['chat-key-env']);
  const chat = createChatClient(spec, settings);

  const plan = await planJudge({ qrelsFile: qrels, pool, sources, sample, seed, scale, threshold });
  const lines = header(plan, chat.endpoint, chat.model);
  const report: JudgeReport = {
    judge: chat.model,
    endpoint: chat.endpoint,
    prompt_sha256: plan.promptSha256,
    scale: describeScale(plan.scale),
    pool: plan.pool,
    refused: null,
    calibration: null,
    ranking: null,
    holes: null,
    written: 0,
    dry_run: dryRun,
  };
  const print = () => printResult(io, values.json, printableLines(lines.join('\n')) + '\n', report);
  const refuse = (why: string) => {
    report.refused = why;
    print();
    io.err(`${why}: refusing to fill, no hole graded, nothing written to ${additionsFile(qrels)}\n`);
    return 1;
  };
  const positivesOnly = plan.humanNegatives === 0;
  if (positivesOnly) lines.push('', ...positivesOnlyLines(plan));
  if (positivesOnly && minKappa !== undefined)
    return refuse(`agreement cannot be measured without judged negatives (--min-kappa ${minKappa})`);

  // Said before the first request: a server that accepts and never answers is otherwise silence
  // for as long as its timeouts and retries add up to.
  if (plan.sample.length + plan.holes.length > 0)
    io.err(
      `calibrating on ${plan.sample.length} pairs before grading ${plan.holes.length} holes; the first request goes alone, ` +
        `${settings.timeoutMs} ms an attempt and ${settings.retries} retries (${CHAT_ENV.timeoutMs}, ${CHAT_ENV.retries})\n`,
    );
  const agreement = await calibrateJudge(plan, chat, progress(io, 'calibrating', plan.sample.length));
  lines.push('', ...agreementLines(plan, agreement));
  report.calibration = calibrationJson(plan, agreement);
  if (agreement.grades.stopped) return refuse(`calibration ${agreement.grades.stopped}`);
  const { kappa } = agreement;
  if (minKappa !== undefined && !(kappa.kappa >= minKappa))
    return refuse(
      Number.isNaN(kappa.kappa)
        ? `Cohen's kappa on the calibration sample is undefined (${kappa.undefinedReason})`
        : `Cohen's kappa on the calibration sample is ${kappa.kappa.toFixed(3)}, below --min-kappa ${minKappa}`,
    );

  // Each grade is written as it arrives: an interrupted run (Ctrl-C, a crash) keeps every grade it
  // paid for, and running it again grades only what is still a hole.
  let written = 0;
  const gate = { kappa: kappa.kappa, pairs: agreement.grades.graded.length };
  const fill = await fillHoles(plan, chat, {
    onAnswer: progress(io, 'grading holes', plan.holes.length),
    ...(!dryRun && {
      onGraded: async (g) => {
        written += (await writeLlmGrades(qrels, [g], chat.model, plan.promptSha256, gate)).length;
      },
    }),
  });
  if (runs.length > 0) {
    const ranking = rankingAfterFill(plan, runs, fill);
    lines.push('', ...rankingLines(ranking));
    report.ranking = { metric: ranking.metric, runs: ranking.runs, tau: ranking.tau.tau };
  }
  report.holes = { graded: fill.graded.length, failed: fill.failed.map(failedJson) };
  report.written = written;
  lines.push(
    '',
    `holes: graded ${fill.graded.length} of ${plan.pool.holes}, failed ${fill.failed.length}`,
    ...failureLines(fill.failed, '  '),
  );
  if (fill.stopped) lines.push(`  ${fill.stopped}`);
  if (dryRun) lines.push(`dry run: nothing written (${fill.graded.length} grades would go to ${additionsFile(qrels)})`);
  else if (fill.graded.length === 0) lines.push('nothing to write');
  else lines.push(`wrote ${written} grades (source llm, judge ${chat.model}) to ${additionsFile(qrels)}`);
  print();
  const failed = agreement.grades.failed.length + fill.failed.length;
  if (failed > maxFailures) {
    io.err(
      `${failed} pair${failed === 1 ? '' : 's'} failed, more than --max-failures ${maxFailures}: ` +
        'the grades obtained are written; run the same command again to grade the rest\n',
    );
    return 1;
  }
  return 0;
}

/** What --json prints: the figures of the lines, null for a stage not reached. */
interface JudgeReport {
  judge: string;
  endpoint: string;
  prompt_sha256: string;
  scale: string;
  pool: JudgePlan['pool'];
  refused: string | null;
  calibration: ReturnType<typeof calibrationJson> | null;
  ranking: { metric: string; runs: RankingChange['runs']; tau: number } | null;
  holes: { graded: number; failed: ReturnType<typeof failedJson>[] } | null;
  written: number;
  dry_run: boolean;
}

function calibrationJson(plan: JudgePlan, a: SampleAgreement) {
  return {
    pairs: plan.sample.length,
    available: plan.available,
    seed: plan.seed,
    graded: a.grades.graded.length,
    failed: a.grades.failed.map(failedJson),
    raw_agreement: a.kappa.observed,
    kappa: a.kappa.kappa,
    kappa_interval: [a.intervals.kappa.low, a.intervals.kappa.high],
    linear_kappa: a.linear.kappa,
    binary_kappa: a.binary.kappa,
  };
}

function failedJson(f: FailedPair) {
  return { query_id: f.queryId, doc_id: f.docId, reason: f.reason };
}

/** A progress line per stage on stderr: a bar on a terminal, a line every 10% otherwise. */
function progress(io: CliIo, verb: string, total: number): (done: number, failed: number) => void {
  if (total === 0) return () => {};
  const draw = countProgress(io, verb, 'pairs');
  return (done) => draw({ done, total });
}

function header(plan: JudgePlan, endpoint: string, model: string): string[] {
  return [
    `judge: ${model} at ${endpoint}`,
    `prompt sha256 (UMBRELA-style, grades 0-${JUDGE_SCALE[1]}): ${plan.promptSha256}`,
    `scale: ${describeScale(plan.scale)}`,
    `pool: ${plan.pool.pairs} pairs, ${plan.pool.human} judged by humans, ${plan.pool.llm} by an llm, ${plan.pool.holes} holes to grade`,
  ];
}

function positivesOnlyLines(plan: JudgePlan): string[] {
  return [
    `agreement cannot be measured: all ${plan.available} human-judged pairs are graded ${plan.threshold} or more (positives only, as most`,
    '  published qrels are), so a judge that called everything relevant would agree perfectly. Judged negatives',
    '  are needed: grade-0 lines for pairs a person read and found not relevant (testbed pool, then',
    '  testbed gold add QRELS QID DOCID --grade 0, or the judging page), or a human-judged sample of the pool.',
  ];
}

function agreementLines(plan: JudgePlan, a: SampleAgreement): string[] {
  const lines = [
    `calibration: agreement with humans on ${plan.sample.length} of the ${plan.available} pairs they judged (seed ${plan.seed}):`,
    `  graded ${a.grades.graded.length}, failed ${a.grades.failed.length}`,
    ...failureLines(a.grades.failed, '  '),
  ];
  if (a.grades.graded.length > 0)
    lines.push(
      `  raw agreement ${a.kappa.observed.toFixed(3)}`,
      `  Cohen's kappa ${figure(a.kappa, a.intervals.kappa)}`,
      `  linearly weighted kappa ${figure(a.linear, a.intervals.linear)}`,
      `  cut at grade ${plan.threshold} (relevant or not): raw agreement ${a.binary.observed.toFixed(3)}, Cohen's kappa ${figure(a.binary, a.intervals.binary)}`,
    );
  return lines;
}

function rankingLines({ metric, runs, tau }: RankingChange): string[] {
  const width = Math.max(3, ...runs.map((s) => s.name.length));
  return [
    `ranking of the runs by ${metric}, human-only qrels against qrels with the holes filled:`,
    `  ${'run'.padEnd(width)}  human   filled`,
    ...runs.map((s) => `  ${s.name.padEnd(width)}  ${s.human.toFixed(4)}  ${s.filled.toFixed(4)}`),
    `  Kendall's tau-b ${Number.isNaN(tau.tau) ? `undefined: ${tau.undefinedReason}` : `${tau.tau.toFixed(3)} (${tau.tau === 1 ? 'the same order' : 'the order changes'})`}`,
  ];
}

function failureLines(failed: readonly FailedPair[], indent: string): string[] {
  const lines = failed.slice(0, SHOWN_FAILURES).map((f) => `${indent}${f.queryId} ${f.docId}: ${f.reason}`);
  if (failed.length > SHOWN_FAILURES) lines.push(`${indent}and ${failed.length - SHOWN_FAILURES} more`);
  return lines;
}

function figure(result: KappaResult, interval: { low: number; high: number }): string {
  if (Number.isNaN(result.kappa)) return `undefined: ${result.undefinedReason}`;
  const ci = Number.isNaN(interval.low)
    ? 'no interval'
    : `95% interval ${interval.low.toFixed(3)} to ${interval.high.toFixed(3)}, ${result.n} pairs`;
  return `${result.kappa.toFixed(3)} (${ci}; expected by chance ${result.expected.toFixed(3)})`;
}

function minKappaOption(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const k = Number(value);
  if (value.trim() === '' || !Number.isFinite(k) || k < -1 || k > 1)
    throw new InputError(`--min-kappa must be a number from -1 to 1, got "${value}"`);
  return k;
}
