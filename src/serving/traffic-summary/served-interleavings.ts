import {
  type InterleavingsJson,
  interleavingReport,
  interleavingsJson,
} from '../../traffic/interleaving/interleaving-report.js';
import type { ServedTraffic } from './served-traffic.js';
import { logRelativeExamples } from '../../traffic/log-relative-dropped.js';
import type { Traffic } from '../../traffic/types.js';

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
    : served.load().then((traffic) => logInterleavings(traffic, served.dir, name));
  if (key !== undefined) {
    const entry = { key, answer };
    lastAnswer.set(served, entry);
    answer.catch(() => lastAnswer.get(served) === entry && lastAnswer.delete(served));
  }
  return answer;
}

/**
 * The interleavings of a server's log folder `dir` as read (readServedLog), the clicks it could
 * not credit named from the folder as its dropped lines are: the server's layout is not for
 * whoever reads the answer.
 */
export function logInterleavings(traffic: Traffic, dir: string, name?: string): InterleavingsJson {
  const json = interleavingsJson(interleavingReport(traffic, name === undefined ? {} : { name }));
  return { ...json, ignored: logRelativeExamples(json.ignored, dir) };
}
