import { printableLines } from '../printable.js';
import { InputError } from '../../errors.js';
import { type GenerateResult, generateQuestions } from '../../gold/generate-questions.js';
import {
  generateCheckpointFile,
  readCheckpoint,
  recordAnswer,
  removeCheckpoint,
} from '../../gold/generate-checkpoint.js';
import { promptSha256, QUESTION_STYLES } from '../../gold/question-prompts.js';
import { MAX_PASSAGE_CHARS } from '../../gold/sample-docs.js';
import { refuseExistingQuerySet, writeQuerySet } from '../../gold/write-query-set.js';
import { MAX_UNREADABLE_IN_A_ROW } from '../../llm/ask-each.js';
import { createChatClient } from '../../llm/chat-client.js';
import { CHAT_ENV, chatSettings, DEFAULT_KEY_VARIABLE, OPENAI_ORIGIN } from '../../llm/chat-settings.js';
import { parseChatSpec } from '../../llm/chat-spec.js';
import { DEFAULT_SEED } from '../../stats/prng.js';
import { intOption, oneOf, parse, positional } from '../args.js';
import type { CliIo } from '../command.js';
import { JSON_OPTION, printResult } from '../json-output.js';
import { countProgress } from '../count-progress.js';

/** Failed items listed by name; the rest are counted. */
const SHOWN_FAILURES = 10;

export const generateUsage = `Usage: testbed gold generate CORPUS --chat MODEL@URL --out DIR [--per-doc N] [--docs M]
                             [--seed S] [--style unread|plain] [--max-failures N]
                             [--chat-key-env NAME] [--force]

Writes a query set of questions a chat model generates from the documents of CORPUS, for a corpus
with no real queries yet. For each sampled document the model is asked, in one request, for N
questions about the document's title and the first ${MAX_PASSAGE_CHARS} characters of its text.
The model is any OpenAI-compatible chat completions endpoint (llama.cpp server, vLLM, Ollama,
OpenAI), called with temperature 0 and the seed. Generated questions flatter retrieval: --style unread (the
default) asks for what a user who has not read the document would type, in everyday words, not
its phrases; --style plain asks for a question the passage answers, the usual generator, so the
two can be compared. Repeated questions are dropped and counted: the same after case, white space,
Unicode NFKC and punctuation are normalised, or near-duplicates (word sets with Jaccard >= 0.8).

It writes DIR/queries.jsonl (each query's metadata: source "synthetic", style, model,
prompt_sha256 and doc_id) and DIR/qrels/test.tsv (each question's source document, grade 1),
both or neither, at the end; when they exist already it refuses before asking anything, unless
--force. Each answer is kept as it arrives in DIR/generate-checkpoint.jsonl, so a run stopped by
Ctrl-C, a crash or a dead server is resumed by running the same command again: the documents
already answered are not asked again (a checkpoint for other options is refused, naming its
line). The checkpoint is removed once the query set is written with no document failed.

A document whose request fails after the retries, or whose answer is not the JSON asked for, is a
failed item: the others are written and the failures counted and named, and the exit code is 1
when more documents failed than --max-failures allows (default 0); run it again to ask the
failed ones. ${MAX_UNREADABLE_IN_A_ROW} unreadable answers in a row stop the run: check the model and the
prompt. When the first request gets no answer or an HTTP error, nothing more is asked, nothing is
written, and the exit code is 2; when no question is kept, nothing is written and it is 1.
Progress goes to stderr.

Options:
  --chat MODEL@URL     the model and its server, e.g. qwen2.5:7b@http://127.0.0.1:11434 (a root gets
                       /v1/chat/completions, a URL ending in /v1 gets /chat/completions)
  --chat-key-env NAME  send the value of the environment variable NAME as the bearer key
                       (default: ${DEFAULT_KEY_VARIABLE} when set, to ${OPENAI_ORIGIN} only); never printed
  --per-doc N          questions asked for per document (default 1)
  --docs M             a sample of M documents drawn with the seed (default: every document)
  --seed S             seeds the sample and is sent to the model (default ${DEFAULT_SEED})
  --style S            unread or plain (default unread)
  --out DIR            the folder to write (created if missing)
  --max-failures N     failed documents allowed before the exit code is 1 (default 0)
  --force              replace DIR/queries.jsonl and DIR/qrels/test.tsv if present
  --json               print JSON on stdout instead (the lines go to stderr): {queries, qrels
                       (the files written, null when nothing was), model, style, seed,
                       prompt_sha256, corpus_docs, sampled, asked, received, kept,
                       duplicates: {exact, near}, resumed, failed: [{doc_id, reason}], stopped}

Environment: ${CHAT_ENV.timeoutMs} (per request, default 120000), ${CHAT_ENV.retries} (default 4),
${CHAT_ENV.backoffMs} (first retry delay, default 500; a 429 or 503's Retry-After is obeyed up to 30 s, and a longer one stops the request),
${CHAT_ENV.concurrency} (requests in flight, default 4), ${CHAT_ENV.maxResponseMb} (the longest answer read, default 32).`;

