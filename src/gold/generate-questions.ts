import { createHash } from 'node:crypto';
import { openCorpus } from '../corpus/open-corpus.js';
import type { ChatClient } from '../llm/chat-client.js';
import { askEach, type ItemAnswer } from '../llm/ask-each.js';
import { failedRequestReason } from '../llm/failed-request-reason.js';
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
  /** Questions already had for some documents (a checkpoint of an interrupted run): they are not asked again. */
  had?: ReadonlyMap<string, string[]>;
  /** Called once the sample is drawn, before the first request: documents to ask, and documents already had. */
  beforeAsking?: (toAsk: number, had: number) => void;
  /** Called after each document asked, for a progress line. */
  onAnswer?: (done: number, failed: number) => void;
  /** Called with each document's questions as they arrive, one at a time (a checkpoint writer). */
  onAnswered?: (docId: string, questions: string[]) => Promise<void>;
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
  /** Sampled documents whose questions came from `had`, not a request. */
  resumed: number;
  /** Why the run stopped before asking every document, when it did: those not asked are failed with it. */
  stopped?: string;
  promptSha256: string;
}

export interface DroppedQuestion {
  text: string;
  docId: string;
  of: string;
}

/**
 * Generates a query set from a corpus: for each sampled document, one request asking the model
 * for `perDoc` questions about its opening passage (sample-docs.ts). The first document asked
 * goes alone: when that request gets no answer or an HTTP error after the client's retries, the
 * endpoint is down or refuses us, and the RemoteError is thrown before anything else is sent
 * (a dead endpoint would otherwise be retried once per document); when resuming from `had`, only
 * no answer at all ends it there. After it, a document whose
 * request fails or whose answer cannot be read is a failed item, named with its reason, and the
 * rest go on, until MAX_UNREADABLE_IN_A_ROW unreadable answers in a row stop the run
 * (llm/ask-each.ts). Documents in `had` are not asked. Repeated questions are dropped
 * (question-duplicates.ts) keeping the first in corpus order. Other errors (a bug, a key
 * variable gone) are thrown.
 */
export async function generateQuestions(options: GenerateOptions): Promise<GenerateResult> {
  const { chat, style, perDoc, seed } = options;
  const had = options.had ?? new Map<string, string[]>();
  const source = await openCorpus(options.corpus);
  const sample = await sampleDocs(source.docs(), options.docs, seed);
  /** One document's questions, or why there are none; `probe` throws when the endpoint is not working. */
  const ask = async (passage: Passage, probe: boolean): Promise<ItemAnswer<string[]>> => {
    const prompt = fillPrompt(style, { n: perDoc, title: passage.title, passage: passage.text });
    let content: string;
    try {
      content = await chat.ask({ prompt, seed, about: `document ${passage.docId}` });
    } catch (err) {
      if (!(err instanceof RemoteError)) throw err;
      // Resuming, the endpoint has answered before: an HTTP error may be this document's (one too
      // long for the model's context) and must not block every later run; no answer at all still ends it.
      if (probe && (err.httpStatus === undefined || (had.size === 0 && err.httpStatus >= 400))) throw err;
      return { problem: failedRequestReason(err) };
    }
    const read = parseQuestions(content, perDoc);
    return 'problem' in read ? { ...read, unreadable: true } : { value: read.questions };
  };

  const toAsk = sample.passages.filter((p) => !had.has(p.docId));
  options.beforeAsking?.(toAsk.length, sample.passages.length - toAsk.length);
  const { onAnswered } = options;
  const asked = await askEach(toAsk, ask, {
    concurrency: chat.concurrency,
    firstIsProbe: true,
    ...(options.onAnswer && { onAnswer: options.onAnswer }),
    ...(onAnswered && { onValue: (passage: Passage, questions: string[]) => onAnswered(passage.docId, questions) }),
  });
  const answerOf = new Map(toAsk.map((p, i) => [p.docId, asked.answers[i]!]));

  const failed: FailedItem[] = [];
  const candidates: { text: string; docId: string }[] = [];
  for (const passage of sample.passages) {
    const answer = answerOf.get(passage.docId) ?? { value: had.get(passage.docId)! };
    if ('problem' in answer) failed.push({ docId: passage.docId, reason: answer.problem });
    else for (const text of answer.value) candidates.push({ text, docId: passage.docId });
  }
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
    resumed: sample.passages.length - toAsk.length,
    ...(asked.stopped !== undefined && { stopped: asked.stopped }),
    promptSha256: promptSha256(style),
  };
}

/** Derived from the text alone, as the traffic commands' `log-` ids are: the same question gets the same id. */
function questionId(text: string): string {
  return `syn-${createHash('sha256').update(normalizeQuestion(text), 'utf8').digest('hex').slice(0, 12)}`;
}
