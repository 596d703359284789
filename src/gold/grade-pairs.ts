import type { ChatClient } from '../llm/chat-client.js';
import { RemoteError } from '../remote/remote-error.js';
import { fillJudgePrompt } from './judge-prompt.js';
import type { JudgeTexts } from './judge-texts.js';
import { parseGrade } from './parse-grade.js';

/** A (query, document) pair to grade. */
export interface JudgePair {
  queryId: string;
  docId: string;
}

/** A pair the model graded. */
export interface GradedPair extends JudgePair {
  grade: number;
}

/** A pair that got no grade, and why: it is counted and named, never written. */
export interface FailedPair extends JudgePair {
  reason: string;
}

export interface PairGrades {
  graded: GradedPair[];
  failed: FailedPair[];
  /** Why the run stopped before asking every pair, when it did: the pairs not asked are failed with it. */
  stopped?: string;
}

/** Unreadable answers in a row (a 200 whose content is no grade) after which the rest is not asked: the model or prompt is wrong, and each request costs. */
export const MAX_UNREADABLE_IN_A_ROW = 5;

/**
 * Asks the model for a 0-3 grade of each pair, one request per pair, as many in flight as the
 * chat client allows. A pair whose query or document text is missing, whose request fails after
 * the client's retries (a 500, a timeout; a 429 waits out its Retry-After first), or whose answer
 * is no grade (not JSON, a grade outside 0-3) is a failed pair with its reason, and the rest go
 * on: one bad answer must not cost the whole run. But MAX_UNREADABLE_IN_A_ROW unreadable answers
 * in a row stop it: the pairs not yet asked are failed as not asked, and `stopped` says why. When
 * `firstIsProbe`, the first pair is asked alone, and if it gets no answer or an HTTP error the
 * RemoteError is thrown before anything else is sent, as the question generator does: a dead
 * endpoint would otherwise be retried once per pair. `onAnswer` is called after each pair, for a
 * progress line, and `onGraded` with each grade as it arrives, so a caller can keep what it paid
 * for however the run ends. Results keep the order of `pairs`.
 */
export async function gradePairs(
  chat: ChatClient,
  pairs: readonly JudgePair[],
  texts: JudgeTexts,
  options: {
    seed: number;
    firstIsProbe: boolean;
    onAnswer?: (done: number, failed: number) => void;
    /** Called with each grade as it arrives, in order of arrival (a checkpoint: what is paid for is kept). */
    onGraded?: (pair: GradedPair) => Promise<void>;
  },
): Promise<PairGrades> {
  type Answer = { grade: number } | { problem: string; unreadable?: boolean };
  const ask = async (pair: JudgePair, probe: boolean): Promise<Answer> => {
    const query = texts.queries.get(pair.queryId);
    const passage = texts.passages.get(pair.docId);
    if (query === undefined) return { problem: 'the query has no text in the queries file' };
    if (passage === undefined) return { problem: 'the document is not in the corpus' };
    let content: string;
    try {
      content = await chat.ask({
        prompt: fillJudgePrompt({ query, passage }),
        seed: options.seed,
        about: `query ${pair.queryId} document ${pair.docId}`,
      });
    } catch (err) {
      if (!(err instanceof RemoteError)) throw err;
      if (probe && (err.httpStatus === undefined || err.httpStatus >= 400)) throw err;
      return {
        problem: `${err.endpoint}${err.httpStatus !== undefined ? ` answered ${err.httpStatus}` : ''}: ${err.problem}`,
      };
    }
    const read = parseGrade(content);
    return 'problem' in read ? { ...read, unreadable: true } : read;
  };
  const answers: (Answer | undefined)[] = new Array(pairs.length);
  let done = 0;
  let failed = 0;
  let unreadableInARow = 0;
  let stopped: string | undefined;
  // Grades are handed on one at a time, in order of arrival: a checkpoint writer never interleaves.
  let handedOn = Promise.resolve();
  const record = (i: number, answer: Answer) => {
    answers[i] = answer;
    done++;
    if ('grade' in answer && options.onGraded) {
      const pair = { queryId: pairs[i]!.queryId, docId: pairs[i]!.docId, grade: answer.grade };
      handedOn = handedOn.then(() => options.onGraded!(pair));
    }
    if ('problem' in answer) failed++;
    unreadableInARow = 'problem' in answer ? (answer.unreadable ? unreadableInARow + 1 : unreadableInARow) : 0;
    if (unreadableInARow >= MAX_UNREADABLE_IN_A_ROW && stopped === undefined)
      stopped = `stopped after ${MAX_UNREADABLE_IN_A_ROW} unreadable answers in a row: check the model and the prompt before paying for the rest`;
    options.onAnswer?.(done, failed);
  };
  let next = 0;
  if (pairs.length > 0) {
    record(0, await ask(pairs[0]!, options.firstIsProbe));
    next = 1;
  }
  const worker = async () => {
    while (next < pairs.length && stopped === undefined) {
      const i = next++;
      record(i, await ask(pairs[i]!, false));
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, chat.concurrency) }, worker));
  await handedOn;
  const result: PairGrades = { graded: [], failed: [] };
  pairs.forEach((pair, i) => {
    const answer = answers[i] ?? { problem: `not asked: ${stopped}` };
    const ids = { queryId: pair.queryId, docId: pair.docId };
    if ('problem' in answer) result.failed.push({ ...ids, reason: answer.problem });
    else result.graded.push({ ...ids, grade: answer.grade });
  });
  if (stopped !== undefined) result.stopped = stopped;
  return result;
}