/**
 * \`testbed gold generate\`: a synthetic query set from a corpus and a chat model, and a summary of
 * everything that did not make it in (failed documents, repeated questions), so the user can see
 * how much of what was asked for counts.
 */
export async function runGenerate(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(argv, {
    chat: { type: 'string' },
    'chat-key-env': { type: 'string' },
    'per-doc': { type: 'string' },
    docs: { type: 'string' },
    seed: { type: 'string' },
    style: { type: 'string' },
    out: { type: 'string' },
    'max-failures': { type: 'string' },
    force: { type: 'boolean' },
    ...JSON_OPTION,
  });
  if (values.help) return (io.out(generateUsage + '\n'), 0);
  const corpus = positional(positionals, 0, 'CORPUS', generateUsage);
  if (positionals.length > 1) throw new InputError(`unexpected argument "${positionals[1]}"\n\n${generateUsage}`);
  if (values.chat === undefined) throw new InputError(`missing --chat MODEL@URL\n\n${generateUsage}`);
  if (values.out === undefined || values.out.trim() === '') throw new InputError('missing --out DIR');
  const spec = parseChatSpec(values.chat);
  const perDoc = intOption('per-doc', values['per-doc'], 1, 1, 50);
  const docs = values.docs === undefined ? undefined : intOption('docs', values.docs, 1, 1, 100_000_000);
  const seed = intOption('seed', values.seed, DEFAULT_SEED, 0, 2 ** 32 - 1);
  const style = oneOf('style', values.style, QUESTION_STYLES, 'unread');
  const maxFailures = intOption('max-failures', values['max-failures'], 0, 0);
  const force = values.force === true;
  const out = values.out;
  const settings = chatSettings(spec.baseUrl, values['chat-key-env']);
  const chat = createChatClient(spec, settings);
  // Refused before anything is paid for, not after.
  if (!force) await refuseExistingQuerySet(out);
  const checkpoint = generateCheckpointFile(out);
  const request = { model: chat.model, style, perDoc, seed, promptSha256: promptSha256(style) };
  const had = await readCheckpoint(checkpoint, request);

  let draw: ((p: { done: number; total: number }) => void) | undefined;
  let total = 0;
  const result = await generateQuestions({
    corpus,
    chat,
    style,
    perDoc,
    seed,
    ...(docs !== undefined && { docs }),
    had,
    // Said before the first request: a server that accepts and never answers is otherwise
    // silence for as long as its timeouts and retries add up to.
    beforeAsking: (toAsk, resumed) => {
      total = toAsk;
      if (resumed > 0) io.err(`resuming: ${resumed} documents already answered in ${checkpoint}\n`);
      if (toAsk === 0) return;
      io.err(
        `asking about ${toAsk} documents; the first request goes alone, ${settings.timeoutMs} ms an attempt and ` +
          `${settings.retries} retries (${CHAT_ENV.timeoutMs}, ${CHAT_ENV.retries})\n`,
      );
      draw = countProgress(io, 'asking', 'documents');
    },
    onAnswer: (done) => draw?.({ done, total }),
    onAnswered: (docId, questions) => recordAnswer(checkpoint, request, docId, questions),
  });
  const lines = summary(result, chat.endpoint, seed);
  const report = {
    ...resultJson(result, chat.model, style, seed),
    queries: null as string | null,
    qrels: null as string | null,
  };
  if (result.questions.length === 0) {
    printResult(io, values.json, printableLines(lines.join('\n')) + '\n', report);
    io.err(`no question kept, nothing written to ${out}\n`);
    return 1;
  }
  const files = await writeQuerySet(
    out,
    result.questions.map((q) => ({
      id: q.id,
      text: q.text,
      docs: new Map([[q.docId, 1]]),
      metadata: { style, model: chat.model, prompt_sha256: result.promptSha256, doc_id: q.docId },
    })),
    'synthetic',
    force,
  );
  // Kept while a document failed: the run that asks the failed ones again pays for nothing else.
  if (result.failed.length === 0) await removeCheckpoint(checkpoint);
  printResult(
    io,
    values.json,
    [
      ...lines,
      `queries: ${files.queries}`,
      `qrels: ${files.qrels}`,
      `prompt sha256 (${style}): ${result.promptSha256}`,
    ].join('\n') + '\n',
    { ...report, queries: files.queries, qrels: files.qrels },
  );
  if (result.failed.length > maxFailures) {
    io.err(
      `${result.failed.length} document${result.failed.length === 1 ? '' : 's'} failed, more than --max-failures ${maxFailures}: ` +
        `the questions obtained are written; the same command with --force asks only the failed ones again (${checkpoint})\n`,
    );
    return 1;
  }
  return 0;
}

