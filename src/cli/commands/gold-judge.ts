import { InputError } from '../../errors.js';
import { additionsFile } from '../../gold/additions-file.js';
import type { FailedPair } from '../../gold/grade-pairs.js';
import { JUDGE_SCALE } from '../../gold/judge-prompt.js';
import { judgeSources } from '../../gold/judge-texts.js';
import { type LlmJudgeResult, llmJudge } from '../../gold/llm-judge.js';
import { RANKING_METRIC } from '../../gold/ranking-change.js';
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

/** Failed pairs listed by name; the rest are counted. */
const SHOWN_FAILURES = 10;
const DEFAULT_SAMPLE = 50;

export const judgeUsage = `Usage: testbed gold judge POOL --qrels QRELS --chat MODEL@URL [--corpus DIR] [--queries FILE]
                          [--sample N] [--min-kappa K] [--runs RUN...] [--seed S] [--dry-run]
                          [--chat-key-env NAME]

Fills the holes of a pool (testbed pool) with grades from a chat model: every pair of POOL that
QRELS and its additions do not judge is graded 0-${JUDGE_SCALE[1]} with an UMBRELA-style prompt
(the query, the passage, a sentence per grade; its SHA-256 is printed) and written to
QRELS.additions.jsonl with source "llm", the model as judge and the prompt's hash in the note. A
pair judged by anyone else (QRELS itself, or an addition whose source is not llm) is never
graded or overwritten; a pair an llm already graded is skipped too.

Before it writes, it grades a seeded sample of pairs humans already judged and prints how well
the model agrees with them: raw agreement, Cohen's kappa and linearly weighted kappa. With
--runs (the experiment's run files) it also ranks the runs by ${RANKING_METRIC} under the human-only
qrels and under the qrels the fill would leave, and prints Kendall's tau-b between the two. With
--min-kappa K it refuses to fill when Cohen's kappa on the sample is below K (or undefined):
nothing is written and the exit code is 1.

A pair whose request fails after the retries (a 500, a timeout; a 429 waits out its Retry-After),
whose answer is not a grade (not JSON, a grade outside 0-${JUDGE_SCALE[1]}), or whose text is missing is
a failed pair: counted, the first ${SHOWN_FAILURES} named, never written. Grades are written at the
end, one whole line each; when the first request gets no answer or an HTTP error, nothing more is
asked, nothing is written and the exit code is 2.

Options:
  --qrels QRELS        the gold set whose holes are filled (BEIR qrels/SPLIT.tsv or TREC qrels)
  --chat MODEL@URL     the model and its server, e.g. qwen2.5:7b@http://127.0.0.1:11434
  --chat-key-env NAME  send the value of the environment variable NAME as the bearer key
                       (default: ${DEFAULT_KEY_VARIABLE} when set, to ${OPENAI_ORIGIN} only); never printed
  --corpus DIR         the documents (default: the BEIR folder QRELS sits in)
  --queries FILE       the query texts (default: queries.jsonl of that BEIR folder)
  --sample N           human-judged pairs graded to measure agreement (default ${DEFAULT_SAMPLE}; 0 skips it)
  --min-kappa K        refuse to fill when Cohen's kappa on the sample is below K
  --runs RUN...        TREC run files of the configurations compared, to see whether the fill
                       reorders them (after POOL: --runs a.run b.run, or --runs repeated)
  --seed S             draws the sample and is sent to the model (default ${DEFAULT_SEED})
  --dry-run            grade and print everything, write nothing

Environment: ${CHAT_ENV.timeoutMs}, ${CHAT_ENV.retries}, ${CHAT_ENV.backoffMs} and ${CHAT_ENV.concurrency}, as for
testbed gold generate.`;

/**
 * \`testbed gold judge\`: grades a pool's holes with a chat model, but first shows how far the
 * model can be trusted (agreement with humans on a sample, and whether the fill would reorder
 * the runs being compared), so the user decides, or --min-kappa decides, before the gold set
 * changes.
 */
