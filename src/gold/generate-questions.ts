import { createHash } from 'node:crypto';
import { openCorpus } from '../corpus/open-corpus.js';
import type { ChatClient } from '../llm/chat-client.js';
import { RemoteError } from '../remote/remote-error.js';
import { parseQuestions } from './parse-questions.js';
import { dropDuplicates, normalizeQuestion } from './question-duplicates.js';
import { fillPrompt, promptSha256, type QuestionStyle } from './question-prompts.js';
import { type Passage, sampleDocs } from './sample-docs.js';

export interface GenerateOptions {
  corpus: string;
  chat: ChatClient;
  style: QuestionStyle;
  /** Questions asked for per document. */
  perDoc: number;
  /** Documents sampled; all when undefined. */
  docs?: number;
  /** Seeds the sample and is sent to the model. */
  seed: number;
}

/** One kept question and the document it was generated from. */
export interface GeneratedQuestion {
  /** `syn-` and 12 hex digits of the SHA-256 of the normalised text. */
  id: string;
  text: string;
  docId: string;
}

/** A document whose question could not be had, and why. */
export interface FailedItem {
  docId: string;
  reason: string;
}

export interface GenerateResult {
  /** Documents in the corpus, and how many were sampled. */
  corpusDocs: number;
  sampled: number;
  /** Questions asked for (sampled x perDoc) and received from the answers that could be read. */
  asked: number;
  received: number;
  questions: GeneratedQuestion[];
  /** Questions dropped as repeats of a kept one, by kind, each with the question it repeats. */
  duplicates: { exact: DroppedQuestion[]; near: DroppedQuestion[] };
  failed: FailedItem[];
  promptSha256: string;
}

export interface DroppedQuestion {
  text: string;
  docId: string;
  of: string;
}

/**
 * Generates a query set from a corpus: for each sampled document, one request asking the model
 * for `perDoc` questions about its opening passage (sample-docs.ts). The first document is asked
 * alone: when that request gets no answer or an HTTP error after the client's retries, the
 * endpoint is down or refuses us, and the RemoteError is thrown before anything else is sent
 * (a dead endpoint would otherwise be retried once per document). After it, a document whose
 * request fails or whose answer cannot be read is a failed item, named with its reason, and the
 * rest go on. Repeated questions are dropped (question-duplicates.ts) keeping the first in
 * corpus order. Other errors (a bug, a key variable gone) are thrown.
 */
export async function generateQuestions(options: GenerateOptions): Promise<GenerateResult> {
  const { chat, style, perDoc, seed } = options;
  const source = await openCorpus(options.corpus);
  const sample = await sampleDocs(source.docs(), options.docs, seed);
  /** One document's questions, or why there are none; `first` throws when the endpoint is not working. */
  const ask = async (passage: Passage, first: boolean): Promise<{ questions: string[] } | { problem: string }> => {
    const prompt = fillPrompt(style, { n: perDoc, title: passage.title, passage: passage.text });
    let content: string;
    try {
      content = await chat.ask({ prompt, seed, about: `document ${passage.docId}` });
    } catch (err) {
      if (!(err instanceof RemoteError)) throw err;
      if (first && (err.httpStatus === undefined || err.httpStatus >= 400)) throw err;
      return { problem: reasonOf(err) };
    }
    return parseQuestions(content, perDoc);
  };

  const [first, ...rest] = sample.passages;
  const answers = first === undefined ? [] : [await ask(first, true)];
  answers.push(...(await Promise.all(rest.map((passage) => ask(passage, false)))));

  const failed: FailedItem[] = [];
  const candidates: { text: string; docId: string }[] = [];
  sample.passages.forEach((passage, i) => {
    const answer = answers[i]!;
    if ('problem' in answer) failed.push({ docId: passage.docId, reason: answer.problem });
    else for (const text of answer.questions) candidates.push({ text, docId: passage.docId });
  });
  const deduplicated = dropDuplicates(candidates, (c) => c.text);
  const dropped = (d: { item: { text: string; docId: string }; of: { text: string } }): DroppedQuestion => ({
    text: d.item.text,
    docId: d.item.docId,
    of: d.of.text,
  });
  return {
    corpusDocs: sample.total,
    sampled: sample.passages.length,
    asked: sample.passages.length * perDoc,
    received: candidates.length,
    questions: deduplicated.kept.map((c) => ({ id: questionId(c.text), text: c.text, docId: c.docId })),
    duplicates: { exact: deduplicated.exact.map(dropped), near: deduplicated.near.map(dropped) },
    failed,
    promptSha256: promptSha256(style),
  };
}

/** A failed request's reason without the caller, which the summary line names already. */
function reasonOf(err: RemoteError): string {
  return `${err.endpoint}${err.httpStatus !== undefined ? ` answered ${err.httpStatus}` : ''}: ${err.problem}`;
}

/** Derived from the text alone, as the traffic commands' `log-` ids are: the same question gets the same id. */
function questionId(text: string): string {
  return `syn-${createHash('sha256').update(normalizeQuestion(text), 'utf8').digest('hex').slice(0, 12)}`;
}