/** The summary's figures for --json. */
function resultJson(r: GenerateResult, model: string, style: string, seed: number) {
  return {
    model,
    style,
    seed,
    prompt_sha256: r.promptSha256,
    corpus_docs: r.corpusDocs,
    sampled: r.sampled,
    asked: r.asked,
    received: r.received,
    kept: r.questions.length,
    duplicates: { exact: r.duplicates.exact.length, near: r.duplicates.near.length },
    resumed: r.resumed,
    failed: r.failed.map((f) => ({ doc_id: f.docId, reason: f.reason })),
    stopped: r.stopped ?? null,
  };
}

function summary(r: GenerateResult, endpoint: string, seed: number): string[] {
  const sampled = r.sampled === r.corpusDocs ? `all ${r.corpusDocs}` : `${r.sampled} of ${r.corpusDocs} (seed ${seed})`;
  const dropped = r.duplicates.exact.length + r.duplicates.near.length;
  const lines = [
    `documents: ${sampled}, asked at ${endpoint}`,
    `questions: asked for ${r.asked}, received ${r.received}, kept ${r.questions.length}`,
    `duplicates dropped: ${dropped} (${r.duplicates.exact.length} the same once normalised, ` +
      `${r.duplicates.near.length} near: word Jaccard >= 0.8)`,
    ...(r.resumed > 0
      ? [`resumed: ${r.resumed} documents answered by an earlier run (the checkpoint), not asked again`]
      : []),
    `failed documents: ${r.failed.length === 0 ? 'none' : r.failed.length}`,
    ...r.failed.slice(0, SHOWN_FAILURES).map((f) => `  ${f.docId}: ${f.reason}`),
  ];
  if (r.failed.length > SHOWN_FAILURES) lines.push(`  and ${r.failed.length - SHOWN_FAILURES} more`);
  if (r.stopped) lines.push(`  ${r.stopped}`);
  return lines;
}
