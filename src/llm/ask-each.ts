/** One item's answer: the value read from it, or why there is none. */
export type ItemAnswer<T> = { value: T } | { problem: string; unreadable?: boolean };

export interface AskEachOptions<I, T> {
  /** Items asked at once (the chat client's limit). */
  concurrency: number;
  /** Ask the first item alone before any other, so a dead endpoint costs one request, not one per item. */
  firstIsProbe: boolean;
  /** Called after each item, for a progress line. */
  onAnswer?: (done: number, failed: number) => void;
  /** Called with each value as it arrives, one at a time in order of arrival (a checkpoint writer never interleaves). */
  onValue?: (item: I, value: T) => Promise<void>;
}

export interface EachAnswered<T> {
  /** In the order of the items; an item not asked because the run stopped has `not asked: <why>`. */
  answers: ItemAnswer<T>[];
  /** Why the run stopped before asking every item, when it did. */
  stopped?: string;
}

/**
 * Answers a model's unreadable content in a row (a 200 whose text is not the JSON asked for)
 * after which the rest is not asked: the model or prompt is wrong, and each request costs.
 */
export const MAX_UNREADABLE_IN_A_ROW = 5;

/**
 * The loop the LLM callers share (the judge's grades, the question generator): each item asked
 * once, `concurrency` at a time, a failed item counted and the rest going on, but
 * MAX_UNREADABLE_IN_A_ROW unreadable answers in a row stopping the run. `ask` throws for what
 * must end everything at once (the probe finding the endpoint dead, a bug); with `firstIsProbe`
 * the first item is asked with `probe` true and alone. Values are handed to `onValue` as they
 * arrive, so what is paid for is kept however the run ends.
 */
export async function askEach<I, T>(
  items: readonly I[],
  ask: (item: I, probe: boolean) => Promise<ItemAnswer<T>>,
  options: AskEachOptions<I, T>,
): Promise<EachAnswered<T>> {
  const answers: (ItemAnswer<T> | undefined)[] = new Array(items.length);
  let done = 0;
  let failed = 0;
  let unreadableInARow = 0;
  let stopped: string | undefined;
  let handedOn = Promise.resolve();
  const record = (i: number, answer: ItemAnswer<T>) => {
    answers[i] = answer;
    done++;
    if ('value' in answer) {
      unreadableInARow = 0;
      if (options.onValue) handedOn = handedOn.then(() => options.onValue!(items[i]!, answer.value));
    } else {
      failed++;
      if (answer.unreadable) unreadableInARow++;
    }
    if (unreadableInARow >= MAX_UNREADABLE_IN_A_ROW && stopped === undefined)
      stopped = `stopped after ${MAX_UNREADABLE_IN_A_ROW} unreadable answers in a row: check the model and the prompt before paying for the rest`;
    options.onAnswer?.(done, failed);
  };
  let next = 0;
  if (items.length > 0) {
    record(0, await ask(items[0]!, options.firstIsProbe));
    next = 1;
  }
  const worker = async () => {
    while (next < items.length && stopped === undefined) {
      const i = next++;
      record(i, await ask(items[i]!, false));
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
  await handedOn;
  const result: EachAnswered<T> = {
    answers: Array.from(answers, (a) => a ?? { problem: `not asked: ${stopped}` }),
  };
  if (stopped !== undefined) result.stopped = stopped;
  return result;
}
