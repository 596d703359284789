import {
  type InterleavingsJson,
  interleavingReport,
  interleavingsJson,
} from '../../traffic/interleaving/interleaving-report.js';
import type { ServedTraffic } from './served-traffic.js';

/** The last answer per served log, with the stamp and name it was made for (as served-traffic.ts keeps summaries). */
const lastAnswer = new WeakMap<ServedTraffic, { key: string; answer: Promise<InterleavingsJson> }>();

/**
 * What GET /traffic/interleavings answers and the home page draws: the interleavings of the log
 * as it stands at this request, as `testbed interleave --json` prints them for the same folder.
 * A log whose files have not changed since the last answer is not read again; a failed read is
 * not kept.
 */
export async function servedInterleavings(served: ServedTraffic, name?: string): Promise<InterleavingsJson> {
  const key = served.stamp && `${await served.stamp()}\n${name ?? ''}`;
  const last = lastAnswer.get(served);
  if (key !== undefined && last?.key === key) return last.answer;
  const answer = served.interleavings
    ? served.interleavings(name)
    : served
        .load()
        .then((traffic) => interleavingsJson(interleavingReport(traffic, name === undefined ? {} : { name })));
  if (key !== undefined) {
    const entry = { key, answer };
    lastAnswer.set(served, entry);
    answer.catch(() => lastAnswer.get(served) === entry && lastAnswer.delete(served));
  }
  return answer;
}
