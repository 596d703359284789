import type { ChatClient } from '../llm/chat-client.js';
import { askEach, type ItemAnswer } from '../llm/ask-each.js';
import { failedRequestReason } from '../llm/failed-request-reason.js';
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

/**
 * Asks the model for a 0-3 grade of each pair, one request per pair, as many in flight as the
 * chat client allows. A pair whose query or document text is missing, whose request fails after
 * the client's retries (a 500, a timeout; a 429 waits out its Retry-After first), or whose answer
 * is no grade (not JSON, a grade outside 0-3) is a failed pair with its reason, and the rest go
 * on: one bad answer must not cost the whole run. But MAX_UNREADABLE_IN_A_ROW unreadable answers
 * in a row stop it (llm/ask-each.ts): the pairs not yet asked are failed as not asked, and `stopped` says why. When
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
  const ask = async (pair: JudgePair, probe: boolean): Promise<ItemAnswer<number>> => {
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
      return { problem: failedRequestReason(err) };
    }
    const read = parseGrade(content);
    return 'problem' in read ? { ...read, unreadable: true } : { value: read.grade };
  };
  const { onGraded } = options;
  const { answers, stopped } = await askEach(pairs, ask, {
    concurrency: chat.concurrency,
    firstIsProbe: options.firstIsProbe,
    ...(options.onAnswer && { onAnswer: options.onAnswer }),
    ...(onGraded && {
      onValue: (pair: JudgePair, grade: number) => onGraded({ queryId: pair.queryId, docId: pair.docId, grade }),
    }),
  });
  const result: PairGrades = { graded: [], failed: [] };
  pairs.forEach((pair, i) => {
    const answer = answers[i]!;
    const ids = { queryId: pair.queryId, docId: pair.docId };
    if ('problem' in answer) result.failed.push({ ...ids, reason: answer.problem });
    else result.graded.push({ ...ids, grade: answer.value });
  });
  if (stopped !== undefined) result.stopped = stopped;
  return result;
}