export async function runJudge(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(argv, {
    qrels: { type: 'string' },
    chat: { type: 'string' },
    'chat-key-env': { type: 'string' },
    corpus: { type: 'string' },
    queries: { type: 'string' },
    sample: { type: 'string' },
    'min-kappa': { type: 'string' },
    runs: { type: 'string', multiple: true },
    seed: { type: 'string' },
    'dry-run': { type: 'boolean' },
  });
  if (values.help) return (io.out(judgeUsage + '\n'), 0);
  const poolFile = positional(positionals, 0, 'POOL', judgeUsage);
  // --runs A B C: the run files after the first come as positionals.
  const runFiles = [...(values.runs ?? []), ...(values.runs === undefined ? [] : positionals.slice(1))];
  if (values.runs === undefined && positionals.length > 1)
    throw new InputError(`unexpected argument "${positionals[1]}"\n\n${judgeUsage}`);
  if (values.qrels === undefined) throw new InputError(`missing --qrels QRELS\n\n${judgeUsage}`);
  if (values.chat === undefined) throw new InputError(`missing --chat MODEL@URL\n\n${judgeUsage}`);
  const spec = parseChatSpec(values.chat);
  const sample = intOption('sample', values.sample, DEFAULT_SAMPLE, 0, 100_000);
  const seed = intOption('seed', values.seed, DEFAULT_SEED, 0, 2 ** 32 - 1);
  const minKappa = minKappaOption(values['min-kappa']);
  const dryRun = values['dry-run'] === true;
  const qrels = values.qrels;
  await requireQrelsFile(qrels);
  const sources = await judgeSources(qrels, { corpus: values.corpus, queries: values.queries });
  const pool = await readPool(poolFile);
  const runs = await Promise.all(runFiles.map(async (file) => ({ name: file, run: await readTrecRun(file) })));
  const chat = createChatClient(spec, chatSettings(spec.baseUrl, values['chat-key-env']));

  const result = await llmJudge({ qrelsFile: qrels, pool, chat, sources, sample, seed, runs });
  const lines = report(result, chat.endpoint, chat.model, seed);
  const { kappa } = result.agreement;
  if (minKappa !== undefined && !(kappa.kappa >= minKappa)) {
    io.out(lines.join('\n') + '\n');
    const why = Number.isNaN(kappa.kappa)
      ? `Cohen's kappa on the sample is undefined (${kappa.undefinedReason})`
      : `Cohen's kappa on the sample is ${kappa.kappa.toFixed(3)}, below --min-kappa ${minKappa}`;
    io.err(`${why}: refusing to fill, nothing written to ${additionsFile(qrels)}\n`);
    return 1;
  }
  if (dryRun)
    lines.push(`dry run: nothing written (${result.fill.graded.length} grades would go to ${additionsFile(qrels)})`);
  else if (result.fill.graded.length === 0) lines.push('nothing to write');
  else {
    const written = await writeLlmGrades(qrels, result.fill.graded, chat.model, result.promptSha256);
    lines.push(`wrote ${written.length} grades (source llm, judge ${chat.model}) to ${additionsFile(qrels)}`);
  }
  io.out(lines.join('\n') + '\n');
  return 0;
}

function report(r: LlmJudgeResult, endpoint: string, model: string, seed: number): string[] {
  const a = r.agreement;
  const lines = [
    `judge: ${model} at ${endpoint}`,
    `prompt sha256 (UMBRELA-style, grades 0-${JUDGE_SCALE[1]}): ${r.promptSha256}`,
    `pool: ${r.pool.pairs} pairs, ${r.pool.human} judged by humans, ${r.pool.llm} by an llm, ${r.pool.holes} holes to grade`,
    '',
    `agreement with humans on a sample of ${a.pairs.length} of the ${a.available} pairs they judged (seed ${seed}):`,
    `  graded ${a.grades.graded.length}, failed ${a.grades.failed.length}`,
    ...failureLines(a.grades.failed, '  '),
  ];
  if (a.grades.graded.length > 0)
    lines.push(
      `  raw agreement ${a.kappa.observed.toFixed(3)}`,
      `  Cohen's kappa ${figure(a.kappa)}`,
      `  linearly weighted kappa ${figure(a.linear)}`,
    );
  if (r.ranking !== undefined) {
    const { metric, runs, tau } = r.ranking;
    const width = Math.max(3, ...runs.map((s) => s.name.length));
    lines.push(
      '',
      `ranking of the runs by ${metric}, human-only qrels against qrels with the holes filled:`,
      `  ${'run'.padEnd(width)}  human   filled`,
      ...runs.map((s) => `  ${s.name.padEnd(width)}  ${s.human.toFixed(4)}  ${s.filled.toFixed(4)}`),
      `  Kendall's tau-b ${Number.isNaN(tau.tau) ? `undefined: ${tau.undefinedReason}` : `${tau.tau.toFixed(3)} (${tau.tau === 1 ? 'the same order' : 'the order changes'})`}`,
    );
  }
  lines.push(
    '',
    `holes: graded ${r.fill.graded.length} of ${r.pool.holes}, failed ${r.fill.failed.length}`,
    ...failureLines(r.fill.failed, '  '),
  );
  return lines;
}

function failureLines(failed: readonly FailedPair[], indent: string): string[] {
  const lines = failed.slice(0, SHOWN_FAILURES).map((f) => `${indent}${f.queryId} ${f.docId}: ${f.reason}`);
  if (failed.length > SHOWN_FAILURES) lines.push(`${indent}and ${failed.length - SHOWN_FAILURES} more`);
  return lines;
}

function figure(result: KappaResult): string {
  if (Number.isNaN(result.kappa)) return `undefined: ${result.undefinedReason}`;
  return `${result.kappa.toFixed(3)} (expected by chance ${result.expected.toFixed(3)})`;
}

function minKappaOption(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const k = Number(value);
  if (value.trim() === '' || !Number.isFinite(k) || k < -1 || k > 1)
    throw new InputError(`--min-kappa must be a number from -1 to 1, got "${value}"`);
  return k;
}
