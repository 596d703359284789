import { readTraffic } from './read-traffic.js';
import { summarizeTraffic, type SummaryOptions, type TrafficSummary } from './traffic-summary.js';
import type { Traffic } from './types.js';

/** The query log a server writes (`testbed serve --log-queries DIR`), as its routes and pages read it. */
export interface ServedTraffic {
  /** The folder the log is written to, as the command line named it. */
  dir: string;
  /** Reads the log as it is now (read-traffic.ts readTraffic([dir]) in the server). */
  load: () => Promise<Traffic>;
}

/**
 * The summary of the log as it stands at this request: read afresh each time, so GET /traffic
 * and the home page show the searches logged up to the moment they were asked, and the two show
 * the same numbers for the same log.
 */
export async function summarizeServedTraffic(
  served: ServedTraffic,
  options: SummaryOptions = {},
): Promise<TrafficSummary> {
  return summarizeTraffic(await served.load(), options);
}

/** What a server logging to `dir` shows of its traffic: the folder as readTraffic reads it. */
export function servedTrafficOf(dir: string): ServedTraffic {
  return { dir, load: () => readTraffic([dir]) };
}
